import { and, asc, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { chatMessages, chatParticipants, chats } from '../../db/schema/chats.ts';
import { ownershipTransfers } from '../../db/schema/ownership.ts';

export type ChatRow = typeof chats.$inferSelect;
export type ParticipantRow = typeof chatParticipants.$inferSelect;
export type MessageRow = typeof chatMessages.$inferSelect;

/** The state of a transfer an offer message shows. */
export interface OfferTransferRow {
  id: string;
  status: string;
  expiresAt: Date;
  senderPartyId: string;
  recipientPartyId: string | null;
}

/** Inserts the chat unless its subject already has one (a concurrent first message); see openChat. */
export async function insertChat(executor: Executor, values: typeof chats.$inferInsert): Promise<void> {
  await executor.insert(chats).values(values).onConflictDoNothing();
}

export async function findChat(executor: Executor, chatId: string): Promise<ChatRow | null> {
  const [row] = await executor.select().from(chats).where(eq(chats.id, chatId));
  return row ?? null;
}

export async function findChatOfTransfer(executor: Executor, transferId: string): Promise<ChatRow | null> {
  const [row] = await executor.select().from(chats).where(eq(chats.transferId, transferId));
  return row ?? null;
}

export async function findChatOfRequest(executor: Executor, requestId: string): Promise<ChatRow | null> {
  const [row] = await executor.select().from(chats).where(eq(chats.requestId, requestId));
  return row ?? null;
}

/** The one chat a person started about a bike (contacting its owner). */
export async function findChatOfBikeStarter(
  executor: Executor,
  bikeId: string,
  startedByPartyId: string,
): Promise<ChatRow | null> {
  const [row] = await executor
    .select()
    .from(chats)
    .where(
      and(
        eq(chats.subjectKind, 'bike'),
        eq(chats.bikeId, bikeId),
        eq(chats.startedByPartyId, startedByPartyId),
      ),
    );
  return row ?? null;
}

/** The register's one chat with the owner of a bike (our staff write in it together). */
export async function findRegisterChatOfBike(executor: Executor, bikeId: string): Promise<ChatRow | null> {
  const [row] = await executor
    .select()
    .from(chats)
    .where(and(eq(chats.subjectKind, 'bike'), eq(chats.bikeId, bikeId), isNull(chats.startedByPartyId)));
  return row ?? null;
}

/** Adds the participant; one already there keeps their row (read position, role). */
export async function insertParticipant(
  executor: Executor,
  values: typeof chatParticipants.$inferInsert,
): Promise<void> {
  await executor.insert(chatParticipants).values(values).onConflictDoNothing();
}

export async function findParticipants(
  executor: Executor,
  chatIds: readonly string[],
): Promise<ParticipantRow[]> {
  if (chatIds.length === 0) return [];
  return executor
    .select()
    .from(chatParticipants)
    .where(inArray(chatParticipants.chatId, [...chatIds]));
}

export async function showParticipantName(
  executor: Executor,
  chatId: string,
  partyId: string,
): Promise<void> {
  await executor
    .update(chatParticipants)
    .set({ isNameVisible: true })
    .where(and(eq(chatParticipants.chatId, chatId), eq(chatParticipants.partyId, partyId)));
}

/** Moves the participant's read position to this message (a writer has read their own message). */
export async function markRead(
  executor: Executor,
  chatId: string,
  partyId: string,
  messageId: string,
): Promise<void> {
  await executor
    .update(chatParticipants)
    .set({ lastReadMessageId: messageId })
    .where(and(eq(chatParticipants.chatId, chatId), eq(chatParticipants.partyId, partyId)));
}

/**
 * A message the register wrote is read by the register's whole side: staff write as one, so a
 * colleague's message (and what it answered) is not news to the others, nor worth a mail.
 */
export async function markReadByRegister(
  executor: Executor,
  chatId: string,
  messageId: string,
): Promise<void> {
  await executor
    .update(chatParticipants)
    .set({ lastReadMessageId: messageId })
    .where(
      and(
        eq(chatParticipants.chatId, chatId),
        eq(chatParticipants.role, 'register'),
        or(isNull(chatParticipants.lastReadMessageId), lt(chatParticipants.lastReadMessageId, messageId)),
      ),
    );
}

export async function insertMessage(
  executor: Executor,
  values: typeof chatMessages.$inferInsert,
): Promise<MessageRow> {
  const [row] = await executor.insert(chatMessages).values(values).returning();
  if (!row) throw new Error('inserting a chat message returned nothing');
  await executor.update(chats).set({ lastMessageAt: row.createdAt }).where(eq(chats.id, row.chatId));
  return row;
}

export async function findMessagesByIds(
  executor: Executor,
  messageIds: readonly string[],
): Promise<MessageRow[]> {
  if (messageIds.length === 0) return [];
  return executor
    .select()
    .from(chatMessages)
    .where(inArray(chatMessages.id, [...messageIds]));
}

export async function findOfferTransfers(
  executor: Executor,
  transferIds: readonly string[],
): Promise<Map<string, OfferTransferRow>> {
  if (transferIds.length === 0) return new Map();
  const rows = await executor
    .select({
      id: ownershipTransfers.id,
      status: ownershipTransfers.status,
      expiresAt: ownershipTransfers.expiresAt,
      senderPartyId: ownershipTransfers.senderPartyId,
      recipientPartyId: ownershipTransfers.recipientPartyId,
    })
    .from(ownershipTransfers)
    .where(inArray(ownershipTransfers.id, [...new Set(transferIds)]));
  return new Map(rows.map((row) => [row.id, row]));
}

// --- reading chats for a party -----------------------------------------------------------------------

/** A chat with the reader's own participant row and how many messages they have not read. */
export interface ChatOfParty {
  chat: ChatRow;
  me: ParticipantRow;
  unreadCount: number;
}

/** Lower than every message id: "nothing read yet" as a bound the (chat_id, id) index can range over. */
const NO_MESSAGE = '00000000-0000-0000-0000-000000000000';

/**
 * Messages in the participant's chat newer than their read position and not written by them (the
 * register's own messages count: an offer is news). uuidv7 ids order like time, so `>` is "newer".
 */
const isUnreadBy = (participant: typeof chatParticipants) =>
  sql`${chatMessages.id} > coalesce(${participant.lastReadMessageId}, ${NO_MESSAGE}::uuid)
    and ${chatMessages.senderPartyId} is distinct from ${participant.partyId}`;

/**
 * The chats of a party (all, or those of `chatIds`), newest activity first, each with its unread
 * count: one query, whatever the number of chats.
 */
export async function findChatsOfParty(
  executor: Executor,
  partyId: string,
  chatIds?: readonly string[],
): Promise<ChatOfParty[]> {
  if (chatIds?.length === 0) return [];
  const unreadCount = sql<number>`(
    select count(*)::int from ${chatMessages}
    where ${chatMessages.chatId} = ${chats.id} and ${isUnreadBy(chatParticipants)}
  )`;
  const rows = await executor
    .select({ chat: chats, me: chatParticipants, unreadCount })
    .from(chatParticipants)
    .innerJoin(chats, eq(chats.id, chatParticipants.chatId))
    .where(
      and(
        eq(chatParticipants.partyId, partyId),
        chatIds ? inArray(chatParticipants.chatId, [...chatIds]) : undefined,
      ),
    )
    .orderBy(desc(chats.lastMessageAt), desc(chats.id));
  return rows.map((row) => ({ ...row, unreadCount: Number(row.unreadCount) }));
}

export async function findParticipant(
  executor: Executor,
  chatId: string,
  partyId: string,
): Promise<ParticipantRow | null> {
  const [row] = await executor
    .select()
    .from(chatParticipants)
    .where(and(eq(chatParticipants.chatId, chatId), eq(chatParticipants.partyId, partyId)));
  return row ?? null;
}

/** Every unread message of a party, over all its chats (the sidebar badge). */
export async function countUnreadOfParty(executor: Executor, partyId: string): Promise<number> {
  // Per chat of the party, a range of the (chat_id, id) index: the cost follows the unread messages,
  // not the size of the table (a join here made the planner read every message).
  const [row] = await executor
    .select({
      // Spelled out with table names: in a one-table select Drizzle leaves columns unqualified, and
      // inside the subquery they would then mean chat_messages' own columns.
      count: sql<number>`coalesce(sum((
        select count(*) from chat_messages m
        where m.chat_id = chat_participants.chat_id
          and m.id > coalesce(chat_participants.last_read_message_id, ${NO_MESSAGE}::uuid)
          and m.sender_party_id is distinct from chat_participants.party_id
      )), 0)::int`,
    })
    .from(chatParticipants)
    .where(eq(chatParticipants.partyId, partyId));
  return Number(row?.count ?? 0);
}

/**
 * The newest message of each chat: one backward step on the (chat_id, id) index per chat (a LATERAL
 * LIMIT 1), so a long chat costs no more than a short one.
 */
export async function findLatestMessages(
  executor: Executor,
  chatIds: readonly string[],
): Promise<Map<string, MessageRow>> {
  if (chatIds.length === 0) return new Map();
  const latest = executor
    .select()
    .from(chatMessages)
    .where(sql`${chatMessages.chatId} = wanted.id`)
    .orderBy(desc(chatMessages.id))
    .limit(1)
    .as('latest');
  const rows: MessageRow[] = await executor
    .select({
      id: latest.id,
      chatId: latest.chatId,
      senderPartyId: latest.senderPartyId,
      kind: latest.kind,
      content: latest.content,
      systemEvent: latest.systemEvent,
      transferId: latest.transferId,
      createdAt: latest.createdAt,
    })
    .from(sql`unnest(${sql.param([...chatIds])}::uuid[]) as wanted(id)`)
    .innerJoinLateral(latest, sql`true`);
  return new Map(rows.map((message) => [message.chatId, message]));
}

/** Up to `limit` messages of a chat older than `beforeId` (or the newest), newest first. */
export async function findMessagesBefore(
  executor: Executor,
  chatId: string,
  beforeId: string | null,
  limit: number,
): Promise<MessageRow[]> {
  return executor
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.chatId, chatId), beforeId ? lt(chatMessages.id, beforeId) : undefined))
    .orderBy(desc(chatMessages.id))
    .limit(limit);
}

