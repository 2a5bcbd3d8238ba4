import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useBike } from '../../../lib/api/bikes/get-bike.ts';
import { Alert } from '../../../ui/alert.tsx';
import { LinkButton } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import styles from '../bikes.module.css';
import { BikeFallback } from '../components/bike-fallback.tsx';

/**
 * /app/my-bikes/{bikeId}/post-edit — the changes are saved; what is still worth adding. "Saved" is
 * said only when the edit form's save led here (navigation state): opened by its address, nothing
 * was saved, and the page only lists what is worth adding.
 */
export function Component() {
  const { bikeId = '' } = useParams();
  const saved = (useLocation().state as { saved?: boolean } | null)?.saved === true;
  const { t } = useTranslation(['bikes', 'common']);
  const bike = useBike(bikeId);
  if (!bike.data) return <BikeFallback bike={bike} title={t('postEdit.title')} />;
  const data = bike.data;
  const steps = [
    !data.frame_number && 'frameNumber',
    !data.plate_id && 'plate',
    !data.pictures.some((picture) => picture.kind === 'public') && 'picture',
    !data.documents.some((document) => document.kind === 'receipt') &&
      !data.pictures.some((picture) => picture.kind === 'receipt') &&
      'receipt',
    data.equipment.length === 0 && 'equipment',
  ].filter((step): step is string => Boolean(step));

  return (
    <PageLayout title={saved ? t('postEdit.title') : data.nickname} width="form">
      {saved ? <Alert tone="success">{t('postEdit.saved', { name: data.nickname })}</Alert> : null}
      <Card title={t('postEdit.nextTitle')} id="next-steps">
        {steps.length === 0 ? (
          <p>{t('postEdit.allDone')}</p>
        ) : (
          <ul className={styles.checklist}>
            {steps.map((step) => (
              <li key={step}>{t(`nextSteps.${step}`)}</li>
            ))}
          </ul>
        )}
        <div className={styles.actions}>
          <LinkButton href={paths.app.bike.getHref({ bikeId })}>{t('postEdit.toBike')}</LinkButton>
          {data.equipment.length === 0 ? (
            <LinkButton href={paths.app.bikeEditEquipment.getHref({ bikeId })} variant="secondary">
              {t('postEdit.addEquipment')}
            </LinkButton>
          ) : null}
          <LinkButton href={paths.app.myBikes.getHref()} variant="quiet">
            {t('postEdit.toList')}
          </LinkButton>
        </div>
      </Card>
    </PageLayout>
  );
}
