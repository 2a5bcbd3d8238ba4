import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { formatDate } from '../../../lib/format.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button, LinkButton } from '../../../ui/button.tsx';
import { ConfirmDialog } from '../../../ui/dialog.tsx';
import { ErrorSummary } from '../../../ui/form.tsx';
import { useCreateCustomerSession } from '../api/create-customer-session.ts';
import type { PricingTable } from '../api/get-pricing-table.ts';
import { goToPaymentWindow } from '../lib/redirect-to-payment.ts';
import styles from '../webshop.module.css';

/**
 * The person's subscription (plan, active, paid until, cancelled) with cancelling, resuming and
 * changing the card, each one press away (payments.md §4.4: cancelling as easy as signing up) for a
 * subscription that renews; a one-time registration is said to be one, with nothing to cancel.
 * Needs no bike: shown on a bike's subscription page and on the orders page (issue 27: someone who
 * gave away her only bike must still be able to cancel).
 */
/**
 * The heading over the controls: a one-time registration is not called a subscription (issue 27:
 * "Abonnement" for a one-time purchase).
 */
export function subscriptionHeadingKey(
  table: PricingTable,
): 'status.registrationHeading' | 'status.subscriptionHeading' {
  return table.current_plan && table.subscription_active && !table.renews
    ? 'status.registrationHeading'
    : 'status.subscriptionHeading';
}

export function SubscriptionControls({ table }: { table: PricingTable }) {
  const { t, i18n } = useTranslation(['webshop', 'common']);
  const session = useCreateCustomerSession();
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const plan = table.current_plan;
  const periodEnd = table.current_period_end;
  const date = periodEnd ? formatDate(periodEnd, i18n.language) : null;
  // Cancel, resume and change card exist only for a subscription at the provider; a one-time
  // registration does not renew, so there is nothing to cancel.
  const renews = table.renews;

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

  if (!plan)
    return (
      <>
        <p>{t('status.none')}</p>
        <LinkButton href={paths.app.bikesRegisterPurchase.getHref()}>{t('purchase.title')}</LinkButton>
      </>
    );
  return (
    <>
      <p>
        {t(
          table.subscription_active && !renews
            ? `purchase.currentRegistration.${plan}`
            : `purchase.currentPlan.${plan}`,
        )}
      </p>
      <p data-testid="subscription-state">
        {!table.subscription_active
          ? t('status.inactive')
          : !renews
            ? date
              ? t('status.oneTimeUntil', { date })
              : t('status.oneTime')
            : table.cancel_at_period_end && date
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
      {!table.subscription_active ? (
        <LinkButton href={paths.app.bikesRegisterPurchase.getHref()}>{t('status.subscribeAgain')}</LinkButton>
      ) : renews ? (
        <div className={styles.actions}>
          {table.cancel_at_period_end ? (
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
  );
}