export async function findMessageInChat(
  executor: Executor,
  chatId: string,
  messageId: string,
): Promise<MessageRow | null> {
  const [row] = await executor
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.chatId, chatId), eq(chatMessages.id, messageId)));
  return row ?? null;
}

/** Moves the read position to the message unless it is already there or further; answers whether it moved. */
export async function advanceReadPosition(
  executor: Executor,
  chatId: string,
  partyId: string,
  messageId: string,
): Promise<boolean> {
  const rows = await executor
    .update(chatParticipants)
    .set({ lastReadMessageId: messageId })
    .where(
      and(
        eq(chatParticipants.chatId, chatId),
        eq(chatParticipants.partyId, partyId),
        or(isNull(chatParticipants.lastReadMessageId), lt(chatParticipants.lastReadMessageId, messageId)),
      ),
    )
    .returning({ chatId: chatParticipants.chatId });
  return rows.length > 0;
}

// --- unread-message e-mails ----------------------------------------------------------------------------

/**
 * A message someone has neither read nor been mailed about. The window keeps the scan on the
 * primary key's range (uuidv7 ids start with their time) instead of every chat ever written.
 */
const isUnnotifiedBy = (participant: typeof chatParticipants) =>
  sql`(${participant.lastNotifiedMessageId} is null or ${chatMessages.id} > ${participant.lastNotifiedMessageId})`;

