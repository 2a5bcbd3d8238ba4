import type { Product } from '@nbr/domain/webshop';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths.ts';
import { formatMoney } from '../../../lib/format.ts';
import { LinkButton } from '../../../ui/button.tsx';
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

/** The plans of a region, each leading to its checkout (the webshop and the registration purchase page). */
export function PlansSection({
  plans,
  lead,
  plate,
}: {
  plans: readonly Product[];
  lead?: string;
  /** A scanned sticker the subscription keeps for the first bike (already_activated_plate_id). */
  plate?: string | null;
}) {
  const { t } = useTranslation('webshop');
  return (
    <section className={styles.section} aria-labelledby="plans-heading">
      <h2 id="plans-heading" className={styles.sectionHeading}>
        {t('catalogue.plans')}
      </h2>
      {lead ? <p className={styles.muted}>{lead}</p> : null}
      <div className={styles.grid}>
        {plans.map((plan) => (
          <PlanCard
            key={plan.id}
            plan={plan}
            action={
              <LinkButton
                href={paths.public.checkout.getHref(
                  { orderFamily: 'subscription' },
                  { plan: plan.plan, plate },
                )}
                aria-label={t('catalogue.choosePlanNamed', { name: plan.name })}
              >
                {t('catalogue.choosePlan')}
              </LinkButton>
            }
          />
        ))}
      </div>
    </section>
  );
}
