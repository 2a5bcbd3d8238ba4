import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { chatMessages, chatParticipants, chats } from '../../db/schema/chats.ts';
import { guestContactConfirmations, guestContacts } from '../../db/schema/theft.ts';

/**
 * Chats' section of the personal data export (use-cases/export-personal-data.ts): every
 * conversation the person takes part in, with all its messages, since the other side's words are
 * part of the conversation; the others appear only by their role, never by name or address. Also
 * the guest contacts (messages written without an account) their address claimed.
 */
export async function chatsPersonalData(executor: Executor, partyId: string) {
  const mine = await executor
    .select({
      id: chats.id,
      subject_kind: chats.subjectKind,
      bike_id: chats.bikeId,
      transfer_id: chats.transferId,
      request_id: chats.requestId,
      created_at: chats.createdAt,
      your_role: chatParticipants.role,
      joined_at: chatParticipants.joinedAt,
    })
    .from(chatParticipants)
    .innerJoin(chats, eq(chats.id, chatParticipants.chatId))
    .where(eq(chatParticipants.partyId, partyId))
    .orderBy(asc(chats.createdAt));
  const chatIds = mine.map((chat) => chat.id);
  const participants =
    chatIds.length > 0
      ? await executor
          .select({
            chatId: chatParticipants.chatId,
            partyId: chatParticipants.partyId,
            role: chatParticipants.role,
          })
          .from(chatParticipants)
          .where(inArray(chatParticipants.chatId, chatIds))
      : [];
  const messages =
    chatIds.length > 0
      ? await executor
          .select()
          .from(chatMessages)
          .where(inArray(chatMessages.chatId, chatIds))
          .orderBy(asc(chatMessages.id))
      : [];
  const roleOf = (chatId: string, senderPartyId: string | null) => {
    if (senderPartyId === null) return 'register';
    if (senderPartyId === partyId) return 'you';
    return (
      participants.find((p) => p.chatId === chatId && p.partyId === senderPartyId)?.role ??
      'former_participant'
    );
  };
  const claimedGuests = await executor
    .select({
      email: guestContacts.email,
      language: guestContacts.language,
      confirmed_at: guestContacts.confirmedAt,
      created_at: guestContacts.createdAt,
    })
    .from(guestContacts)
    .where(eq(guestContacts.claimedByPartyId, partyId));
  return {
    chats: mine.map((chat) => ({
      ...chat,
      messages: messages
        .filter((message) => message.chatId === chat.id)
        .map((message) => ({
          id: message.id,
          from: roleOf(chat.id, message.senderPartyId),
          kind: message.kind,
          content: message.content,
          system_event: message.systemEvent,
          created_at: message.createdAt,
        })),
    })),
    guest_contacts: claimedGuests,
  };
}

/** Account deletion: messages written from the person's addresses that were never confirmed go. */
export async function forgetUnconfirmedMessagesFrom(executor: Executor, addresses: readonly string[]) {
  if (addresses.length === 0) return;
  const lowered = addresses.map((address) => address.toLowerCase());
  await executor
    .delete(guestContactConfirmations)
    .where(inArray(sql`lower(${guestContactConfirmations.email})`, lowered));
}
