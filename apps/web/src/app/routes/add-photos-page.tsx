import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { paths } from '../../config/paths.ts';
import { PictureSection } from '../../features/bikes/components/picture-section.tsx';
import styles from '../../features/plates/plates.module.css';
import { useBike } from '../../lib/api/bikes/get-bike.ts';
import { LinkButton } from '../../ui/button.tsx';
import { PageLayout } from '../../ui/page-layout.tsx';
import { LoadingState } from '../../ui/spinner.tsx';

/**
 * /signup/from-scan/create-bikes-loop/{bikeId}/add-photos — pictures of the bike just registered
 * (POST /bikes/{bike_id}/pictures): the public one shows in search, the others only to the owner.
 */
export function Component() {
  const { t } = useTranslation(['plates', 'common']);
  const bikeId = useParams().bikeId ?? '';
  const bike = useBike(bikeId);

  if (bike.isPending) {
    return (
      <PageLayout title={t('photos.loadingTitle')} width="form">
        <LoadingState />
      </PageLayout>
    );
  }
  if (bike.isError) throw bike.error;

  const hasPictures = bike.data.pictures.length > 0;
  return (
    <PageLayout title={t('photos.title', { name: bike.data.nickname })} lead={t('photos.lead')} width="form">
      <div className={styles.panel}>
        <PictureSection bikeId={bikeId} pictures={bike.data.pictures} defaultKind="public" />
      </div>
      <div className={styles.stackedActions}>
        <LinkButton
          href={paths.signupFromScan.addPhotosComplete.getHref({ bikeId })}
          variant={hasPictures ? 'primary' : 'secondary'}
          fullWidth
        >
          {hasPictures ? t('photos.done') : t('photos.skip')}
        </LinkButton>
      </div>
    </PageLayout>
  );
}
