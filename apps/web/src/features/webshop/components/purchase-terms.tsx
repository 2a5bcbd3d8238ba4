import type { Product } from '@nbr/domain/webshop';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { Checkbox } from '../../../ui/checkbox.tsx';
import styles from '../webshop.module.css';

/**
 * A subscription stated clearly and highlighted right before the order (payments.md §4.4): what it
 * costs each period, that it renews by itself, and that it is cancelled on the web at any time, to
 * the end of the paid period.
 */
export function SubscriptionTerms({ plan, quantity = 1 }: { plan: Product; quantity?: number }) {
  const { t, i18n } = useTranslation('webshop');
  const months = plan.period_months ?? 12;
  const amount = formatMoney(plan.price.amount_minor * quantity, plan.price.currency, i18n.language);
  const renewal = new Date();
  renewal.setMonth(renewal.getMonth() + months);
  return (
    <section className={styles.terms} aria-labelledby="subscription-terms" data-testid="subscription-terms">
      <h3 id="subscription-terms" className={styles.termsHeading}>
        {t('terms.subscriptionTitle')}
      </h3>
      <p>
        {months === 12
          ? t('terms.subscriptionPriceYearly', { amount })
          : t('terms.subscriptionPrice', { amount, count: months })}
      </p>
      <p>{t('terms.subscriptionRenewal', { date: formatDate(renewal, i18n.language) })}</p>
      <p>{t('terms.subscriptionCancel')}</p>
    </section>
  );
}

/**
 * The 14-day right of withdrawal, stated at every checkout (payments.md §4.3), and that no fee is
 * added for the way of paying (`surchargeNote`: a page paid otherwise than by card says its own).
 */
export function WithdrawalNotice({
  goods = false,
  surchargeNote,
}: {
  goods?: boolean;
  surchargeNote?: string;
}) {
  const { t } = useTranslation('webshop');
  return (
    <section className={styles.terms} aria-labelledby="withdrawal-terms">
      <h3 id="withdrawal-terms" className={styles.termsHeading}>
        {t('terms.withdrawalTitle')}
      </h3>
      <p>{t('terms.withdrawal')}</p>
      {goods ? <p>{t('terms.withdrawalGoods')}</p> : null}
      <p>{surchargeNote ?? t('terms.noSurcharge')}</p>
    </section>
  );
}

/**
 * The explicit request to start a registration at once, which ends the right of withdrawal once it is
 * delivered (payments.md §4.3). Never ticked in advance; the order waits for it.
 */
export function ImmediateStartConsent({
  isSelected,
  onChange,
  error,
}: {
  isSelected: boolean;
  onChange: (value: boolean) => void;
  error: string | null;
}) {
  const { t } = useTranslation('webshop');
  return (
    <Checkbox id="immediate-start-consent" isSelected={isSelected} onChange={onChange} error={error}>
      {t('terms.consent')}
    </Checkbox>
  );
}

/** The consent box's state: ticked or not, and the "must accept" shown after an order without it. */
export function useImmediateStartConsent() {
  const [isSelected, setSelected] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return {
    isSelected,
    /** Shows that the box is missing. */
    demand: () => setError('must_accept'),
    props: {
      isSelected,
      error,
      onChange: (value: boolean) => {
        setSelected(value);
        if (value) setError(null);
      },
    },
  };
}
