import type {
  GuestTicketCreate,
  GuestTicketKey,
  RealtimeEventOfSupport,
  SupportMessage,
  Ticket,
  TicketCreate,
  TicketStatus,
  TicketWithMessages,
} from '@nbr/domain/support';
import { SUPPORT_CONFIRMATION_TTL_HOURS, SUPPORT_GUEST_LINK_TTL_DAYS } from '@nbr/domain/support';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/client.ts';
import type { RequestAuth } from '../../platform/auth/authenticate.ts';
import { AppError, ValidationError } from '../../platform/errors.ts';
import { isUuid, uuidv7 } from '../../platform/ids.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { describeBikesForOwnership, requireOwnBikeForOwnership } from '../bikes/bikes.facade.ts';
import { partyNames, staffPartyIds } from '../identity/identity.facade.ts';
import { findOrderOfParty, findOrdersByIds } from '../webshop/webshop.facade.ts';
import type { SupportDeps } from './support.deps.ts';
import { guestConfirmationMail } from './support.mails.ts';
import { presentSupportMessage, presentTicket, type TicketReferences } from './support.presenter.ts';
import * as repository from './support.repository.ts';

/*
 * Support tickets (issue 17 §2), the asking side: a signed-in person opens a ticket about their
 * account, one of their bikes or one of their orders and writes in it; a visitor writes with an
 * address, and the ticket reaches staff only once the visitor follows the link mailed there (the
 * link, signed and valid SUPPORT_GUEST_LINK_TTL_DAYS, is also how the visitor comes back: every
 * mail to them carries a fresh one). Statuses: open (waits for staff) → waiting (staff answered)
 * → closed; the person writing again opens the ticket again, from waiting and from closed alike.
 * Live delivery (`announce…`) runs after commit, best effort: the message is stored either way.
 * Staff's side is support-staff.service.ts.
 */

const HOUR_MS = 60 * 60 * 1000;

export function requireTicketId(value: string): string {
  if (!isUuid(value)) throw new AppError('not_found');
  return value.toLowerCase();
}

/** The bikes and orders a page of tickets is about, in a fixed number of queries. */
export async function loadReferences(
  deps: Pick<SupportDeps, 'signer'>,
  executor: Executor,
  rows: readonly repository.TicketRow[],
): Promise<TicketReferences> {
  const bikeIds = rows.flatMap((row) => (row.bikeId ? [row.bikeId] : []));
  const orderIds = rows.flatMap((row) => (row.orderId ? [row.orderId] : []));
  const [described, orders] = await Promise.all([
    describeBikesForOwnership(executor, deps.signer, bikeIds, 'transfer'),
    findOrdersByIds(executor, orderIds),
  ]);
  const bikes = new Map(
    [...described].map(([id, bike]) => [
      id,
      { nickname: bike.nickname, brand: bike.brand, frameNumber: bike.frame_number },
    ]),
  );
  return { bikes, orders };
}

// --- live delivery -----------------------------------------------------------------------------------

/** What changed in a ticket, to announce after commit. */
export interface TicketChange {
  ticketId: string;
  requesterPartyId: string | null;
  messageId?: string;
  /** The new status, when it changed (or the ticket is new to staff). */
  status?: TicketStatus;
}

/**
 * Pushes a change to the person who asked (as they see it: staff sign as support) and to every
 * staff member (with their colleague's name). Never throws: the change is stored, a page that
 * missed it fetches it again.
 */
