import { and, eq, inArray } from 'drizzle-orm';
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

export async function insertChat(executor: Executor, values: typeof chats.$inferInsert): Promise<void> {
  await executor.insert(chats).values(values);
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
