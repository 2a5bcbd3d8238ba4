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
import { PictureSection } from '../components/picture-section.tsx';

/**
 * /app/my-bikes/{bikeId}/intro-step — just registered: what makes the registration useful (pictures,
 * equipment, receipt), with the picture upload right here, then on to the confirmation.
 */
export function Component() {
  const { bikeId = '' } = useParams();
  const { t } = useTranslation(['bikes', 'common']);
  const bike = useBike(bikeId);
  const pictureFailed = (useLocation().state as { pictureFailed?: boolean } | null)?.pictureFailed === true;
  if (!bike.data) return <BikeFallback bike={bike} title={t('intro.title')} />;
  const data = bike.data;
  return (
    <PageLayout title={t('intro.title')} lead={t('intro.lead', { name: data.nickname })} width="form">
      <Alert tone="success" announce="none">
        {t('intro.registered', { name: data.nickname })}
      </Alert>
      {pictureFailed ? (
        <Alert tone="warning" announce="none">
          {t('intro.pictureFailed')}
        </Alert>
      ) : null}
      <Card title={t('intro.picturesTitle')} id="pictures">
        <p>{t('intro.picturesBody')}</p>
        <PictureSection bikeId={bikeId} pictures={data.pictures} />
      </Card>
      <Card title={t('intro.moreTitle')} id="more">
        <ul className={styles.checklist}>
          <li>{t('intro.equipment')}</li>
          <li>{t('intro.receipt')}</li>
          <li>{t('intro.details')}</li>
        </ul>
        <div className={styles.actions}>
          <LinkButton href={paths.app.bikeEditEquipment.getHref({ bikeId })} variant="secondary">
            {t('intro.addEquipment')}
          </LinkButton>
          <LinkButton href={paths.app.bike.getHref({ bikeId }, { tab: 'documents' })} variant="secondary">
            {t('intro.addDocuments')}
          </LinkButton>
        </div>
      </Card>
      <div className={styles.actions}>
        <LinkButton href={paths.app.bikeCompleteConfirm.getHref({ bikeId })}>
          {t('intro.continue')}
        </LinkButton>
      </div>
    </PageLayout>
  );
}