export async function announceTicketChange(
  deps: SupportDeps,
  change: TicketChange,
  log?: Pick<FastifyBaseLogger, 'warn'>,
): Promise<void> {
  try {
    const staff = await staffPartyIds(deps.db);
    const events: Array<{ partyId: string; event: RealtimeEventOfSupport }> = [];
    if (change.messageId) {
      const row = await repository.findMessage(deps.db, change.messageId);
      if (row) {
        const names = await partyNames(deps.db, row.staffPartyId ? [row.staffPartyId] : []);
        const forStaff = presentSupportMessage(row, names);
        const forPerson = presentSupportMessage(row, null);
        if (change.requesterPartyId) {
          events.push({
            partyId: change.requesterPartyId,
            event: { type: 'support.message', ticket_id: change.ticketId, message: forPerson },
          });
        }
        for (const partyId of staff) {
          events.push({
            partyId,
            event: { type: 'support.message', ticket_id: change.ticketId, message: forStaff },
          });
        }
      }
    }
    if (change.status) {
      const event: RealtimeEventOfSupport = {
        type: 'support.ticket',
        ticket_id: change.ticketId,
        status: change.status,
      };
      for (const partyId of [change.requesterPartyId, ...staff]) {
        if (partyId) events.push({ partyId, event });
      }
    }
    await Promise.all(events.map(({ partyId, event }) => deps.hub.publish(partyId, event)));
  } catch (error) {
    log?.warn({ err: error }, 'announcing a support change failed');
  }
}

// --- the person --------------------------------------------------------------------------------------

async function withMessages(
  deps: SupportDeps,
  executor: Executor,
  row: repository.TicketRow,
): Promise<TicketWithMessages> {
  const [references, messages] = await Promise.all([
    loadReferences(deps, executor, [row]),
    repository.listMessages(executor, row.id),
  ]);
  return {
    ticket: presentTicket(row, references),
    messages: messages.map((message) => presentSupportMessage(message, null)),
  };
}

/** The person's bike or order the ticket is about; anyone else's is refused like an unknown one. */
async function checkReferences(
  executor: Executor,
  auth: RequestAuth,
  input: TicketCreate,
): Promise<{ bikeId: string | null; orderId: string | null }> {
  if (input.subject_kind === 'bike' && input.bike_id) {
    try {
      const bike = await requireOwnBikeForOwnership(executor, auth, input.bike_id);
      return { bikeId: bike.bikeId, orderId: null };
    } catch (error) {
      if (error instanceof AppError && error.code === 'not_found')
        throw new ValidationError([{ loc: ['body', 'bike_id'], type: 'not_found' }]);
      throw error;
    }
  }
  if (input.subject_kind === 'order' && input.order_id) {
    const order = await findOrderOfParty(executor, input.order_id.toLowerCase(), auth.partyId);
    if (!order) throw new ValidationError([{ loc: ['body', 'order_id'], type: 'not_found' }]);
    return { bikeId: null, orderId: order.id };
  }
  return { bikeId: null, orderId: null };
}

/** POST /api/support/tickets: a new conversation with support; it reaches the staff queue at once. */
export async function openTicket(
  deps: SupportDeps,
  auth: RequestAuth,
  input: TicketCreate,
  log?: FastifyBaseLogger,
): Promise<TicketWithMessages> {
  const { row, messageId } = await deps.db.transaction(async (tx) => {
    const { bikeId, orderId } = await checkReferences(tx, auth, input);
    const now = new Date();
    const id = uuidv7(now.getTime());
    await repository.insertTicket(tx, {
      id,
      subjectKind: input.subject_kind,
      bikeId,
      orderId,
      status: 'open',
      requesterPartyId: auth.identityPartyId,
      confirmedAt: now,
      createdAt: now,
      lastMessageAt: now,
    });
    const message = await repository.insertMessage(tx, {
      id: uuidv7(now.getTime()),
      ticketId: id,
      authorKind: 'person',
      content: input.message,
      createdAt: now,
    });
    const stored = await repository.findTicket(tx, id);
    if (!stored) throw new Error('a ticket just opened is missing');
    return { row: stored, messageId: message.id };
  });
  await announceTicketChange(
    deps,
    { ticketId: row.id, requesterPartyId: row.requesterPartyId, messageId, status: 'open' },
    log,
  );
  return withMessages(deps, deps.db, row);
}

/** GET /api/support/tickets: the person's tickets, newest activity first. */
export async function listMyTickets(deps: SupportDeps, auth: RequestAuth): Promise<Ticket[]> {
  const rows = await repository.listTicketsOfRequester(deps.db, auth.identityPartyId);
  const references = await loadReferences(deps, deps.db, rows);
  return rows.map((row) => presentTicket(row, references));
}

