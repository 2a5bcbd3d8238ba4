import type { Product } from '@nbr/domain/webshop';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/format.ts';
import styles from '../webshop.module.css';

/**
 * A subscription plan as the catalogue offers it: the price per period incl. VAT, what it gives,
 * that it renews, and how it is cancelled (payments.md §4.4: as easily as signing up).
 */
export function PlanCard({ plan, action }: { plan: Product; action: ReactNode }) {
  const { t, i18n } = useTranslation('webshop');
  const months = plan.period_months ?? 12;
  return (
    <article
      className={styles.product}
      id={`product-${plan.handle}`}
      aria-labelledby={`product-${plan.handle}-name`}
    >
      <h3 id={`product-${plan.handle}-name`} className={styles.productName}>
        {plan.name}
      </h3>
      <p className={styles.price}>
        {formatMoney(plan.price.amount_minor, plan.price.currency, i18n.language)}
        <span className={styles.priceNote}>
          {' '}
          {months === 12 ? t('plan.perYear') : t('plan.perPeriod', { count: months })}
        </span>
      </p>
      <p className={styles.priceNote}>{t('price.inclVat')}</p>
      <p>{plan.description}</p>
      <ul className={styles.facts}>
        <li>
          {plan.plan === 'ORGANISATION'
            ? t('plan.creditsPerUnit')
            : t('plan.credits', { count: plan.credits })}
        </li>
        <li>
          {!plan.renews
            ? t('plan.noRenewal')
            : months === 12
              ? t('plan.renewsYearly')
              : t('plan.renews', { count: months })}
        </li>
        <li>{t('plan.cancel')}</li>
      </ul>
      <div className={styles.productActions}>{action}</div>
    </article>
  );
}
