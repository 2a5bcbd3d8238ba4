import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { LoadErrorPage } from '../../../components/load-error.tsx';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { formatDate } from '../../../lib/format.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button, LinkButton } from '../../../ui/button.tsx';
import { ConfirmDialog } from '../../../ui/dialog.tsx';
import { ErrorSummary } from '../../../ui/form.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import { useCreateCustomerSession } from '../api/create-customer-session.ts';
import { usePricingTable } from '../api/get-pricing-table.ts';
import { useBikeCredit } from '../hooks/use-bike-credit.ts';
import { goToPaymentWindow } from '../lib/redirect-to-payment.ts';
import styles from '../webshop.module.css';

/**
 * /app/my-bikes/{bikeId}/subscription-status — whether the bike is registered, the subscription
 * behind it (plan, active, paid until, cancelled), and cancelling, resuming and changing the card,
 * each one press away (payments.md §4.4: cancelling as easy as signing up) for a subscription that
 * renews; a one-time registration is said to be one, with nothing to cancel.
 */
export function Component() {
  const { t, i18n } = useTranslation(['webshop', 'common']);
  const { bikeId = '' } = useParams();
  const state = useBikeCredit(bikeId);
  const table = usePricingTable();
  const session = useCreateCustomerSession();
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
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
  const plan = table.data.current_plan;
  const periodEnd = table.data.current_period_end;
  const date = periodEnd ? formatDate(periodEnd, i18n.language) : null;
  // Cancel, resume and change card exist only for a subscription at the provider; a one-time
  // registration does not renew, so there is nothing to cancel.
  const renews = table.data.renews;

  const changeCard = async () => {
    setFailure(null);
    try {
      const answer = await session.mutateAsync('change_card');
      if (answer.url) goToPaymentWindow(answer.url);
      else setFailure(t('status.noCardPage'));
    } catch (error) {
      setFailure(errorMessage(error, t));
    }
  };

  const resume = async () => {
    setFailure(null);
    try {
      await session.mutateAsync('resume');
      setNotice(t('status.resumed'));
    } catch (error) {
      setFailure(errorMessage(error, t));
    }
  };

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
        <h2 className={styles.sectionHeading}>{t('status.subscriptionHeading')}</h2>
        {plan ? (
          <>
            <p>{t(`purchase.currentPlan.${plan}`)}</p>
            <p data-testid="subscription-state">
              {!table.data.subscription_active
                ? t('status.inactive')
                : !renews
                  ? date
                    ? t('status.oneTimeUntil', { date })
                    : t('status.oneTime')
                  : table.data.cancel_at_period_end && date
                    ? t('status.endsOn', { date })
                    : date
                      ? t('status.renewsOn', { date })
                      : t('status.active')}
            </p>
            {notice ? (
              <Alert tone="success">
                <p>{notice}</p>
              </Alert>
            ) : null}
            <ErrorSummary message={failure} />
            {!table.data.subscription_active ? (
              <LinkButton href={paths.app.bikesRegisterPurchase.getHref()}>
                {t('status.subscribeAgain')}
              </LinkButton>
            ) : renews ? (
              <div className={styles.actions}>
                {table.data.cancel_at_period_end ? (
                  <Button onPress={() => void resume()} isPending={session.isPending}>
                    {t('status.resume')}
                  </Button>
                ) : (
                  <Button variant="danger" onPress={() => setConfirmCancel(true)}>
                    {t('status.cancel')}
                  </Button>
                )}
                <Button variant="secondary" onPress={() => void changeCard()} isPending={session.isPending}>
                  {t('status.changeCard')}
                </Button>
              </div>
            ) : null}
            <ConfirmDialog
              isOpen={confirmCancel}
              onOpenChange={setConfirmCancel}
              title={t('status.cancelTitle')}
              confirmLabel={t('status.cancelConfirm')}
              cancelLabel={t('status.keep')}
              variant="danger"
              onConfirm={async () => {
                await session.mutateAsync('cancel');
                setNotice(date ? t('status.cancelled', { date }) : t('status.cancelledNoDate'));
              }}
              describeError={(error) => errorMessage(error, t)}
            >
              <p>{date ? t('status.cancelText', { date }) : t('status.cancelTextNoDate')}</p>
              <p>{t('status.bikesKept')}</p>
            </ConfirmDialog>
          </>
        ) : (
          <>
            <p>{t('status.none')}</p>
            <LinkButton href={paths.app.bikesRegisterPurchase.getHref()}>{t('purchase.title')}</LinkButton>
          </>
        )}
      </div>
    </PageLayout>
  );
}
