import { proratedCreditPrice } from '@nbr/domain/webshop';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/api-errors.ts';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { ErrorSummary } from '../../../ui/form.tsx';
import { Select } from '../../../ui/select.tsx';
import { useAddSubscriptionBikes } from '../api/add-subscription-bikes.ts';
import type { PricingTable } from '../api/get-pricing-table.ts';
import { MAX_QUANTITY } from '../lib/basket.ts';
import { goToPaymentWindow } from '../lib/redirect-to-payment.ts';
import styles from '../webshop.module.css';

const QUANTITIES = Array.from({ length: MAX_QUANTITY }, (_, index) => String(index + 1)).map((value) => ({
  value,
  label: value,
}));

/** Whether bikes can be added to the person's subscription: one that runs and renews, not cancelled. */
export function canAddSubscriptionBikes(table: PricingTable): boolean {
  return (
    table.current_plan !== null && table.subscription_active && table.renews && !table.cancel_at_period_end
  );
}

/**
 * More bikes in the running subscription (POST /webshop/subscriptions/bikes): they share its period.
 * SINGLE and FAMILY pay the plan's price per bike for what is left of the period, the same
 * proratedCreditPrice the API charges, in the card window; ORGANISATION is billed to the stored
 * card and the bikes are there at once.
 */
export function AddSubscriptionBikes({ table, now = new Date() }: { table: PricingTable; now?: Date }) {
  const { t, i18n } = useTranslation(['webshop', 'common']);
  const add = useAddSubscriptionBikes();
  const [quantity, setQuantity] = useState(1);
  const [failure, setFailure] = useState<string | null>(null);
  const [added, setAdded] = useState<number | null>(null);
  if (!canAddSubscriptionBikes(table)) return null;
  const plan = table.plans.find((product) => product.plan === table.current_plan);
  const periodEnd = table.current_period_end;
  const isOrganisation = table.current_plan === 'ORGANISATION';
  const unitMinor =
    !isOrganisation && plan?.period_months && periodEnd
      ? proratedCreditPrice(
          { priceMinor: plan.price.amount_minor, credits: plan.credits, periodMonths: plan.period_months },
          new Date(periodEnd),
          now,
        )
      : null;
  const money = (minor: number) => formatMoney(minor, table.currency, i18n.language);

  const submit = async () => {
    setFailure(null);
    setAdded(null);
    try {
      const started = await add.mutateAsync(quantity);
      if (started.payment_url) goToPaymentWindow(started.payment_url);
      else setAdded(started.credits_added);
    } catch (error) {
      setFailure(errorMessage(error, t));
    }
  };

  return (
    <section
      className={styles.panel}
      aria-labelledby="add-bikes-heading"
      data-testid="add-subscription-bikes"
    >
      <h2 id="add-bikes-heading" className={styles.sectionHeading}>
        {t('addBikes.title')}
      </h2>
      <p>{t('addBikes.text')}</p>
      {unitMinor !== null && periodEnd ? (
        <p>{t('addBikes.price', { price: money(unitMinor), date: formatDate(periodEnd, i18n.language) })}</p>
      ) : isOrganisation ? (
        <p>{t('addBikes.organisationPrice')}</p>
      ) : null}
      <Select
        label={t('addBikes.quantity')}
        options={QUANTITIES}
        value={String(quantity)}
        onChange={(value) => setQuantity(Number(value))}
      />
      {unitMinor !== null ? (
        <p className={styles.total}>{t('addBikes.total', { amount: money(unitMinor * quantity) })}</p>
      ) : null}
      {added !== null ? (
        <Alert tone="success">
          <p>{t('addBikes.added', { count: added })}</p>
        </Alert>
      ) : null}
      <ErrorSummary message={failure} title={t('checkout.failedTitle')} />
      <div className={styles.actions}>
        <Button onPress={() => void submit()} isPending={add.isPending}>
          {t('addBikes.submit', { count: quantity })}
        </Button>
      </div>
    </section>
  );
}
