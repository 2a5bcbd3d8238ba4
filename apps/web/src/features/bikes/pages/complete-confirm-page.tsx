import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useBike } from '../../../lib/api/bikes/get-bike.ts';
import { Alert } from '../../../ui/alert.tsx';
import { LinkButton } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import styles from '../bikes.module.css';
import { BikeFacts } from '../components/bike-facts.tsx';
import { BikeFallback } from '../components/bike-fallback.tsx';

/** /app/my-bikes/{bikeId}/complete-confirm — the registration is complete: a summary and the ways on. */
export function Component() {
  const { bikeId = '' } = useParams();
  const { t } = useTranslation(['bikes', 'common']);
  const bike = useBike(bikeId);
  if (!bike.data) return <BikeFallback bike={bike} title={t('complete.title')} />;
  const data = bike.data;
  return (
    <PageLayout title={t('complete.title')} width="form">
      <Alert tone="success" announce="none">
        {t('complete.body', { name: data.nickname })}
      </Alert>
      {!data.frame_number ? (
        <Alert tone="warning" announce="none" title={t('complete.noFrameNumberTitle')}>
          <p>{t('complete.noFrameNumberBody')}</p>
          <LinkButton
            href={paths.app.bikeCompleteConfirmMissingFrameNumber.getHref({ bikeId })}
            size="small"
            variant="secondary"
          >
            {t('complete.addFrameNumber')}
          </LinkButton>
        </Alert>
      ) : null}
      <Card title={t('complete.summaryTitle')} id="summary">
        <BikeFacts bike={data} />
        <p className={styles.muted}>
          {t('complete.pictureCount', { count: data.pictures.length })} ·{' '}
          {t('complete.equipmentCount', { count: data.equipment.length })}
        </p>
      </Card>
      <div className={styles.actions}>
        <LinkButton href={paths.app.bike.getHref({ bikeId })}>{t('complete.toBike')}</LinkButton>
        <LinkButton href={paths.app.myBikes.getHref()} variant="secondary">
          {t('complete.toList')}
        </LinkButton>
      </div>
    </PageLayout>
  );
}
