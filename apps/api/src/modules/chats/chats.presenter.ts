import type {
  ChatMessage,
  ChatParticipant,
  MessageKind,
  ParticipantRole,
  SystemEvent,
} from '@nbr/domain/chats';
import { effectiveTransferStatus, type TransferStatus, transferActionsFor } from '@nbr/domain/ownership';
import type { MessageRow, OfferTransferRow, ParticipantRow } from './chats.repository.ts';

/*
 * The one place chat rows become answers, always for one reader (`viewerPartyId`): who is "me",
 * whose name the reader may see, and which offer actions the reader has. Never an e-mail address.
 */

export function presentParticipant(
  participant: ParticipantRow,
  viewerPartyId: string,
  names: ReadonlyMap<string, string | null>,
): ChatParticipant {
  const isMe = participant.partyId === viewerPartyId;
  return {
    role: participant.role as ParticipantRole,
    is_me: isMe,
    name: isMe || participant.isNameVisible ? (names.get(participant.partyId) ?? null) : null,
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
    sender: sender ? presentParticipant(sender, context.viewerPartyId, context.names) : null,
    content: row.kind === 'text' ? row.content : null,
    system_event: row.kind === 'system' ? (row.systemEvent as SystemEvent | null) : null,
    offer,
    created_at: row.createdAt.toISOString(),
  };
}
