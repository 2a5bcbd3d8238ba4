import type {
  StaffTicket,
  StaffTicketList,
  StaffTicketUpdate,
  StaffTicketWithMessages,
  SupportMessage,
  TicketStatus,
} from '@nbr/domain/support';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/client.ts';
import { recordAuditEventBy, wasAuditedSince } from '../../platform/audit/audit.ts';
import type { RequestAuth } from '../../platform/auth/authenticate.ts';
import { AppError } from '../../platform/errors.ts';
import { uuidv7 } from '../../platform/ids.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { findPeopleByIds, findPersonById, partyNames } from '../identity/identity.facade.ts';
import type { SupportDeps } from './support.deps.ts';
import { supportAnsweredMail } from './support.mails.ts';
import { presentStaffTicket, presentSupportMessage } from './support.presenter.ts';
import * as repository from './support.repository.ts';
import { announceTicketChange, guestLink, loadReferences, requireTicketId } from './support.service.ts';

/*
 * Support tickets, staff's side (backoffice, `support` and `admin` staff alike): the queue, a
 * ticket with the person's name and address (staff only), answering, changing the status and
 * taking a ticket. Opening a ticket (once per opening), answers, status changes and assignments are
 * audited with the person as target.
 * A person who is not connected when staff answer gets a mail with a link back; visitors, who
 * have no live connection, always do. Staff get no mail: they have the queue.
 */

async function presentStaffTickets(
  deps: SupportDeps,
  executor: Executor,
  rows: readonly repository.TicketRow[],
): Promise<StaffTicket[]> {
  const requesterIds = rows.flatMap((row) => (row.requesterPartyId ? [row.requesterPartyId] : []));
  const assigneeIds = rows.flatMap((row) => (row.assignedPartyId ? [row.assignedPartyId] : []));
  const [references, people, names] = await Promise.all([
    loadReferences(deps, executor, rows),
    findPeopleByIds(executor, requesterIds),
    partyNames(executor, assigneeIds),
  ]);
  const requesters = new Map(
    [...people].map(([id, person]) => [
      id,
      {
        name: [person.firstName, person.lastName].filter(Boolean).join(' ').trim() || null,
        email: person.email,
      },
    ]),
  );
  return rows.map((row) => presentStaffTicket(row, references, requesters, names));
}

/** GET /api/backoffice/tickets: the queue, newest activity first, with the count of each status. */
export async function listTickets(
  deps: SupportDeps,
  status: TicketStatus | undefined,
): Promise<StaffTicketList> {
  const [rows, counts] = await Promise.all([
    repository.listConfirmedTickets(deps.db, status),
    repository.countConfirmedTicketsByStatus(deps.db),
  ]);
  return {
    tickets: await presentStaffTickets(deps, deps.db, rows),
    counts: {
      open: counts.get('open') ?? 0,
      waiting: counts.get('waiting') ?? 0,
      closed: counts.get('closed') ?? 0,
    },
  };
}

/** A ticket staff may see: one that reached them (a visitor's unconfirmed question has not). */
async function requireQueuedTicket(executor: Executor, ticketId: string, lock = false) {
  const row = await repository.findTicket(executor, requireTicketId(ticketId), lock);
  if (!row?.confirmedAt) throw new AppError('not_found');
  return row;
}

async function withMessages(
  deps: SupportDeps,
  executor: Executor,
  row: repository.TicketRow,
): Promise<StaffTicketWithMessages> {
  const messages = await repository.listMessages(executor, row.id);
  const [[ticket], names] = await Promise.all([
    presentStaffTickets(deps, executor, [row]),
    partyNames(
      executor,
      messages.flatMap((message) => (message.staffPartyId ? [message.staffPartyId] : [])),
    ),
  ]);
  if (!ticket) throw new Error('a ticket came back empty');
  return { ticket, messages: messages.map((message) => presentSupportMessage(message, names)) };
}

/**
 * How long one staff member's reading of a ticket counts as one opening. The ticket page refetches
 * the ticket on every live event, on focus and on reconnect, so a request is not an opening: a read
 * is audited unless the same staff member's read of the same ticket was audited within the last 30
 * minutes (one sitting at the ticket, however often it refetches). Someone coming back later, or
 * a colleague, is audited again; so is someone keeping it open for hours, once every 30 minutes.
 */
const TICKET_OPENING_MS = 30 * 60 * 1000;

/**
 * GET /api/backoffice/tickets/{ticket_id}: the ticket shows the person's name, address and words,
 * so staff reading it is audited like their other look-ups (`support.ticket_viewed`, target the
 * person, none for a visitor), once per opening (TICKET_OPENING_MS). Two first requests at the same
 * moment may both be audited: a row too many is harmless, a missing one is not. It is not in the
 * person's access log (access-log-actions.ts): that list holds look-ups the person did not ask for
 * (their page, bikes, private data, policies), while here they asked us to read what they wrote,
 * as with the answers and status changes, which are not in it either.
 */
