import type { TicketStatus } from '@nbr/domain/support';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { LoadErrorPage } from '../../../components/load-error.tsx';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { useSession } from '../../../lib/session.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button, LinkButton } from '../../../ui/button.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import { useAnswerTicket } from '../api/answer-ticket.ts';
import { useStaffTicket } from '../api/get-staff-ticket.ts';
import { useUpdateTicket } from '../api/update-ticket.ts';
import { Conversation } from '../components/conversation.tsx';
import { MessageComposer } from '../components/message-composer.tsx';
import { TicketStatusBadge } from '../components/ticket-status.tsx';
import { formatDateTime } from '../lib/format-time.ts';
import { useSupportLive } from '../lib/live-support.ts';
import { ticketTitle } from '../lib/ticket-labels.ts';
import styles from '../support.module.css';

/** The status changes staff may make from each status (answering sets `waiting` by itself). */
const NEXT_STATUSES: Record<TicketStatus, TicketStatus[]> = {
  open: ['waiting', 'closed'],
  waiting: ['open', 'closed'],
  closed: ['open'],
};

/**
 * /backoffice/tickets/{ticketId} — one ticket for staff: who asked (name and address, staff only),
 * what about, the conversation live, answering, the status and taking the ticket (all audited).
 */
export function Component() {
  const { t, i18n } = useTranslation(['support', 'common']);
  const { ticketId = '' } = useParams();
  const { claims } = useSession();
  useSupportLive(true);
  const ticket = useStaffTicket(ticketId);
  const answer = useAnswerTicket(ticketId);
  const update = useUpdateTicket(ticketId);
  const [failure, setFailure] = useState<string | null>(null);

  if (ticket.isPending) return <LoadingState />;
  if (ticket.isError) {
    return (
      <LoadErrorPage
        title={t('staff.ticketTitle')}
        alertTitle={t('conversation.loadFailed')}
        error={ticket.error}
        retry={() => void ticket.refetch()}
      />
    );
  }
  const { ticket: current, messages } = ticket.data;
  const isMine = current.assigned_to?.party_id === claims?.party_id;
  const personName = current.requester.name ?? current.requester.email;
  const change = (input: { status?: TicketStatus; assign_to_me?: true }) => {
    setFailure(null);
    update.mutateAsync(input).catch((error: unknown) => setFailure(errorMessage(error, t)));
  };

  return (
    <PageLayout title={t('staff.ticketTitle')} lead={ticketTitle(current, t)}>
      <dl className={styles.details}>
        <div>
          <dt>{t('staff.person')}</dt>
          <dd>
            {current.requester.name ?? t('staff.noName')}
            {current.requester.is_guest ? ` (${t('staff.visitor')})` : ''}
          </dd>
        </div>
        <div>
          <dt>{t('staff.email')}</dt>
          <dd>{current.requester.email ?? '—'}</dd>
        </div>
        <div>
          <dt>{t('staff.about')}</dt>
          <dd>
            {ticketTitle(current, t)}
            {current.bike_frame_number ? ` · ${current.bike_frame_number}` : ''}
          </dd>
        </div>
        <div>
          <dt>{t('staff.status')}</dt>
          <dd>
            <TicketStatusBadge status={current.status} />
          </dd>
        </div>
        <div>
          <dt>{t('staff.assigned')}</dt>
          <dd>
            {current.assigned_to
              ? (current.assigned_to.name ?? t('conversation.staff'))
              : t('staff.unassigned')}
          </dd>
        </div>
        <div>
          <dt>{t('staff.opened')}</dt>
          <dd>{formatDateTime(current.created_at, i18n.language)}</dd>
        </div>
      </dl>
      {failure ? (
        <Alert tone="error" title={t('staff.changeFailed')}>
          {failure}
        </Alert>
      ) : null}
      <div className={`${styles.actions} ${styles.ticketActions}`}>
        {isMine ? null : (
          <Button
            variant="secondary"
            onPress={() => change({ assign_to_me: true })}
            isPending={update.isPending}
          >
            {t('staff.takeIt')}
          </Button>
        )}
        {NEXT_STATUSES[current.status].map((next) => (
          <Button
            key={next}
            variant="secondary"
            onPress={() => change({ status: next })}
            isDisabled={update.isPending}
          >
            {t(`staff.setStatus.${next}`)}
          </Button>
        ))}
      </div>
      <section aria-labelledby="staff-conversation" className={styles.section}>
        <h2 id="staff-conversation" className={styles.sectionTitle}>
          {t('staff.conversation')}
        </h2>
        <Conversation
          messages={messages}
          viewer="staff"
          personName={personName}
          headingId="staff-conversation"
        />
        <MessageComposer
          label={t('staff.answer')}
          submitLabel={t('staff.sendAnswer')}
          onSend={(content) => answer.mutateAsync(content)}
          isPending={answer.isPending}
        />
      </section>
      <LinkButton variant="secondary" href={paths.backoffice.tickets.getHref()}>
        {t('staff.back')}
      </LinkButton>
    </PageLayout>
  );
}
