import { EmailSchema } from '@nbr/domain/identity';
import {
  type GuestTicketKey,
  SUPPORT_SUBJECT_KINDS,
  SupportMessageContentSchema,
  type SupportSubjectKind,
  type Ticket,
  type TicketWithMessages,
} from '@nbr/domain/support';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import conversationStyles from '../../../components/conversation/conversation.module.css';
import { paths } from '../../../config/paths.ts';
import { useBikes } from '../../../lib/api/bikes/get-bikes.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { formatMoney } from '../../../lib/format.ts';
import { rememberRedirect } from '../../../lib/redirect.ts';
import { useSession } from '../../../lib/session.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button, LinkButton } from '../../../ui/button.tsx';
import { Link } from '../../../ui/link.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { RadioGroup } from '../../../ui/radio-group.tsx';
import { Select } from '../../../ui/select.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { useMyOrders } from '../api/get-my-orders.ts';
import { useMyTicket } from '../api/get-my-ticket.ts';
import { useMyTickets } from '../api/get-my-tickets.ts';
import { useGuestConversation } from '../api/open-guest-conversation.ts';
import { useOpenGuestTicket } from '../api/open-guest-ticket.ts';
import { useOpenTicket } from '../api/open-ticket.ts';
import { useSendGuestMessage } from '../api/send-guest-message.ts';
import { useSendTicketMessage } from '../api/send-ticket-message.ts';
import { Conversation } from '../components/conversation.tsx';
import { MessageComposer } from '../components/message-composer.tsx';
import { TicketStatusBadge } from '../components/ticket-status.tsx';
import { formatDateTime } from '../lib/format-time.ts';
import { useSupportLive } from '../lib/live-support.ts';
import { ticketTitle } from '../lib/ticket-labels.ts';
import styles from '../support.module.css';

/*
 * /support/chat (SPEC §2, issue 17 §2): a signed-in person's questions to support — a new one about
 * their account, a bike or an order, the list with statuses, and one conversation (?ticket=…) that
 * shows staff's answers live. A visitor asks with an e-mail address; the link mailed there
 * (?ticket=…&expires=…&signature=…) confirms it and opens the conversation.
 */

function messageError(value: string, t: (key: string) => string): string | null {
  const parsed = SupportMessageContentSchema.safeParse(value);
  if (parsed.success) return null;
  return parsed.error.issues[0]?.message === 'too_long'
    ? t('form.messageTooLong')
    : t('form.messageRequired');
}

