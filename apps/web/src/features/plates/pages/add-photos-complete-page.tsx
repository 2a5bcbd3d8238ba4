import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useBike } from '../../../lib/api/bikes/get-bike.ts';
import { Alert } from '../../../ui/alert.tsx';
import { LinkButton } from '../../../ui/button.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import styles from '../plates.module.css';

/** /signup/from-scan/create-bikes-loop/{bikeId}/add-photos/complete — the end of one round of the loop. */
export function Component() {
  const { t } = useTranslation(['plates', 'common']);
  const bikeId = useParams().bikeId ?? '';
  const bike = useBike(bikeId);

  if (bike.isPending) {
    return (
      <PageLayout title={t('complete.title')} width="form">
        <LoadingState />
      </PageLayout>
    );
  }
  if (bike.isError) throw bike.error;

  const pictures = bike.data.pictures.length;
  return (
    <PageLayout title={t('complete.title')} width="form">
      <Alert tone="success" announce="none">
        <p>{t('complete.text', { name: bike.data.nickname })}</p>
        <p>{t('complete.pictures', { count: pictures })}</p>
      </Alert>
      <h2 className={styles.panelHeading}>{t('complete.anotherQuestion')}</h2>
      <div className={styles.stackedActions}>
        <LinkButton href={paths.signupFromScan.createBikesLoop.getHref()} fullWidth>
          {t('complete.another')}
        </LinkButton>
        <LinkButton href={paths.app.bikePublic.getHref({ bikeId })} variant="secondary" fullWidth>
          {t('complete.publicPage')}
        </LinkButton>
        <LinkButton href={paths.app.myBikes.getHref()} variant="secondary" fullWidth>
          {t('complete.myBikes')}
        </LinkButton>
      </div>
    </PageLayout>
  );
}