async function requireMyTicket(executor: Executor, auth: RequestAuth, ticketId: string, lock = false) {
  const row = await repository.findTicket(executor, requireTicketId(ticketId), lock);
  // Someone else's ticket answers exactly like one that does not exist.
  if (!row || row.requesterPartyId !== auth.identityPartyId) throw new AppError('not_found');
  return row;
}

/** GET /api/support/tickets/{ticket_id}: one of my tickets with its messages. */
export async function getMyTicket(
  deps: SupportDeps,
  auth: RequestAuth,
  ticketId: string,
): Promise<TicketWithMessages> {
  return withMessages(deps, deps.db, await requireMyTicket(deps.db, auth, ticketId));
}

/**
 * The person (or visitor) writes in their ticket: it waits for staff again (open), whether staff had
 * answered (waiting) or closed it — writing again is how a closed question comes back.
 */
async function writeAsPerson(executor: Executor, row: repository.TicketRow, content: string) {
  const now = new Date();
  const message = await repository.insertMessage(executor, {
    id: uuidv7(now.getTime()),
    ticketId: row.id,
    authorKind: 'person',
    content,
    createdAt: now,
  });
  await repository.updateTicket(executor, row.id, { status: 'open', closedAt: null, lastMessageAt: now });
  return { message, statusChanged: row.status !== 'open' };
}

/** POST /api/support/tickets/{ticket_id}/messages. */
export async function postMyMessage(
  deps: SupportDeps,
  auth: RequestAuth,
  ticketId: string,
  content: string,
  log?: FastifyBaseLogger,
): Promise<SupportMessage> {
  const { row, message, statusChanged } = await deps.db.transaction(async (tx) => {
    const locked = await requireMyTicket(tx, auth, ticketId, true);
    return { row: locked, ...(await writeAsPerson(tx, locked, content)) };
  });
  await announceTicketChange(
    deps,
    {
      ticketId: row.id,
      requesterPartyId: row.requesterPartyId,
      messageId: message.id,
      ...(statusChanged ? { status: 'open' as const } : {}),
    },
    log,
  );
  return presentSupportMessage(message, null);
}

// --- visitors ----------------------------------------------------------------------------------------

/** What a visitor's links sign: one ticket. */
function guestPath(ticketId: string): string {
  return `/api/support/guest-tickets/${ticketId}`;
}

/** The page a visitor's mailed link opens, signed for SUPPORT_GUEST_LINK_TTL_DAYS. */
export function guestLink(deps: Pick<SupportDeps, 'signer' | 'publicUrl'>, ticketId: string): string {
  const signed = deps.signer.sign(guestPath(ticketId), SUPPORT_GUEST_LINK_TTL_DAYS * 24 * 3600);
  const query = new URLSearchParams(signed.slice(signed.indexOf('?') + 1));
  const link = new URLSearchParams({
    ticket: ticketId,
    expires: query.get('expires') ?? '',
    signature: query.get('signature') ?? '',
  });
  return `${deps.publicUrl}/support/chat?${link.toString()}`;
}

/** The ticket a visitor's link opens; a wrong, expired or forgotten one is refused alike. */
async function requireGuestTicket(
  deps: SupportDeps,
  executor: Executor,
  ticketId: string,
  key: GuestTicketKey,
  lock = false,
): Promise<repository.TicketRow> {
  if (!isUuid(ticketId)) throw new AppError('support_link_invalid');
  const id = ticketId.toLowerCase();
  if (!deps.signer.verify(guestPath(id), key.expires, key.signature))
    throw new AppError('support_link_invalid');
  const row = await repository.findTicket(executor, id, lock);
  if (!row || row.guestEmail === null) throw new AppError('support_link_invalid');
  return row;
}

/**
 * POST /api/support/guest-tickets: a visitor's question waits for the visitor to follow the link
 * mailed to the address they gave (anyone can type anyone's address); unconfirmed questions go after
 * SUPPORT_CONFIRMATION_TTL_HOURS. The same answer whether or not the address has an account.
 */
