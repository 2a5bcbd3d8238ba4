import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { StickerCodeForm } from '../components/sticker-code-form.tsx';
import styles from '../plates.module.css';

/** /app/qr-id — type a sticker's code or paste a scanned address; it then goes where a scan goes. */
export function Component() {
  const { t } = useTranslation('plates');
  return (
    <PageLayout title={t('qrId.title')} lead={t('qrId.lead')} width="form">
      <div className={styles.panel}>
        <StickerCodeForm />
      </div>
      <p className={styles.more}>{t('qrId.cameraHint')}</p>
    </PageLayout>
  );
}