export async function getTicket(
  deps: SupportDeps,
  auth: RequestAuth,
  ticketId: string,
): Promise<StaffTicketWithMessages> {
  const row = await requireQueuedTicket(deps.db, ticketId);
  const now = new Date();
  const isSameOpening = await wasAuditedSince(deps.db, {
    action: 'support.ticket_viewed',
    actorPartyId: auth.identityPartyId,
    subject: { ticket_id: row.id },
    since: new Date(now.getTime() - TICKET_OPENING_MS),
  });
  if (!isSameOpening) {
    await recordAuditEventBy(deps.db, auth, {
      action: 'support.ticket_viewed',
      targetPartyId: row.requesterPartyId,
      details: { ticket_id: row.id },
      now,
    });
  }
  return withMessages(deps, deps.db, row);
}

/** Where an answer is mailed when the person is not connected: their address, or the visitor's. */
async function answerMail(deps: SupportDeps, executor: Executor, row: repository.TicketRow) {
  if (row.requesterPartyId) {
    const person = await findPersonById(executor, row.requesterPartyId);
    if (!person || person.deletedAt) return null;
    const link = `${deps.publicUrl}/support/chat?ticket=${row.id}`;
    return supportAnsweredMail({ to: person.email, language: person.language, link });
  }
  if (!row.guestEmail) return null;
  return supportAnsweredMail({
    to: row.guestEmail,
    language: row.guestLanguage ?? 'en',
    link: guestLink(deps, row.id),
  });
}

/**
 * POST /api/backoffice/tickets/{ticket_id}/messages: staff answer. The ticket then waits for the
 * person (waiting) and is taken by whoever answered if nobody had it. The person sees it live; if
 * they are not connected at that moment (no open websocket on any instance), a mail with a link back
 * is queued in the same transaction.
 */
export async function answerTicket(
  deps: SupportDeps,
  auth: RequestAuth,
  ticketId: string,
  content: string,
  log?: FastifyBaseLogger,
): Promise<SupportMessage> {
  const before = await requireQueuedTicket(deps.db, ticketId);
  const isConnected = before.requesterPartyId ? await deps.hub.isOnline(before.requesterPartyId) : false;
  const { row, message } = await deps.db.transaction(async (tx) => {
    const locked = await requireQueuedTicket(tx, ticketId, true);
    const now = new Date();
    const written = await repository.insertMessage(tx, {
      id: uuidv7(now.getTime()),
      ticketId: locked.id,
      authorKind: 'staff',
      staffPartyId: auth.identityPartyId,
      content,
      createdAt: now,
    });
    await repository.updateTicket(tx, locked.id, {
      status: 'waiting',
      closedAt: null,
      lastMessageAt: now,
      assignedPartyId: locked.assignedPartyId ?? auth.identityPartyId,
    });
    await recordAuditEventBy(tx, auth, {
      action: 'support.ticket_answered',
      targetPartyId: locked.requesterPartyId,
      details: { ticket_id: locked.id, message_id: written.id },
    });
    if (!isConnected) {
      const mail = await answerMail(deps, tx, locked);
      if (mail) await enqueueMail(tx, mail);
    }
    return { row: locked, message: written };
  });
  await announceTicketChange(
    deps,
    {
      ticketId: row.id,
      requesterPartyId: row.requesterPartyId,
      messageId: message.id,
      ...(row.status !== 'waiting' ? { status: 'waiting' as const } : {}),
    },
    log,
  );
  const names = await partyNames(deps.db, [auth.identityPartyId]);
  return presentSupportMessage(message, names);
}

/** PATCH /api/backoffice/tickets/{ticket_id}: a new status, and/or staff take the ticket. Audited. */
export async function updateTicket(
  deps: SupportDeps,
  auth: RequestAuth,
  ticketId: string,
  input: StaffTicketUpdate,
  log?: FastifyBaseLogger,
): Promise<StaffTicketWithMessages> {
  const { row, statusChanged } = await deps.db.transaction(async (tx) => {
    const locked = await requireQueuedTicket(tx, ticketId, true);
    const changes: Partial<repository.NewTicket> = {};
    const now = new Date();
    const statusChanged = input.status !== undefined && input.status !== locked.status;
    if (statusChanged && input.status) {
      changes.status = input.status;
      changes.closedAt = input.status === 'closed' ? now : null;
      await recordAuditEventBy(tx, auth, {
        action: 'support.ticket_status_changed',
        targetPartyId: locked.requesterPartyId,
        details: { ticket_id: locked.id, from: locked.status, to: input.status },
      });
    }
    if (input.assign_to_me && locked.assignedPartyId !== auth.identityPartyId) {
      changes.assignedPartyId = auth.identityPartyId;
      await recordAuditEventBy(tx, auth, {
        action: 'support.ticket_assigned',
        targetPartyId: locked.requesterPartyId,
        details: { ticket_id: locked.id, from: locked.assignedPartyId },
      });
    }
    if (Object.keys(changes).length > 0) await repository.updateTicket(tx, locked.id, changes);
    return { row: { ...locked, ...changes } as repository.TicketRow, statusChanged };
  });
  if (statusChanged) {
    await announceTicketChange(
      deps,
      { ticketId: row.id, requesterPartyId: row.requesterPartyId, status: row.status as TicketStatus },
      log,
    );
  }
  return withMessages(deps, deps.db, row);
}