/**
 * Only what people write brings a mail: the register's own messages (offers, their outcome) come
 * with mails of their own from the ownership module, and a second one about them would be noise.
 */
const isWrittenByPerson = sql`${chatMessages.senderPartyId} is not null`;

/**
 * Parties (after `afterPartyId`, in id order) with a message written between `fromId` (a uuidv7
 * bound) and `cutoff` that they have neither read nor been mailed about.
 */
export async function findPartiesToNotify(
  executor: Executor,
  window: { fromId: string; cutoff: Date },
  afterPartyId: string | null,
  limit: number,
): Promise<string[]> {
  const rows = await executor
    .selectDistinct({ partyId: chatParticipants.partyId })
    .from(chatMessages)
    .innerJoin(chatParticipants, eq(chatParticipants.chatId, chatMessages.chatId))
    .where(
      and(
        sql`${chatMessages.id} >= ${window.fromId}`,
        sql`${chatMessages.createdAt} <= ${window.cutoff.toISOString()}::timestamptz`,
        afterPartyId ? sql`${chatParticipants.partyId} > ${afterPartyId}` : undefined,
        isWrittenByPerson,
        isUnreadBy(chatParticipants),
        isUnnotifiedBy(chatParticipants),
      ),
    )
    .orderBy(asc(chatParticipants.partyId))
    .limit(limit);
  return rows.map((row) => row.partyId);
}

/**
 * Locks every chat row of the party for the notifying transaction, skipping rows someone holds
 * (another instance mailing this party, or a message being written): answers whether it got them
 * all, so the caller backs off instead of mailing about half the chats.
 */
export async function lockParticipantsOfParty(executor: Executor, partyId: string): Promise<string[] | null> {
  const locked = await executor
    .select({ chatId: chatParticipants.chatId })
    .from(chatParticipants)
    .where(eq(chatParticipants.partyId, partyId))
    .orderBy(asc(chatParticipants.chatId))
    .for('update', { skipLocked: true });
  const [all] = await executor
    .select({ count: sql<number>`count(*)::int` })
    .from(chatParticipants)
    .where(eq(chatParticipants.partyId, partyId));
  return locked.length === Number(all?.count ?? 0) ? locked.map((row) => row.chatId) : null;
}

