import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { LoadErrorPage } from '../../../components/load-error.tsx';
import { paths } from '../../../config/paths.ts';
import { useCreditOverview } from '../../../lib/api/webshop/get-credit-overview.ts';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import { NoCreditState } from '../components/credits-panel.tsx';

/**
 * /app/bikes/register — the way into registering: with a free registration straight to the form,
 * otherwise why there is none and the way to get one (checked again every 30 s, so a registration
 * granted meanwhile opens the form).
 */
export function Component() {
  const { t } = useTranslation(['bikes', 'common']);
  const location = useLocation();
  const overview = useCreditOverview();
  if (overview.isError && !overview.data)
    return (
      <LoadErrorPage
        alertTitle={t('detail.loadFailed')}
        title={t('entry.title')}
        error={overview.error}
        retry={() => void overview.refetch()}
      />
    );
  if (!overview.data) return <LoadingState />;
  if (overview.data.can_add_bike)
    return <Navigate to={`${paths.app.registerBike.getHref()}${location.search}`} replace />;

  return (
    <PageLayout title={t('entry.title')} lead={t('entry.lead')} width="form">
      <NoCreditState overview={overview.data} />
    </PageLayout>
  );
}
