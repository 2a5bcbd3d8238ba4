import type { Product } from '@nbr/domain/webshop';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { formatMoney } from '../../../lib/format.ts';
import { Button } from '../../../ui/button.tsx';
import { ErrorSummary } from '../../../ui/form.tsx';
import { useCreateSubscriptionSession } from '../api/create-subscription-session.ts';
import { vatOfLines } from '../lib/basket.ts';
import { goToPaymentWindow } from '../lib/redirect-to-payment.ts';
import styles from '../webshop.module.css';
import { OrderLines } from './order-lines.tsx';
import {
  ImmediateStartConsent,
  SubscriptionTerms,
  useImmediateStartConsent,
  WithdrawalNotice,
} from './purchase-terms.tsx';
import { QuantityStepper } from './quantity-stepper.tsx';

/** Bikes an organisation can buy at once on the web; more through support. */
const MAX_ORGANISATION_BIKES = 100;

/**
 * The summary before a subscription: the plan and its price, the subscription terms highlighted
 * immediately before the order (payments.md §4.4), the right of withdrawal and the unticked request
 * to start at once (§4.3); then the provider's subscription window.
 */
export function SubscriptionCheckout({
  plan,
  plate,
}: {
  plan: Product;
  /** A scanned sticker the subscription keeps for the first bike (already_activated_plate_id). */
  plate?: string | null;
}) {
  const { t, i18n } = useTranslation(['webshop', 'common']);
  const createSession = useCreateSubscriptionSession();
  const [quantity, setQuantity] = useState(1);
  const consent = useImmediateStartConsent();
  const [failure, setFailure] = useState<string | null>(null);
  const perBike = plan.plan === 'ORGANISATION';
  const count = perBike ? quantity : 1;
  const totalMinor = plan.price.amount_minor * count;

  const pay = async () => {
    setFailure(null);
    if (!consent.isSelected) {
      consent.demand();
      return;
    }
    if (!plan.plan) return;
    try {
      const started = await createSession.mutateAsync({
        plan: plan.plan,
        ...(perBike ? { quantity } : {}),
        immediate_start_consent: consent.isSelected,
        ...(plate ? { already_activated_plate_id: plate } : {}),
      });
      goToPaymentWindow(started.payment_url);
    } catch (error) {
      // A sticker that cannot go on a bike is named, as on the registration form.
      const issue = isApiError(error) && error.status === 422 ? error.issues[0]?.type : undefined;
      setFailure(
        issue?.startsWith('plate_id_')
          ? t(`common:validation.${issue}`, { plate_id: plate })
          : errorMessage(error, t),
      );
    }
  };

  return (
    <section className={styles.panel} aria-labelledby="summary-heading">
      <h2 id="summary-heading">{t('checkout.summaryTitle')}</h2>
      {perBike ? (
        <QuantityStepper
          name={plan.name}
          quantity={quantity}
          max={MAX_ORGANISATION_BIKES}
          onChange={(next) => setQuantity(Math.max(1, next))}
        />
      ) : null}
      <OrderLines
        lines={[{ key: plan.id, name: plan.name, quantity: count, totalMinor }]}
        totalMinor={totalMinor}
        vatMinor={vatOfLines([{ product: plan, quantity: count }])}
        currency={plan.price.currency}
      />
      {plate ? <p>{t('checkout.waitingPlate', { plate })}</p> : null}
      <SubscriptionTerms plan={plan} quantity={count} />
      <WithdrawalNotice />
      <ImmediateStartConsent {...consent.props} />
      <ErrorSummary message={failure} title={t('checkout.failedTitle')} />
      <div className={styles.actions}>
        <Button onPress={() => void pay()} isPending={createSession.isPending}>
          {t('checkout.subscribe', { amount: formatMoney(totalMinor, plan.price.currency, i18n.language) })}
        </Button>
      </div>
      <p className={styles.muted}>{t('checkout.paymentNote')}</p>
    </section>
  );
}