function MessageField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error: string | null;
}) {
  const { t } = useTranslation('support');
  const id = useId();
  return (
    <div className={styles.composer}>
      <label htmlFor={`${id}-message`} className={styles.composerLabel}>
        {t('form.message')}
      </label>
      <textarea
        id={`${id}-message`}
        className={`${conversationStyles.textarea} ${styles.textarea}`}
        value={value}
        rows={5}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        required
      />
      {error ? (
        <p id={`${id}-error`} className={styles.muted}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

// --- signed in ---------------------------------------------------------------------------------------

function NewTicketForm() {
  const { t, i18n } = useTranslation(['support', 'common']);
  const navigate = useNavigate();
  const open = useOpenTicket();
  const [kind, setKind] = useState<SupportSubjectKind>('account');
  const [bikeId, setBikeId] = useState<string | null>(null);
  const [orderId, setOrderId] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<{ message?: string | null; subject?: string | null }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const bikes = useBikes();
  const orders = useMyOrders(kind === 'order');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = {
      message: messageError(message, t),
      subject:
        (kind === 'bike' && !bikeId) || (kind === 'order' && !orderId) ? t('form.subjectRequired') : null,
    };
    setErrors(next);
    setFailure(null);
    if (next.message || next.subject) return;
    open
      .mutateAsync({
        subject_kind: kind,
        bike_id: kind === 'bike' ? bikeId : null,
        order_id: kind === 'order' ? orderId : null,
        message: message.trim(),
      })
      .then(
        (created) => {
          setMessage('');
          navigate(paths.public.supportChat.getHref({ ticket: created.ticket.id }));
        },
        (error: unknown) => setFailure(errorMessage(error, t)),
      );
  };

  const bikeOptions = (bikes.data ?? []).map((bike) => ({
    value: bike.bike_id,
    label:
      bike.nickname ||
      [bike.brand, bike.model].filter(Boolean).join(' ') ||
      bike.frame_number ||
      bike.bike_id,
  }));
  const orderOptions = (orders.data ?? []).map((order) => ({
    value: order.id,
    label: `${order.receipt_number ? t('form.orderNumber', { number: order.receipt_number }) : t('subjects.order')} · ${formatDateTime(order.created_at, i18n.language)} · ${formatMoney(order.total_minor, order.currency, i18n.language)}`,
  }));

  return (
    <section aria-labelledby="support-new" className={styles.section}>
      <h2 id="support-new" className={styles.sectionTitle}>
        {t('new.title')}
      </h2>
      <form onSubmit={submit} noValidate className={styles.section}>
        {failure ? (
          <Alert tone="error" title={t('new.failed')}>
            {failure}
          </Alert>
        ) : null}
        <RadioGroup
          label={t('form.about')}
          value={kind}
          onChange={(value) => setKind(value as SupportSubjectKind)}
          options={SUPPORT_SUBJECT_KINDS.map((value) => ({ value, label: t(`subjects.${value}`) }))}
        />
        {kind === 'bike' ? (
          bikeOptions.length > 0 ? (
            <Select
              label={t('form.bike')}
              options={bikeOptions}
              value={bikeId}
              onChange={setBikeId}
              error={errors.subject ?? null}
              isRequired
            />
          ) : (
            <p className={styles.muted}>{t('form.noBikes')}</p>
          )
        ) : null}
        {kind === 'order' ? (
          orders.isPending ? (
            <LoadingState />
          ) : orderOptions.length > 0 ? (
            <Select
              label={t('form.order')}
              options={orderOptions}
              value={orderId}
              onChange={setOrderId}
              error={errors.subject ?? null}
              isRequired
            />
          ) : (
            <p className={styles.muted}>{t('form.noOrders')}</p>
          )
        ) : null}
        <MessageField value={message} onChange={setMessage} error={errors.message ?? null} />
        <div className={styles.actions}>
          <Button type="submit" isPending={open.isPending}>
            {t('new.submit')}
          </Button>
        </div>
      </form>
    </section>
  );
}

function MyTicketList({ tickets, selected }: { tickets: Ticket[]; selected: string | null }) {
  const { t, i18n } = useTranslation('support');
  return (
    <section aria-labelledby="support-mine" className={styles.section}>
      <h2 id="support-mine" className={styles.sectionTitle}>
        {t('mine.title')}
      </h2>
      {tickets.length === 0 ? (
        <p className={styles.muted}>{t('mine.empty')}</p>
      ) : (
        <ul className={conversationStyles.list}>
          {tickets.map((ticket) => (
            <li
              key={ticket.id}
              className={[
                conversationStyles.row,
                styles.ticketRow,
                ticket.id === selected && conversationStyles.rowHighlighted,
              ]
                .filter(Boolean)
                .join(' ')}
            >
              <div className={styles.ticketRowTop}>
                <h3 className={styles.ticketTitle}>
                  <Link
                    href={paths.public.supportChat.getHref({ ticket: ticket.id })}
                    aria-current={ticket.id === selected ? 'page' : undefined}
                  >
                    {ticketTitle(ticket, t)}
                  </Link>
                </h3>
                <TicketStatusBadge status={ticket.status} />
              </div>
              <p className={conversationStyles.rowMeta}>
                {t('mine.lastActivity', { time: formatDateTime(ticket.last_message_at, i18n.language) })}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function StatusNote({ status }: { status: Ticket['status'] }) {
  const { t } = useTranslation('support');
  return <p className={styles.muted}>{t(`statusNote.${status}`)}</p>;
}

function MyConversation({ ticketId }: { ticketId: string }) {
  const { t } = useTranslation(['support', 'common']);
  const ticket = useMyTicket(ticketId);
  const send = useSendTicketMessage(ticketId);
  if (ticket.isPending) return <LoadingState />;
  if (ticket.isError) {
    return (
      <Alert tone="error" title={t('conversation.loadFailed')}>
        {errorMessage(ticket.error, t)}
      </Alert>
    );
  }
  return (
    <TicketConversation
      ticket={ticket.data.ticket}
      messages={ticket.data.messages}
      onSend={(content) => send.mutateAsync(content)}
      isPending={send.isPending}
    >
      <div className={styles.actions}>
        <LinkButton variant="secondary" href={paths.public.supportChat.getHref()}>
          {t('new.another')}
        </LinkButton>
      </div>
    </TicketConversation>
  );
}

/** One ticket as its asker sees it (signed in, or a visitor through the mailed link): title, status, messages, the composer. */
function TicketConversation({
  ticket,
  messages,
  onSend,
  isPending,
  children,
}: {
  ticket: Ticket;
  messages: TicketWithMessages['messages'];
  onSend: (content: string) => Promise<unknown>;
  isPending: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation(['support', 'common']);
  return (
    <section aria-labelledby="support-conversation" className={styles.section}>
      <div className={styles.ticketRowTop}>
        <h2 id="support-conversation" className={styles.sectionTitle}>
          {ticketTitle(ticket, t)}
        </h2>
        <TicketStatusBadge status={ticket.status} />
      </div>
      <StatusNote status={ticket.status} />
      <Conversation messages={messages} viewer="person" headingId="support-conversation" />
      <MessageComposer
        label={t('conversation.write')}
        submitLabel={t('conversation.send')}
        onSend={onSend}
        isPending={isPending}
      />
      {children}
    </section>
  );
}

function PersonSupport({ selected }: { selected: string | null }) {
  const { t } = useTranslation(['support', 'common']);
  useSupportLive(true);
  const tickets = useMyTickets(true);
  return (
    <PageLayout title={t('page.title')} lead={t('page.lead')}>
      <div className={styles.layout}>
        <div className={styles.main}>
          {selected ? <MyConversation key={selected} ticketId={selected} /> : <NewTicketForm />}
        </div>
        <div className={styles.aside}>
          {tickets.isPending ? (
            <LoadingState />
          ) : tickets.isError ? (
            <Alert tone="error" title={t('mine.loadFailed')}>
              {errorMessage(tickets.error, t)}
            </Alert>
          ) : (
            <MyTicketList tickets={tickets.data} selected={selected} />
          )}
        </div>
      </div>
    </PageLayout>
  );
}

// --- visitors ----------------------------------------------------------------------------------------

function GuestForm() {
  const { t } = useTranslation(['support', 'common']);
  const send = useOpenGuestTicket();
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState('');
  const [website, setWebsite] = useState('');
  const [errors, setErrors] = useState<{ email?: string | null; message?: string | null }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);

  if (sentTo) {
    return (
      <Alert tone="success" title={t('guest.sentTitle')}>
        <p>{t('guest.sentBody', { email: sentTo })}</p>
      </Alert>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = {
      email: EmailSchema.safeParse(email).success ? null : t('form.emailInvalid'),
      message: messageError(message, t),
    };
    setErrors(next);
    setFailure(null);
    if (next.email || next.message) return;
    send.mutateAsync({ email: email.trim(), message: message.trim(), website }).then(
      () => setSentTo(email.trim()),
      (error: unknown) => setFailure(errorMessage(error, t)),
    );
  };

  return (
    <section aria-labelledby="support-guest" className={styles.section}>
      <h2 id="support-guest" className={styles.sectionTitle}>
        {t('guest.title')}
      </h2>
      <p className={styles.muted}>{t('guest.lead')}</p>
      <form onSubmit={submit} noValidate className={styles.section}>
        {failure ? (
          <Alert tone="error" title={t('new.failed')}>
            {failure}
          </Alert>
        ) : null}
        <TextField
          label={t('form.email')}
          description={t('form.emailHint')}
          type="email"
          autoComplete="email"
          value={email}
          onChange={setEmail}
          error={errors.email ?? null}
          isRequired
        />
        <MessageField value={message} onChange={setMessage} error={errors.message ?? null} />
        <div className={styles.trap} aria-hidden="true">
          <label htmlFor="support-website">{t('form.website')}</label>
          <input
            id="support-website"
            type="text"
            tabIndex={-1}
            autoComplete="off"
            value={website}
            onChange={(event) => setWebsite(event.target.value)}
          />
        </div>
        <div className={styles.actions}>
          <Button type="submit" isPending={send.isPending}>
            {t('guest.submit')}
          </Button>
        </div>
      </form>
    </section>
  );
}

function VisitorSupport({ ticketId }: { ticketId: string | null }) {
  const { t } = useTranslation('support');
  const here = paths.public.supportChat.getHref(ticketId ? { ticket: ticketId } : undefined);
  return (
    <PageLayout title={t('page.title')} lead={t('page.lead')} width="form">
      <Alert
        tone="info"
        title={ticketId ? t('visitor.logInToReadTitle') : t('visitor.logInTitle')}
        announce="none"
      >
        <p>{ticketId ? t('visitor.logInToRead') : t('visitor.logIn')}</p>
        <div className={styles.actions}>
          <LinkButton href={paths.auth.login.getHref()} onPress={() => rememberRedirect(here)}>
            {t('visitor.logInAction')}
          </LinkButton>
        </div>
      </Alert>
      {ticketId ? null : <GuestForm />}
    </PageLayout>
  );
}

function GuestConversation({ ticketId, ticketKey }: { ticketId: string; ticketKey: GuestTicketKey }) {
  const { t } = useTranslation(['support', 'common']);
  const conversation = useGuestConversation(ticketId, ticketKey);
  const send = useSendGuestMessage(ticketId, ticketKey);
  if (conversation.isPending) return <LoadingState />;
  if (conversation.isError) {
    const isInvalid = isApiError(conversation.error) && conversation.error.code === 'support_link_invalid';
    return (
      <PageLayout title={t('page.title')} width="form">
        <Alert tone="error" title={t('guest.linkFailed')}>
          <p>{isInvalid ? t('common:errors.support_link_invalid') : errorMessage(conversation.error, t)}</p>
          <div className={styles.actions}>
            <LinkButton href={paths.public.supportChat.getHref()}>{t('guest.askAgain')}</LinkButton>
          </div>
        </Alert>
      </PageLayout>
    );
  }
  return (
    <PageLayout title={t('page.title')} lead={t('guest.conversationLead')} width="form">
      <TicketConversation
        ticket={conversation.data.ticket}
        messages={conversation.data.messages}
        onSend={(content) => send.mutateAsync(content)}
        isPending={send.isPending}
      />
    </PageLayout>
  );
}

export function Component() {
  const [params] = useSearchParams();
  const { isLoggedIn } = useSession();
  const ticket = params.get('ticket');
  const expires = params.get('expires');
  const signature = params.get('signature');
  if (ticket && expires && signature) {
    return <GuestConversation ticketId={ticket} ticketKey={{ expires, signature }} />;
  }
  if (isLoggedIn) return <PersonSupport selected={ticket} />;
  return <VisitorSupport ticketId={ticket} />;
}
