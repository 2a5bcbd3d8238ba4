import type {
  ChatMessage,
  ChatParticipant,
  ChatSubjectKind,
  ChatSummary,
  MessageKind,
  ParticipantRole,
  SystemEvent,
} from '@nbr/domain/chats';
import {
  effectiveTransferStatus,
  type OwnershipBike,
  type TransferStatus,
  transferActionsFor,
} from '@nbr/domain/ownership';
import type {
  ChatOfParty,
  ChatRow,
  MessageRow,
  OfferTransferRow,
  ParticipantRow,
} from './chats.repository.ts';

/*
 * The one place chat rows become answers, always for one reader (`viewerPartyId`): who is "me",
 * whose name the reader may see, and which offer actions the reader has. Never an e-mail address.
 */

/** Whether the reader writes for the register in this chat (staff): they see their colleagues' names. */
function isRegisterViewer(chatId: string, viewerPartyId: string, participants: readonly ParticipantRow[]) {
  return participants.some(
    (participant) =>
      participant.chatId === chatId &&
      participant.partyId === viewerPartyId &&
      participant.role === 'register',
  );
}

export function presentParticipant(
  participant: ParticipantRow,
  viewerPartyId: string,
  names: ReadonlyMap<string, string | null>,
  isViewerRegister = false,
): ChatParticipant {
  const isMe = participant.partyId === viewerPartyId;
  // Staff write for the register: the others see the register, never the staff member's name; their
  // colleagues do see who wrote.
  const visible = isMe || (participant.role === 'register' ? isViewerRegister : participant.isNameVisible);
  return {
    role: participant.role as ParticipantRole,
    is_me: isMe,
    name: visible ? (names.get(participant.partyId) ?? null) : null,
  };
}

export interface MessageContext {
  viewerPartyId: string;
  participants: readonly ParticipantRow[];
  names: ReadonlyMap<string, string | null>;
  transfers: ReadonlyMap<string, OfferTransferRow>;
  now: Date;
}

export function presentMessage(row: MessageRow, context: MessageContext): ChatMessage {
  const sender = row.senderPartyId
    ? context.participants.find((p) => p.chatId === row.chatId && p.partyId === row.senderPartyId)
    : undefined;
  const transfer =
    row.kind === 'transfer_offer' && row.transferId ? context.transfers.get(row.transferId) : undefined;
  let offer: ChatMessage['offer'] = null;
  if (transfer) {
    const status = effectiveTransferStatus(
      transfer.status as TransferStatus,
      transfer.expiresAt,
      context.now,
    );
    const side =
      transfer.senderPartyId === context.viewerPartyId
        ? 'sender'
        : transfer.recipientPartyId === context.viewerPartyId
          ? 'recipient'
          : null;
    offer = { transfer_id: transfer.id, status, actions: side ? transferActionsFor(side, status) : [] };
  }
  return {
    id: row.id,
    chat_id: row.chatId,
    kind: row.kind as MessageKind,
    sender: sender
      ? presentParticipant(
          sender,
          context.viewerPartyId,
          context.names,
          isRegisterViewer(row.chatId, context.viewerPartyId, context.participants),
        )
      : null,
    content: row.kind === 'text' ? row.content : null,
    system_event: row.kind === 'system' ? (row.systemEvent as SystemEvent | null) : null,
    offer,
    created_at: row.createdAt.toISOString(),
  };
}

/** The id a chat is about: the transfer, the request, or the bike (null once that bike is deleted). */
export function subjectIdOf(chat: ChatRow): string | null {
  switch (chat.subjectKind as ChatSubjectKind) {
    case 'transfer':
      return chat.transferId;
    case 'request':
      return chat.requestId;
    case 'bike':
      return chat.bikeId;
  }
}

export interface SummaryContext extends MessageContext {
  latest: ReadonlyMap<string, MessageRow>;
  /** The chat's bike as this reader may see it, by chat id. */
  bikes: ReadonlyMap<string, OwnershipBike>;
}

/** A chat in the reader's list: its subject, who takes part (names only where visible), the last message. */
export function presentChatSummary(entry: ChatOfParty, context: SummaryContext): ChatSummary {
  const { chat } = entry;
  const latest = context.latest.get(chat.id);
  const isViewerRegister = entry.me.role === 'register';
  const ofChat = context.participants
    .filter((participant) => participant.chatId === chat.id)
    .sort((a, b) => a.joinedAt.getTime() - b.joinedAt.getTime());
  // The register is one side of the conversation however many staff members wrote for it: the
  // reader's own place when they are one of them, else the first to join.
  const registerSide = isViewerRegister
    ? entry.me
    : ofChat.find((participant) => participant.role === 'register');
  const participants = ofChat
    .filter((participant) => participant.role !== 'register' || participant.partyId === registerSide?.partyId)
    .map((participant) =>
      presentParticipant(participant, context.viewerPartyId, context.names, isViewerRegister),
    );
  // An offer's chat looks the same to its sender whether or not the address has an account yet:
  // a recipient who has not joined is shown as the anonymous recipient they will be.
  if (
    chat.subjectKind === 'transfer' &&
    !participants.some((participant) => participant.role === 'recipient')
  ) {
    participants.push({ role: 'recipient', is_me: false, name: null });
  }
  return {
    id: chat.id,
    subject: {
      kind: chat.subjectKind as ChatSubjectKind,
      id: subjectIdOf(chat),
      bike: context.bikes.get(chat.id) ?? null,
    },
    participants,
    last_message: latest ? presentMessage(latest, context) : null,
    unread_count: entry.unreadCount,
    updated_at: chat.lastMessageAt.toISOString(),
  };
}