export async function openGuestTicket(
  deps: SupportDeps,
  input: GuestTicketCreate,
  language: string,
): Promise<{ confirmation_sent: true }> {
  // A form-filling robot: accepted so it learns nothing, and nothing is written or sent.
  if (input.website?.trim()) return { confirmation_sent: true };
  await deps.db.transaction(async (tx) => {
    const now = new Date();
    await repository.deleteUnconfirmedBefore(
      tx,
      new Date(now.getTime() - SUPPORT_CONFIRMATION_TTL_HOURS * HOUR_MS),
    );
    const id = uuidv7(now.getTime());
    await repository.insertTicket(tx, {
      id,
      subjectKind: 'account',
      status: 'open',
      guestEmail: input.email,
      guestLanguage: language,
      createdAt: now,
      lastMessageAt: now,
    });
    await repository.insertMessage(tx, {
      id: uuidv7(now.getTime()),
      ticketId: id,
      authorKind: 'person',
      content: input.message,
      createdAt: now,
    });
    // Through the outbox: the mail goes exactly when the question is stored.
    await enqueueMail(tx, guestConfirmationMail({ to: input.email, language, link: guestLink(deps, id) }));
  });
  return { confirmation_sent: true };
}

/**
 * POST /api/support/guest-tickets/{ticket_id}/open: the visitor followed a mailed link. The first
 * time, that confirms the address and the question reaches staff; every time, it answers the
 * conversation (the page asks again to see new answers).
 */
export async function openGuestConversation(
  deps: SupportDeps,
  ticketId: string,
  key: GuestTicketKey,
  log?: FastifyBaseLogger,
): Promise<TicketWithMessages> {
  const { row, confirmedNow } = await deps.db.transaction(async (tx) => {
    const locked = await requireGuestTicket(deps, tx, ticketId, key, true);
    if (locked.confirmedAt) return { row: locked, confirmedNow: false };
    const now = new Date();
    await repository.updateTicket(tx, locked.id, { confirmedAt: now });
    return { row: { ...locked, confirmedAt: now }, confirmedNow: true };
  });
  if (confirmedNow) {
    const [first] = await repository.listMessages(deps.db, row.id);
    await announceTicketChange(
      deps,
      { ticketId: row.id, requesterPartyId: null, status: 'open', ...(first ? { messageId: first.id } : {}) },
      log,
    );
  }
  return withMessages(deps, deps.db, row);
}

/** POST /api/support/guest-tickets/{ticket_id}/messages: a visitor writes again through their link. */
export async function postGuestMessage(
  deps: SupportDeps,
  ticketId: string,
  input: GuestTicketKey & { content: string },
  log?: FastifyBaseLogger,
): Promise<SupportMessage> {
  const { row, message, statusChanged } = await deps.db.transaction(async (tx) => {
    const locked = await requireGuestTicket(deps, tx, ticketId, input, true);
    // Following the link proved the address, whichever page of it the visitor used first.
    if (!locked.confirmedAt) await repository.updateTicket(tx, locked.id, { confirmedAt: new Date() });
    const written = await writeAsPerson(tx, locked, input.content);
    return { row: locked, ...written, statusChanged: written.statusChanged || !locked.confirmedAt };
  });
  await announceTicketChange(
    deps,
    {
      ticketId: row.id,
      requesterPartyId: null,
      messageId: message.id,
      ...(statusChanged ? { status: 'open' as const } : {}),
    },
    log,
  );
  return presentSupportMessage(message, null);
}

/**
 * A person has proven their address (use-cases/address-proven.ts, in identity's transaction): the
 * questions they asked as a visitor from it, once confirmed, join their tickets, so the conversation
 * goes on signed in (live, in their list). The visitor's link keeps working. Unconfirmed questions
 * stay out: someone else may have typed the address.
 */
export async function claimGuestTickets(
  executor: Executor,
  person: { partyId: string; email: string; emailVerifiedAt: Date | null },
): Promise<void> {
  if (!person.emailVerifiedAt) return;
  await repository.claimGuestTickets(executor, person.email, person.partyId);
}
