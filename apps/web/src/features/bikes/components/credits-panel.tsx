import type { CreditOverview } from '@nbr/domain/credits';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths.ts';
import { formatDate } from '../../../lib/format.ts';
import { Alert } from '../../../ui/alert.tsx';
import { LinkButton } from '../../../ui/button.tsx';
import styles from '../bikes.module.css';

/** How many registrations are left, and until when the subscription runs. */
export function CreditsSummary({ overview }: { overview: CreditOverview }) {
  const { t, i18n } = useTranslation('bikes');
  return (
    <p className={styles.credits} data-testid="credits-summary">
      {t('credits.free', { count: overview.credits_free })}
      {overview.current_period_end ? (
        <span className={styles.creditsUntil}>
          {t('credits.activeUntil', { date: formatDate(overview.current_period_end, i18n.language) })}
        </span>
      ) : null}
    </p>
  );
}

/**
 * Why no bike can be added now (SPEC §8 'no subscription linked to the account', or every
 * registration used), with the way on: buying a subscription or a registration, or redeeming a code.
 */
export function NoCreditState({
  overview,
  actions = true,
  plate,
}: {
  overview: CreditOverview;
  actions?: boolean;
  /** A scanned sticker the purchase keeps for the first bike (already_activated_plate_id). */
  plate?: string | null;
}) {
  const { t } = useTranslation(['bikes', 'common']);
  const noSubscription = !overview.subscription_active;
  return (
    // Not a warning: having no subscription (or no registration left) is where every new person
    // starts, and the way on is right here.
    <Alert
      tone="info"
      title={noSubscription ? t('common:errors.no_subscription') : t('credits.noneLeftTitle')}
      announce="none"
    >
      <p>{noSubscription ? t('credits.noSubscriptionBody') : t('credits.noneLeftBody')}</p>
      <p className={styles.muted}>{t('credits.pollNote')}</p>
      {actions ? (
        <div className={styles.actions}>
          <LinkButton href={paths.app.bikesRegisterPurchase.getHref(plate ? { plate } : undefined)}>
            {t('credits.buy')}
          </LinkButton>
          <LinkButton
            variant="secondary"
            href={paths.app.bikesRegisterRedeem.getHref(plate ? { plate } : undefined)}
          >
            {t('credits.redeem')}
          </LinkButton>
        </div>
      ) : null}
    </Alert>
  );
}
