import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useBike } from '../../../lib/api/bikes/get-bike.ts';
import { Alert } from '../../../ui/alert.tsx';
import { LinkButton } from '../../../ui/button.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import styles from '../plates.module.css';

/**
 * /signup/from-scan/create-bikes-loop/{bikeId} — the bike just registered: what it was registered
 * with, then pictures (recommended), another bike (the loop), or done.
 */
export function Component() {
  const { t } = useTranslation(['plates', 'common']);
  const bikeId = useParams().bikeId ?? '';
  const bike = useBike(bikeId);

  if (bike.isPending) {
    return (
      <PageLayout title={t('created.loadingTitle')} width="form">
        <LoadingState />
      </PageLayout>
    );
  }
  if (bike.isError) throw bike.error;

  const data = bike.data;
  const rows: Array<[string, string]> = [[t('created.nickname'), data.nickname]];
  if (data.plate_id) rows.push([t('created.plate'), data.plate_id]);
  if (data.frame_number) rows.push([t('created.frameNumber'), data.frame_number]);
  if (data.brand) rows.push([t('created.brand'), data.brand]);

  return (
    <PageLayout title={t('created.title', { name: data.nickname })} lead={t('created.lead')} width="form">
      <Alert tone="success" title={t('created.success')} announce="none">
        <dl className={styles.summary}>
          {rows.map(([term, value]) => (
            <div key={term} className={styles.summaryRow}>
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </Alert>
      <p>{t('created.photosHint')}</p>
      <div className={styles.stackedActions}>
        <LinkButton href={paths.signupFromScan.addPhotos.getHref({ bikeId })} fullWidth>
          {t('created.addPhotos')}
        </LinkButton>
        <LinkButton href={paths.signupFromScan.createBikesLoop.getHref()} variant="secondary" fullWidth>
          {t('created.another')}
        </LinkButton>
        <LinkButton href={paths.app.myBikes.getHref()} variant="quiet" fullWidth>
          {t('created.done')}
        </LinkButton>
      </div>
    </PageLayout>
  );
}
