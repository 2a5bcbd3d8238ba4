import type { AccessLogEntry } from '@nbr/domain/access-log';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/api-errors.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import { useAccessLog } from '../api/get-access-log.ts';
import styles from '../settings.module.css';
import { NotWhileSwitched } from './not-while-switched.tsx';

/** What was looked at, by the audited action; anything newer reads as a look-up of the person. */
const WHAT: Record<string, string> = {
  'org_search.bike_viewed': 'accessLog.what.bike',
  'org_search.owner_contact_revealed': 'accessLog.what.contact',
  'bike.viewed_by_staff': 'accessLog.what.bike',
  'switch_user.start': 'accessLog.what.account',
  'insurance.policy_viewed_by_staff': 'accessLog.what.insurance',
  'insurance.lock_test_viewed_by_staff': 'accessLog.what.insurance',
  'insurance.verification_viewed_by_staff': 'accessLog.what.insurance',
  'insurance.holder_details_viewed': 'accessLog.what.insurance',
  'insurance.national_id_revealed': 'accessLog.what.nationalId',
  'insurance.insured_bike_viewed': 'accessLog.what.bike',
  // Issue 28: the dock's operator opened the lock holding the person's bike (with its reason).
  'dock.lock_opened_remotely': 'accessLog.what.dockLockOpened',
  // Issue 32 §1: an organisation (a marketplace, the police) checked the bike by API.
  'check.identifier_checked': 'accessLog.what.checkedFrameNumber',
};

/** What a check by API looked at: the frame number or the plate. */
function whatOf(entry: AccessLogEntry): string {
  if (entry.action === 'check.identifier_checked' && entry.identifier_kind === 'plate_id') {
    return 'accessLog.what.checkedPlate';
  }
  return WHAT[entry.action] ?? 'accessLog.what.other';
}

function Entry({ entry }: { entry: AccessLogEntry }) {
  const { t, i18n } = useTranslation('settings');
  const who =
    entry.who === 'staff'
      ? t('accessLog.staff')
      : (entry.organisation_name ?? t('accessLog.unknownOrganisation'));
  const why = entry.case_number
    ? t('accessLog.caseNumber', { caseNumber: entry.case_number })
    : (entry.reason ?? t('accessLog.noReason'));
  return (
    <li className={styles.accessLogEntry}>
      <p className={styles.accessLogWho}>
        <strong>{who}</strong> · {t(whatOf(entry), { dock: entry.dock_name ?? t('accessLog.aDock') })}
      </p>
      <p className={styles.accessLogMeta}>
        {formatDateTime(entry.at, i18n.language)} · {why}
      </p>
    </li>
  );
}

/**
 * "Who looked up my bikes" (issue 17 §3): every look-up of the person or their bikes by an
 * organisation (the police, a municipality, an insurer) or by the register's staff — by
 * organisation, never the name of the person who looked —, when and why.
 */
export function AccessLogSection() {
  const { t } = useTranslation(['settings', 'common']);
  const { isSwitched } = useSession();
  const log = useAccessLog({ enabled: !isSwitched });
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];

  return (
    <Card title={t('accessLog.title')} id="access-log">
      <p>{t('accessLog.body')}</p>
      {isSwitched ? <NotWhileSwitched /> : null}
      {!isSwitched && log.isPending ? <LoadingState /> : null}
      {log.isError ? <Alert tone="error">{errorMessage(log.error, t)}</Alert> : null}
      {log.data && entries.length === 0 ? <p className={styles.muted}>{t('accessLog.empty')}</p> : null}
      {entries.length > 0 ? (
        <ul className={styles.accessLog} aria-label={t('accessLog.title')}>
          {entries.map((entry) => (
            <Entry key={entry.id} entry={entry} />
          ))}
        </ul>
      ) : null}
      {log.hasNextPage ? (
        <Button
          variant="secondary"
          size="small"
          isPending={log.isFetchingNextPage}
          onPress={() => void log.fetchNextPage()}
        >
          {t('accessLog.more')}
        </Button>
      ) : null}
    </Card>
  );
}
