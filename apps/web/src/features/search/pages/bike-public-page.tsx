import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PublicBikeView } from '../../../components/bike/public-bike-view.tsx';
import { RequestOwnershipAction } from '../../../components/bike/request-ownership-action.tsx';
import { StolenBikeActions } from '../../../components/bike/stolen-bike-actions.tsx';
import { paths } from '../../../config/paths.ts';
import { usePublicBike } from '../../../lib/api/bikes/get-public-bike.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { useSession } from '../../../lib/session.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button, LinkButton } from '../../../ui/button.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import styles from '../search.module.css';

/**
 * /app/my-bikes/{bikeId}/public — the public display of a bike. Its owner reads 'You own this bike'
 * and sees what others see; anyone else sees the public details, can contact the owner and ask for
 * the ownership (SPEC §6). A stolen bike carries the stolen banner.
 */
export function Component() {
  const { t } = useTranslation(['search', 'common']);
  const bikeId = useParams().bikeId ?? '';
  const { claims } = useSession();
  const bike = usePublicBike(bikeId, claims?.party_id ?? null);

  if (bike.isPending) {
    return (
      <PageLayout title={t('public.title')}>
        <LoadingState />
      </PageLayout>
    );
  }

  if (bike.isError) {
    const notFound = isApiError(bike.error) && (bike.error.status === 404 || bike.error.status === 422);
    return (
      <PageLayout title={notFound ? t('public.notFoundTitle') : t('public.title')} width="reading">
        <Alert tone={notFound ? 'warning' : 'error'} announce="none">
          <p>{notFound ? t('common:messages.bikeNotFound') : errorMessage(bike.error, t)}</p>
          {notFound ? <p>{t('public.notFoundText')}</p> : null}
        </Alert>
        <div className={styles.actions}>
          {notFound ? null : (
            <Button variant="secondary" onPress={() => void bike.refetch()}>
              {t('common:actions.tryAgain')}
            </Button>
          )}
          <LinkButton href={paths.public.search.getHref()} variant="secondary">
            {t('public.searchAgain')}
          </LinkButton>
        </div>
      </PageLayout>
    );
  }

  const data = bike.data;

  if (data.is_owner) {
    return (
      <PageLayout title={t('public.title')} lead={t('public.ownerLead')}>
        <Alert tone="success" title={t('public.owner')} announce="none">
          <p>{t('public.ownerText')}</p>
          <LinkButton href={paths.app.bike.getHref({ bikeId: data.bike_id })}>
            {t('public.ownerLink')}
          </LinkButton>
        </Alert>
        <PublicBikeView bike={data} />
      </PageLayout>
    );
  }

  return (
    <PageLayout title={t('public.title')} lead={t('public.lead')}>
      <PublicBikeView bike={data} stolenActions={<StolenBikeActions bikeId={data.bike_id} />}>
        {/* A stolen bike cannot be handed over: its banner leads to the owner instead. */}
        {data.status === 'stolen' ? null : <RequestOwnershipAction bikeId={data.bike_id} isLoggedIn />}
      </PublicBikeView>
    </PageLayout>
  );
}
