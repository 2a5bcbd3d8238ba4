import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { LinkButton } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import { useCreditOverview } from '../api/credits.ts';
import styles from '../bikes.module.css';
import { NoCreditState } from '../components/credits-panel.tsx';
import { LoadErrorPage } from '../components/load-error.tsx';

/**
 * /app/bikes/register — the way into registering: with a free registration straight to the form,
 * otherwise the choice of buying one or redeeming a code (checked again every 30 s, so a purchase
 * confirmed meanwhile opens the form).
 */
export function Component() {
  const { t } = useTranslation(['bikes', 'common']);
  const location = useLocation();
  const overview = useCreditOverview();
  if (overview.isError && !overview.data)
    return (
      <LoadErrorPage title={t('entry.title')} error={overview.error} retry={() => void overview.refetch()} />
    );
  if (!overview.data) return <LoadingState />;
  if (overview.data.can_add_bike)
    return <Navigate to={`${paths.app.registerBike.getHref()}${location.search}`} replace />;

  return (
    <PageLayout title={t('entry.title')} lead={t('entry.lead')} width="form">
      <NoCreditState overview={overview.data} actions={false} />
      <div className={styles.choiceGrid}>
        <Card title={t('entry.buyTitle')} headingLevel={2} id="buy">
          <p>{t('entry.buyBody')}</p>
          <LinkButton href={paths.app.bikesRegisterPurchase.getHref()}>{t('credits.buy')}</LinkButton>
        </Card>
        <Card title={t('entry.redeemTitle')} headingLevel={2} id="redeem">
          <p>{t('entry.redeemBody')}</p>
          <LinkButton href={paths.app.bikesRegisterRedeem.getHref()} variant="secondary">
            {t('credits.redeem')}
          </LinkButton>
        </Card>
      </div>
    </PageLayout>
  );
}
