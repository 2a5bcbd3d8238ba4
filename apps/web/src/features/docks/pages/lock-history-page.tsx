import type { LockHistoryEntry } from '@nbr/domain/docks';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { LoadErrorPage } from '../../../components/load-error.tsx';
import { paths } from '../../../config/paths.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { Button } from '../../../ui/button.tsx';
import { Link } from '../../../ui/link.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import tables from '../../../ui/table.module.css';
import { useLockHistory } from '../api/get-lock-history.ts';
import { LockStateBadge } from '../components/lock-state-badge.tsx';
import { OperatorOnly } from '../components/operator-only.tsx';
import styles from '../docks.module.css';
import { detailLines } from '../lib/history-texts.ts';

/** /app/docks/{dockId}/operate/locks/{lockId}/history: what the lock reported and was told, newest first. */
export function Component() {
  const { t } = useTranslation('docks');
  return <OperatorOnly title={t('history.titleUnknown')}>{() => <LockHistoryView />}</OperatorOnly>;
}

function LockHistoryView() {
  const { t, i18n } = useTranslation('docks');
  const { dockId = '', lockId = '' } = useParams();
  const history = useLockHistory(dockId, lockId);
  if (history.isPending) return <LoadingState />;
  if (history.isError) {
    return (
      <LoadErrorPage
        title={t('history.titleUnknown')}
        alertTitle={t('history.loadFailed')}
        error={history.error}
        retry={() => void history.refetch()}
      />
    );
  }
  const [first] = history.data.pages;
  if (!first) return null;
  const { lock } = first;
  const entries = history.data.pages.flatMap((page) => page.entries);
  return (
    <PageLayout title={t('history.title', { label: lock.label })}>
      <div className={styles.stack}>
        <p>
          <Link href={paths.app.dockOperate.getHref({ dockId })}>{t('history.back')}</Link>
        </p>
        <p>
          {t('lock.stateNow')} <LockStateBadge state={lock.state} />
        </p>
        {entries.length === 0 ? (
          <p className={styles.muted}>{t('history.none')}</p>
        ) : (
          <div style={{ overflowX: 'auto' }}>
            <table className={`${styles.table} ${styles.historyTable} ${tables.stackedOnPhone}`}>
              <caption className="visually-hidden">{t('history.caption', { label: lock.label })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('history.when')}</th>
                  <th scope="col">{t('history.what')}</th>
                  <th scope="col">{t('history.details')}</th>
                </tr>
              </thead>
              <tbody>
                {entries.map((entry) => (
                  <tr key={entry.id} data-testid="history-entry">
                    <td data-label={t('history.when')}>{formatDateTime(entry.at, i18n.language)}</td>
                    <td data-label={t('history.what')}>{entryTitle(entry, t)}</td>
                    <td data-label={t('history.details')}>
                      <EntryDetail detail={entry.detail} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {history.hasNextPage ? (
          <div className={styles.actions}>
            <Button
              variant="secondary"
              size="small"
              isPending={history.isFetchingNextPage}
              onPress={() => void history.fetchNextPage()}
            >
              {t('history.older')}
            </Button>
          </div>
        ) : null}
      </div>
    </PageLayout>
  );
}

function entryTitle(
  entry: LockHistoryEntry,
  t: (key: string, options?: Record<string, unknown>) => string,
): string {
  const group = entry.source === 'command' ? 'history.commands' : 'history.events';
  return t(`${group}.${entry.kind}`, { defaultValue: entry.kind });
}

/** What was recorded with the line (a device's status, an outcome, a reason), in words and local times. */
function EntryDetail({ detail }: { detail: Record<string, unknown> }) {
  const { t, i18n } = useTranslation('docks');
  const lines = detailLines(detail, t, (iso) => formatDateTime(iso, i18n.language));
  if (lines.length === 0) return null;
  return (
    <dl className={styles.historyDetails}>
      {lines.map((line) => (
        <div key={line.key} style={{ display: 'contents' }}>
          <dt>{line.label}</dt>
          <dd>{line.value}</dd>
        </div>
      ))}
    </dl>
  );
}
