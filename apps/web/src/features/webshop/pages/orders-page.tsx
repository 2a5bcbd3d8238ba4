import { useTranslation } from 'react-i18next';
import { LoadErrorPage } from '../../../components/load-error.tsx';
import { paths } from '../../../config/paths.ts';
import { LinkButton } from '../../../ui/button.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import { useOrders } from '../api/get-orders.ts';
import { usePricingTable } from '../api/get-pricing-table.ts';
import { AddSubscriptionBikes } from '../components/add-subscription-bikes.tsx';
import { OrderCard } from '../components/order-card.tsx';
import { SubscriptionControls, subscriptionHeadingKey } from '../components/subscription-controls.tsx';
import styles from '../webshop.module.css';

/**
 * /app/orders — the person's subscription, cancelled, resumed or its card changed here as on a
 * bike's page (issue 27: no bike is needed to cancel), then their orders, newest first: state
 * (paid, packed, shipped, refunded …), the receipt number, what was bought; plates with their
 * delivery time.
 */
export function Component() {
  const { t } = useTranslation(['webshop', 'common']);
  const orders = useOrders();
  const table = usePricingTable();
  if (orders.isError && !orders.data)
    return (
      <LoadErrorPage
        title={t('orders.title')}
        alertTitle={t('orders.loadFailed')}
        error={orders.error}
        retry={() => void orders.refetch()}
      />
    );
  if (!orders.data) return <LoadingState />;
  return (
    <PageLayout title={t('orders.title')} lead={t('orders.lead')} width="reading">
      {table.data?.current_plan ? (
        <section className={styles.panel} aria-labelledby="subscription-heading">
          <h2 id="subscription-heading" className={styles.sectionHeading}>
            {t(subscriptionHeadingKey(table.data))}
          </h2>
          <SubscriptionControls table={table.data} />
        </section>
      ) : null}
      {table.data ? <AddSubscriptionBikes table={table.data} /> : null}
      {orders.data.length === 0 ? (
        <div className={styles.panel}>
          <p>{t('orders.none')}</p>
        </div>
      ) : (
        <ul className={styles.orders}>
          {orders.data.map((order) => (
            <OrderCard key={order.id} order={order} />
          ))}
        </ul>
      )}
      <div className={styles.actions}>
        <LinkButton variant="secondary" href={paths.public.webshop.getHref()}>
          {t('orders.toShop')}
        </LinkButton>
      </div>
    </PageLayout>
  );
}
