import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { LoadErrorPage } from '../../../components/load-error.tsx';
import { paths } from '../../../config/paths.ts';
import { LinkButton } from '../../../ui/button.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import { usePricingTable } from '../api/get-pricing-table.ts';
import { AddSubscriptionBikes } from '../components/add-subscription-bikes.tsx';
import { SubscriptionControls, subscriptionHeadingKey } from '../components/subscription-controls.tsx';
import { useBikeCredit } from '../hooks/use-bike-credit.ts';
import styles from '../webshop.module.css';

/**
 * /app/my-bikes/{bikeId}/subscription-status — whether the bike is registered, the subscription
 * behind it (plan, active, paid until, cancelled), and cancelling, resuming and changing the card,
 * each one press away (payments.md §4.4: cancelling as easy as signing up) for a subscription that
 * renews; a one-time registration is said to be one, with nothing to cancel. A subscription that
 * renews takes more bikes here too (issue 30 §3).
 */
export function Component() {
  const { t } = useTranslation(['webshop', 'common']);
  const { bikeId = '' } = useParams();
  const state = useBikeCredit(bikeId);
  const table = usePricingTable();
  const title = t('status.title');
  if (state.error || (table.isError && !table.data))
    return (
      <LoadErrorPage
        title={title}
        alertTitle={t('bikePurchase.loadFailed')}
        error={state.error ?? table.error}
        retry={() => {
          state.retry();
          void table.refetch();
        }}
      />
    );
  if (state.isLoading || !table.data || !state.bike.data) return <LoadingState />;
  const bike = state.bike.data;
  return (
    <PageLayout title={title} lead={t('status.lead', { name: bike.nickname })} width="form">
      <div className={styles.panel}>
        <h2 className={styles.sectionHeading}>{t('status.bikeHeading')}</h2>
        <p data-testid="bike-registration-state">
          {state.creditOnBike ? t('status.bikeRegistered') : t('status.bikeNotRegistered')}
        </p>
        {!state.creditOnBike ? (
          <LinkButton href={paths.app.bikeRegistrationPurchase.getHref({ bikeId })}>
            {t('status.getRegistration')}
          </LinkButton>
        ) : null}
      </div>
      <div className={styles.panel}>
        <h2 className={styles.sectionHeading}>{t(subscriptionHeadingKey(table.data))}</h2>
        <SubscriptionControls table={table.data} />
      </div>
      <AddSubscriptionBikes table={table.data} />
    </PageLayout>
  );
}
