import { TICKET_STATUSES, type TicketStatus } from '@nbr/domain/support';
import { Link as AriaLink } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import conversationStyles from '../../../components/conversation/conversation.module.css';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Link } from '../../../ui/link.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import { useStaffTickets } from '../api/get-staff-tickets.ts';
import { TicketStatusBadge } from '../components/ticket-status.tsx';
import { formatDateTime } from '../lib/format-time.ts';
import { useSupportLive } from '../lib/live-support.ts';
import { ticketTitle } from '../lib/ticket-labels.ts';
import styles from '../support.module.css';

function isStatus(value: string | null): value is TicketStatus {
  return (TICKET_STATUSES as readonly string[]).includes(value ?? '');
}

/** /backoffice/tickets — the support queue: filters by status with counts, newest activity first, live. */
export function Component() {
  const { t, i18n } = useTranslation(['support', 'common']);
  const [params] = useSearchParams();
  const raw = params.get('status');
  const status = isStatus(raw) ? raw : null;
  useSupportLive(true);
  const tickets = useStaffTickets(status);
  const counts = tickets.data?.counts;
  const filters: Array<{ key: TicketStatus | null; label: string; count: number | undefined }> = [
    {
      key: null,
      label: t('staff.all'),
      count: counts ? counts.open + counts.waiting + counts.closed : undefined,
    },
    ...TICKET_STATUSES.map((key) => ({ key, label: t(`status.${key}`), count: counts?.[key] })),
  ];

  return (
    <PageLayout title={t('staff.title')} lead={t('staff.lead')}>
      <nav aria-label={t('staff.filters')}>
        <ul className={styles.filters}>
          {filters.map((filter) => (
            <li key={filter.key ?? 'all'}>
              <AriaLink
                className={styles.filterLink}
                href={paths.backoffice.tickets.getHref(filter.key ? { status: filter.key } : undefined)}
                aria-current={filter.key === status ? 'page' : undefined}
              >
                {filter.count === undefined
                  ? filter.label
                  : t('staff.filterCount', { label: filter.label, count: filter.count })}
              </AriaLink>
            </li>
          ))}
        </ul>
      </nav>
      {tickets.isPending ? (
        <LoadingState />
      ) : tickets.isError ? (
        <Alert tone="error" title={t('staff.loadFailed')}>
          <p>{errorMessage(tickets.error, t)}</p>
          <Button variant="secondary" size="small" onPress={() => void tickets.refetch()}>
            {t('staff.retry')}
          </Button>
        </Alert>
      ) : tickets.data.tickets.length === 0 ? (
        <p className={styles.muted}>{t('staff.empty')}</p>
      ) : (
        <ul className={conversationStyles.list}>
          {tickets.data.tickets.map((ticket) => (
            <li key={ticket.id} className={`${conversationStyles.row} ${styles.ticketRow}`}>
              <div className={styles.ticketRowTop}>
                <h2 className={styles.ticketTitle}>
                  <Link href={paths.backoffice.ticket.getHref({ ticketId: ticket.id })}>
                    {ticket.requester.name ?? ticket.requester.email ?? t('conversation.person')}
                  </Link>
                </h2>
                <TicketStatusBadge status={ticket.status} />
              </div>
              <p className={conversationStyles.rowMeta}>
                {ticketTitle(ticket, t)}
                {ticket.requester.is_guest ? ` · ${t('staff.visitor')}` : ''}
              </p>
              <p className={conversationStyles.rowMeta}>
                {t('mine.lastActivity', { time: formatDateTime(ticket.last_message_at, i18n.language) })} ·{' '}
                {ticket.assigned_to
                  ? t('staff.assignedTo', { name: ticket.assigned_to.name ?? t('conversation.staff') })
                  : t('staff.unassigned')}
              </p>
            </li>
          ))}
        </ul>
      )}
    </PageLayout>
  );
}
