import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lt, or, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { supportTicketMessages, supportTickets } from '../../db/schema/support.ts';

export type TicketRow = typeof supportTickets.$inferSelect;
export type NewTicket = typeof supportTickets.$inferInsert;
export type TicketMessageRow = typeof supportTicketMessages.$inferSelect;
export type NewTicketMessage = typeof supportTicketMessages.$inferInsert;

/** The staff queue shows this many tickets of a filter (newest activity first). */
export const STAFF_LIST_LIMIT = 100;

export async function insertTicket(executor: Executor, values: NewTicket): Promise<void> {
  await executor.insert(supportTickets).values(values);
}

export async function insertMessage(executor: Executor, values: NewTicketMessage): Promise<TicketMessageRow> {
  const [row] = await executor.insert(supportTicketMessages).values(values).returning();
  if (!row) throw new Error('a support message was not stored');
  return row;
}

export async function findTicket(
  executor: Executor,
  ticketId: string,
  lock = false,
): Promise<TicketRow | null> {
  const query = executor.select().from(supportTickets).where(eq(supportTickets.id, ticketId));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function updateTicket(
  executor: Executor,
  ticketId: string,
  values: Partial<Omit<NewTicket, 'id'>>,
): Promise<void> {
  await executor.update(supportTickets).set(values).where(eq(supportTickets.id, ticketId));
}

/** A person's tickets, newest activity first. */
export async function listTicketsOfRequester(executor: Executor, partyId: string): Promise<TicketRow[]> {
  return executor
    .select()
    .from(supportTickets)
    .where(eq(supportTickets.requesterPartyId, partyId))
    .orderBy(desc(supportTickets.lastMessageAt), desc(supportTickets.id));
}

/** The queue: confirmed tickets (of one status), newest activity first. */
export async function listConfirmedTickets(
  executor: Executor,
  status: string | undefined,
  limit = STAFF_LIST_LIMIT,
): Promise<TicketRow[]> {
  const filters: SQL[] = [isNotNull(supportTickets.confirmedAt)];
  if (status) filters.push(eq(supportTickets.status, status));
  return executor
    .select()
    .from(supportTickets)
    .where(and(...filters))
    .orderBy(desc(supportTickets.lastMessageAt), desc(supportTickets.id))
    .limit(limit);
}

export async function countConfirmedTicketsByStatus(executor: Executor): Promise<Map<string, number>> {
  const rows = await executor
    .select({ status: supportTickets.status, count: count() })
    .from(supportTickets)
    .where(isNotNull(supportTickets.confirmedAt))
    .groupBy(supportTickets.status);
  return new Map(rows.map((row) => [row.status, Number(row.count)]));
}

export async function listMessages(executor: Executor, ticketId: string): Promise<TicketMessageRow[]> {
  return executor
    .select()
    .from(supportTicketMessages)
    .where(eq(supportTicketMessages.ticketId, ticketId))
    .orderBy(asc(supportTicketMessages.id));
}

export async function findMessage(executor: Executor, messageId: string): Promise<TicketMessageRow | null> {
  const [row] = await executor
    .select()
    .from(supportTicketMessages)
    .where(eq(supportTicketMessages.id, messageId));
  return row ?? null;
}

/** Visitors' tickets nobody confirmed in time go (with their message). */
export async function deleteUnconfirmedBefore(executor: Executor, before: Date): Promise<number> {
  const gone = await executor
    .delete(supportTickets)
    .where(and(isNull(supportTickets.confirmedAt), lt(supportTickets.createdAt, before)))
    .returning({ id: supportTickets.id });
  return gone.length;
}

/** A person's tickets, and visitors' tickets written from their addresses (export, deletion). */
function ofPerson(partyId: string, addresses: readonly string[]): SQL {
  const byParty = eq(supportTickets.requesterPartyId, partyId);
  if (addresses.length === 0) return byParty;
  return or(byParty, inArray(supportTickets.guestEmail, [...addresses])) as SQL;
}

export async function findTicketsOfPerson(
  executor: Executor,
  partyId: string,
  addresses: readonly string[],
): Promise<TicketRow[]> {
  return executor
    .select()
    .from(supportTickets)
    .where(ofPerson(partyId, addresses))
    .orderBy(asc(supportTickets.createdAt), asc(supportTickets.id));
}

export async function findMessagesOfTickets(
  executor: Executor,
  ticketIds: readonly string[],
): Promise<TicketMessageRow[]> {
  if (ticketIds.length === 0) return [];
  return executor
    .select()
    .from(supportTicketMessages)
    .where(inArray(supportTicketMessages.ticketId, [...ticketIds]))
    .orderBy(asc(supportTicketMessages.id));
}

export async function deleteTicketsOfPerson(
  executor: Executor,
  partyId: string,
  addresses: readonly string[],
): Promise<void> {
  await executor.delete(supportTickets).where(ofPerson(partyId, addresses));
}

/** A visitor's confirmed tickets from this address become the person's (their account proved it). */
export async function claimGuestTickets(executor: Executor, email: string, partyId: string): Promise<void> {
  await executor
    .update(supportTickets)
    .set({ requesterPartyId: partyId })
    .where(
      and(
        eq(supportTickets.guestEmail, email),
        isNull(supportTickets.requesterPartyId),
        isNotNull(supportTickets.confirmedAt),
      ),
    );
}
