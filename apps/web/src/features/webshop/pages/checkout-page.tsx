import { PLAN_KINDS } from '@nbr/domain/credits';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { LoadErrorPage } from '../../../components/load-error.tsx';
import { paths } from '../../../config/paths.ts';
import { plateFromSearch } from '../../../lib/plate-param.ts';
import { Alert } from '../../../ui/alert.tsx';
import { LinkButton } from '../../../ui/button.tsx';
import { Link } from '../../../ui/link.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import { useProducts } from '../api/get-products.ts';
import { CardCheckout } from '../components/card-checkout.tsx';
import { SubscriptionCheckout } from '../components/subscription-checkout.tsx';
import { priceBasket, useBasket } from '../lib/basket.ts';
import styles from '../webshop.module.css';

/** The order families a checkout serves: the basket of one-time goods, and one plan. */
export const ORDER_FAMILIES = ['shop', 'subscription'] as const;

/**
 * /checkout/{orderFamily} (signed in; a visitor signs in first and comes back): `shop` checks out the
 * basket, `subscription?plan=SINGLE` one plan of the person's region. Products and prices come from
 * the catalogue of the person's region, which is also the one the API prices the order in.
 */
export function Component() {
  const { t } = useTranslation(['webshop', 'common']);
  const { orderFamily = '' } = useParams();
  const [search] = useSearchParams();
  const products = useProducts(undefined);
  const basket = useBasket();

  const isSubscription = orderFamily === 'subscription';
  const title = isSubscription ? t('checkout.subscriptionTitle') : t('checkout.title');
  if (!ORDER_FAMILIES.includes(orderFamily as 'shop')) {
    return (
      <PageLayout title={t('checkout.title')} width="form">
        <Alert tone="warning" title={t('checkout.unknownFamily')}>
          <p>
            <Link href={paths.public.webshop.getHref()}>{t('checkout.backToShop')}</Link>
          </p>
        </Alert>
      </PageLayout>
    );
  }
  if (products.isError && !products.data)
    return (
      <LoadErrorPage
        title={title}
        alertTitle={t('catalogue.loadFailed')}
        error={products.error}
        retry={() => void products.refetch()}
      />
    );
  if (!products.data) return <LoadingState />;

  if (isSubscription) {
    const planKind = search.get('plan');
    const plan = products.data.find(
      (product) =>
        product.kind === 'subscription' &&
        PLAN_KINDS.includes(planKind as 'SINGLE') &&
        product.plan === planKind,
    );
    return (
      <PageLayout title={title} width="form">
        {plan ? (
          <SubscriptionCheckout plan={plan} plate={plateFromSearch(search)} />
        ) : (
          <Alert tone="warning" title={t('checkout.noPlan')}>
            <p>
              <Link href={paths.app.bikesRegisterPurchase.getHref()}>{t('checkout.choosePlan')}</Link>
            </p>
          </Alert>
        )}
      </PageLayout>
    );
  }

  const priced = priceBasket(basket.items, products.data);
  const region = products.data[0]?.region ?? 'dk';
  return (
    <PageLayout title={title} width="form">
      {priced.dropped > 0 ? (
        <Alert tone="info" announce="none">
          <p>{t('basket.dropped', { count: priced.dropped })}</p>
        </Alert>
      ) : null}
      {priced.lines.length === 0 ? (
        <div className={styles.panel}>
          <p>{t('basket.empty')}</p>
          <LinkButton href={paths.public.webshop.getHref()}>{t('checkout.backToShop')}</LinkButton>
        </div>
      ) : (
        <CardCheckout
          lines={priced.lines}
          region={region}
          onQuantity={(productId, quantity) => basket.set(productId, quantity)}
        />
      )}
      <p>
        <Link href={paths.public.webshop.getHref()}>{t('checkout.backToShop')}</Link>
      </p>
    </PageLayout>
  );
}
