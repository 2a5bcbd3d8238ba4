import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { Alert } from '../../../ui/alert.tsx';
import { LinkButton } from '../../../ui/button.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import styles from '../bikes.module.css';

/** /app/my-bikes/{bikeId}/report-deleted — the bike, its documents and equipment are gone for good. */
export function Component() {
  const { t } = useTranslation('bikes');
  const location = useLocation();
  const nickname = (location.state as { nickname?: string } | null)?.nickname;
  return (
    <PageLayout title={t('deleted.title')} width="form">
      <Alert tone="success" announce="none">
        <p>{nickname ? t('deleted.bodyNamed', { name: nickname }) : t('deleted.body')}</p>
      </Alert>
      <p>{t('deleted.permanent')}</p>
      <div className={styles.actions}>
        <LinkButton href={paths.app.myBikes.getHref()}>{t('deleted.toList')}</LinkButton>
        <LinkButton href={paths.app.bikesRegister.getHref()} variant="secondary">
          {t('deleted.registerAnother')}
        </LinkButton>
      </div>
    </PageLayout>
  );
}
