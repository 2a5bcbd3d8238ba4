import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths.ts';
import { Alert } from '../../../ui/alert.tsx';
import { LinkButton } from '../../../ui/button.tsx';
import { useFoundNotices } from '../api/found-notices.ts';
import styles from '../finds.module.css';

/**
 * On the owner's page of a stolen bike: a found bike may be it (issue 32 §2), with the way to the
 * notice and its claim; nothing when none is.
 */
export function PossiblyYoursNotice({ bikeId }: { bikeId: string }) {
  const { t } = useTranslation('finds');
  const notices = useFoundNotices();
  const count = notices.data?.notices.filter((notice) => notice.bike_id === bikeId).length ?? 0;
  if (count === 0) return null;
  return (
    <Alert tone="info" title={t('possiblyYours.alertTitle')} announce="none">
      <p>{t('possiblyYours.alertBody')}</p>
      <div className={styles.actions}>
        <LinkButton href={paths.app.possiblyYours.getHref()} size="small">
          {t('possiblyYours.alertAction')}
        </LinkButton>
      </div>
    </Alert>
  );
}