export interface UnreadNotice {
  chatId: string;
  subjectKind: string;
  bikeId: string | null;
  unreadCount: number;
  /** The newest unread message: the mail covers everything up to it. */
  newestUnreadId: string;
  /** Whether an unread message older than the cutoff has not been mailed about yet. */
  isDue: boolean;
}

/** Per chat of the party: its unread messages, as of the locked participant rows. */
export async function findUnreadNotices(
  executor: Executor,
  partyId: string,
  chatIds: readonly string[],
  cutoff: Date,
): Promise<UnreadNotice[]> {
  if (chatIds.length === 0) return [];
  const rows = await executor
    .select({
      chatId: chats.id,
      subjectKind: chats.subjectKind,
      bikeId: chats.bikeId,
      unreadCount: sql<number>`count(*)::int`,
      // uuid has no max() on PostgreSQL 15; the lower-case text form sorts the same way.
      newestUnreadId: sql<string>`max(${chatMessages.id}::text)`,
      isDue: sql<boolean>`bool_or(${isWrittenByPerson} and ${isUnnotifiedBy(chatParticipants)} and ${chatMessages.createdAt} <= ${cutoff.toISOString()}::timestamptz)`,
    })
    .from(chatParticipants)
    .innerJoin(chats, eq(chats.id, chatParticipants.chatId))
    .innerJoin(chatMessages, eq(chatMessages.chatId, chatParticipants.chatId))
    .where(
      and(
        eq(chatParticipants.partyId, partyId),
        inArray(chatParticipants.chatId, [...chatIds]),
        isUnreadBy(chatParticipants),
      ),
    )
    .groupBy(chats.id, chats.subjectKind, chats.bikeId)
    .orderBy(asc(chats.id));
  return rows.map((row) => ({ ...row, unreadCount: Number(row.unreadCount), isDue: Boolean(row.isDue) }));
}

/** Records what the party has been mailed about, per chat. */
export async function markNotified(
  executor: Executor,
  partyId: string,
  notices: ReadonlyArray<{ chatId: string; newestUnreadId: string }>,
): Promise<void> {
  for (const notice of notices) {
    await executor
      .update(chatParticipants)
      .set({ lastNotifiedMessageId: notice.newestUnreadId })
      .where(and(eq(chatParticipants.chatId, notice.chatId), eq(chatParticipants.partyId, partyId)));
  }
}

/** Bike chats stop pointing at the bike (it changed hands); they stay as history between their participants. */
export async function detachBikeChats(executor: Executor, bikeId: string): Promise<void> {
  await executor
    .update(chats)
    .set({ bikeId: null })
    .where(and(eq(chats.subjectKind, 'bike'), eq(chats.bikeId, bikeId)));
}

// --- guests becoming account holders ---------------------------------------------------------------

/** The chats a party takes part in, by id. */
export async function findChatIdsOfParty(executor: Executor, partyId: string): Promise<string[]> {
  const rows = await executor
    .select({ chatId: chatParticipants.chatId })
    .from(chatParticipants)
    .where(eq(chatParticipants.partyId, partyId));
  return rows.map((row) => row.chatId);
}

/**
 * Moves a participant's place in a chat to another party: the row (read and mail positions kept,
 * a guest's role becomes a contact's), the messages they wrote, and the chat's starter. The moved
 * participant stays as anonymous as the guest was: proving the address is not choosing to show the
 * account's name to the other side (nor did the guest prove it when writing), so the name shows only
 * once they write from the account (postMessage).
 */
export async function repointParticipant(
  executor: Executor,
  chatId: string,
  fromPartyId: string,
  toPartyId: string,
): Promise<void> {
  await executor
    .update(chatParticipants)
    .set({
      partyId: toPartyId,
      role: sql`case when ${chatParticipants.role} = 'guest' then 'contact' else ${chatParticipants.role} end`,
      isNameVisible: false,
    })
    .where(and(eq(chatParticipants.chatId, chatId), eq(chatParticipants.partyId, fromPartyId)));
  await executor
    .update(chatMessages)
    .set({ senderPartyId: toPartyId })
    .where(and(eq(chatMessages.chatId, chatId), eq(chatMessages.senderPartyId, fromPartyId)));
  const [chat] = await executor.select().from(chats).where(eq(chats.id, chatId));
  if (chat?.startedByPartyId !== fromPartyId) return;
  // One chat per bike and starter: when the person already has their own about this bike, the moved
  // one keeps the guest as its starter (it stays a conversation of theirs all the same).
  const clash =
    chat.bikeId && chat.subjectKind === 'bike'
      ? await findChatOfBikeStarter(executor, chat.bikeId, toPartyId)
      : null;
  if (!clash) await executor.update(chats).set({ startedByPartyId: toPartyId }).where(eq(chats.id, chatId));
}
