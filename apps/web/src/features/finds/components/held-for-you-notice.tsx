import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths.ts';
import { formatDate } from '../../../lib/format.ts';
import { Alert } from '../../../ui/alert.tsx';
import { LinkButton } from '../../../ui/button.tsx';
import { usePickups } from '../api/pickups.ts';
import styles from '../finds.module.css';

/**
 * On the owner's bike page: the bike is waiting for them somewhere (a finder, the police or a
 * municipality holds it, issue 17 §3) — where, until when, and by whom; nothing when it is not.
 */
export function HeldForYouNotice({ bikeId }: { bikeId: string }) {
  const { t, i18n } = useTranslation('finds');
  const pickups = usePickups();
  const waiting = pickups.data?.for_me.find(
    (pickup) => pickup.bike_id === bikeId && pickup.status === 'waiting',
  );
  if (!waiting) return null;
  const holder =
    waiting.holder_name ??
    t(waiting.holder_kind === 'organisation' ? 'pickups.anOrganisation' : 'pickups.aFinder');
  return (
    <Alert tone="info" title={t('heldForYou.title')} announce="none">
      <p>
        {t('heldForYou.body', {
          holder,
          place: waiting.place,
          until: formatDate(`${waiting.collect_until}T12:00:00Z`, i18n.language),
        })}
      </p>
      {waiting.stolen_report_linked ? <p>{t('pickups.stolenLinkedOwner')}</p> : null}
      <div className={styles.actions}>
        <LinkButton href={paths.app.itemPickup.getHref()} size="small">
          {t('heldForYou.action')}
        </LinkButton>
      </div>
    </Alert>
  );
}
