import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { LoadError } from '../../../components/load-error.tsx';
import { paths } from '../../../config/paths.ts';
import { peekFlowReturn, takeFlowReturn } from '../../../lib/flow-return.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button, LinkButton } from '../../../ui/button.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { useOrder } from '../api/get-order.ts';
import { OrderSummary } from '../components/order-summary.tsx';
import { clearBasket } from '../lib/basket.ts';
import { boughtRegistration, hasGoods, registeredBikeIds, returnView } from '../lib/order-state.ts';
import styles from '../webshop.module.css';

/**
 * /purchase-complete-redirect and /purchase-subscription-redirect — where the provider sends the
 * browser back. Its query parameters are never trusted: only `order_id` is read, to ask the API
 * about that order of the signed-in person, and the page waits (SPEC §4: "waiting for confirmation",
 * with a reload option) until the provider's word has made it paid. Then it says what was bought
 * and the way on.
 */
export function Component() {
  const { t } = useTranslation(['webshop', 'common']);
  const [search] = useSearchParams();
  const { pathname } = useLocation();
  const orderId = search.get('order_id') ?? '';
  const order = useOrder(orderId);
  const isSubscription = pathname === paths.purchase.subscriptionRedirect.path;
  const view = order.data ? returnView(order.data.status) : 'waiting';

  useEffect(() => {
    if (view === 'confirmed' && order.data && !isSubscription) clearBasket();
  }, [view, order.data, isSubscription]);

  if (!orderId) {
    return (
      <PageLayout title={t('return.title')} width="form">
        <Alert tone="warning" title={t('return.noOrder')}>
          <p>{t('return.noOrderText')}</p>
        </Alert>
        <LinkButton href={paths.app.orders.getHref()}>{t('orders.link')}</LinkButton>
      </PageLayout>
    );
  }
  if (order.isError && !order.data) {
    return (
      <PageLayout title={t('return.title')} width="form">
        <LoadError title={t('return.loadFailed')} error={order.error} retry={() => void order.refetch()} />
      </PageLayout>
    );
  }

  if (!order.data || view === 'waiting') {
    return (
      <PageLayout title={t('return.waitingTitle')} lead={t('return.waitingLead')} width="form">
        <div className={styles.panel}>
          <div className={styles.waiting} role="status">
            <Spinner />
            <p>{t('return.waiting')}</p>
          </div>
          {order.data?.status === 'failed' ? <p>{t('return.failedMayRetry')}</p> : null}
          <div className={styles.actions}>
            <Button variant="secondary" onPress={() => void order.refetch()} isPending={order.isFetching}>
              {t('return.reload')}
            </Button>
          </div>
          <p className={styles.muted}>{t('return.waitingNote')}</p>
        </div>
      </PageLayout>
    );
  }

  if (view === 'not-paid' || view === 'refunded') {
    return (
      <PageLayout title={t('return.notPaidTitle')} width="form">
        <Alert tone="warning" title={view === 'refunded' ? t('return.refunded') : t('return.notPaid')}>
          <p>{t('failed.nothingCharged')}</p>
        </Alert>
        <div className={styles.stackedActions}>
          <LinkButton href={paths.public.webshop.getHref()}>{t('failed.tryAgain')}</LinkButton>
        </div>
      </PageLayout>
    );
  }

  const paid = order.data;
  // A campaign's step sent the person to buy (issue 29 §2): the way back to it comes first.
  const flowStep = peekFlowReturn('start_purchase');
  const bikes = registeredBikeIds(paid);
  const registration = boughtRegistration(paid);
  return (
    <PageLayout title={t('return.confirmedTitle')} lead={t('return.confirmedLead')} width="form">
      <Alert tone="success" title={t('return.confirmed')}>
        {paid.receipt_number ? <p>{t('return.receipt', { number: paid.receipt_number })}</p> : null}
        {registration && bikes.length === 0 ? <p>{t('return.creditReady')}</p> : null}
        {bikes.length > 0 ? <p>{t('return.bikeRegistered')}</p> : null}
        {hasGoods(paid) ? (
          <p>{t('return.goodsOnTheWay', paid.delivery_business_days ?? { min: 7, max: 10 })}</p>
        ) : null}
      </Alert>
      <div className={styles.panel}>
        <h2>{t('return.whatYouBought')}</h2>
        <OrderSummary order={paid} />
      </div>
      <div className={styles.stackedActions}>
        {flowStep ? (
          <LinkButton href={flowStep} onPress={() => takeFlowReturn('start_purchase')}>
            {t('return.continueFlow')}
          </LinkButton>
        ) : null}
        {registration && bikes.length === 0 ? (
          <LinkButton href={paths.app.bikesRegister.getHref()}>{t('return.registerBike')}</LinkButton>
        ) : null}
        {bikes[0] ? (
          <LinkButton href={paths.app.bike.getHref({ bikeId: bikes[0] })}>{t('return.toBike')}</LinkButton>
        ) : null}
        <LinkButton variant="secondary" href={paths.app.orders.getHref()}>
          {t('orders.link')}
        </LinkButton>
      </div>
    </PageLayout>
  );
}
