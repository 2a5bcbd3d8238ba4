import type { ParticipantRole, RealtimeEvent, SystemEvent } from '@nbr/domain/chats';
import type { TransferStatus } from '@nbr/domain/ownership';
import type { Executor } from '../../db/client.ts';
import { uuidv7 } from '../../platform/ids.ts';
import { partyNames } from '../identity/identity.service.ts';
import type { ChatsDeps } from './chats.deps.ts';
import { presentMessage } from './chats.presenter.ts';
import * as repository from './chats.repository.ts';

/*
 * Chats between users. This part is what other modules use (ownership opens chats for transfers
 * and requests and writes their offers and system messages); the HTTP use cases follow below.
 * Writes happen in the caller's transaction; live delivery (`announce…`) runs after it commits, so a
 * browser never sees a message that was rolled back.
 */

export interface NewParticipant {
  partyId: string;
  role: ParticipantRole;
  /** False keeps the person anonymous to the others until they write (an owner asked for a bike). */
  isNameVisible: boolean;
}

export type ChatSubjectRef =
  | { kind: 'transfer'; transferId: string; bikeId: string | null }
  | { kind: 'request'; requestId: string; bikeId: string | null }
  | { kind: 'bike'; bikeId: string; startedByPartyId: string };

/** The chat of a transfer or request (opened once; later calls add missing participants). */
export async function openChat(
  executor: Executor,
  subject: ChatSubjectRef,
  participants: readonly NewParticipant[],
): Promise<string> {
  const existing =
    subject.kind === 'transfer'
      ? await repository.findChatOfTransfer(executor, subject.transferId)
      : subject.kind === 'request'
        ? await repository.findChatOfRequest(executor, subject.requestId)
        : null;
  const chatId = existing?.id ?? uuidv7();
  if (!existing) {
    await repository.insertChat(executor, {
      id: chatId,
      subjectKind: subject.kind,
      bikeId: subject.bikeId,
      transferId: subject.kind === 'transfer' ? subject.transferId : null,
      requestId: subject.kind === 'request' ? subject.requestId : null,
      startedByPartyId: subject.kind === 'bike' ? subject.startedByPartyId : null,
    });
  }
  for (const participant of participants) {
    await repository.insertParticipant(executor, {
      chatId,
      partyId: participant.partyId,
      role: participant.role,
      isNameVisible: participant.isNameVisible,
    });
  }
  return chatId;
}

/** The chat of a transfer, if one was opened. */
export async function chatIdOfTransfer(executor: Executor, transferId: string): Promise<string | null> {
  return (await repository.findChatOfTransfer(executor, transferId))?.id ?? null;
}

export async function chatIdOfRequest(executor: Executor, requestId: string): Promise<string | null> {
  return (await repository.findChatOfRequest(executor, requestId))?.id ?? null;
}

export type NewMessage =
  | { kind: 'text'; chatId: string; senderPartyId: string; content: string }
  | { kind: 'system'; chatId: string; systemEvent: SystemEvent; transferId?: string | null }
  | { kind: 'transfer_offer'; chatId: string; transferId: string };

/** A message written in the caller's transaction; pass the answer to `announceMessages` after commit. */
export interface PostedMessage {
  id: string;
  chatId: string;
}

/**
 * Writes a message. A participant's own text also moves their read position and, for someone
 * anonymous so far, shows their name: writing back is choosing to talk.
 */
export async function postMessage(executor: Executor, message: NewMessage): Promise<PostedMessage> {
  const row = await repository.insertMessage(executor, {
    id: uuidv7(),
    chatId: message.chatId,
    kind: message.kind,
    senderPartyId: message.kind === 'text' ? message.senderPartyId : null,
    content: message.kind === 'text' ? message.content : null,
    systemEvent: message.kind === 'system' ? message.systemEvent : null,
    transferId: message.kind === 'text' ? null : (message.transferId ?? null),
  });
  if (message.kind === 'text') {
    await repository.markRead(executor, message.chatId, message.senderPartyId, row.id);
    await repository.showParticipantName(executor, message.chatId, message.senderPartyId);
  }
  return { id: row.id, chatId: row.chatId };
}

/**
 * Pushes committed messages to every participant's open websockets, each as that participant sees
 * it. Delivery is best effort: a failure is logged by the hub and the message waits in the chat.
 */
export async function announceMessages(deps: ChatsDeps, posted: readonly PostedMessage[]): Promise<void> {
  if (posted.length === 0) return;
  const rows = await repository.findMessagesByIds(
    deps.db,
    posted.map((message) => message.id),
  );
  const chatIds = [...new Set(rows.map((row) => row.chatId))];
  const participants = await repository.findParticipants(deps.db, chatIds);
  const names = await partyNames(
    deps.db,
    participants.map((participant) => participant.partyId),
  );
  const transfers = await repository.findOfferTransfers(
    deps.db,
    rows.flatMap((row) => (row.transferId ? [row.transferId] : [])),
  );
  const now = new Date();
  const deliveries: Promise<void>[] = [];
  for (const row of rows.sort((a, b) => (a.id < b.id ? -1 : 1))) {
    for (const participant of participants.filter((p) => p.chatId === row.chatId)) {
      const event: RealtimeEvent = {
        type: 'chat.message',
        chat_id: row.chatId,
        message: presentMessage(row, {
          viewerPartyId: participant.partyId,
          participants,
          names,
          transfers,
          now,
        }),
      };
      deliveries.push(deps.hub.publish(participant.partyId, event));
    }
  }
  await Promise.all(deliveries);
}

/** Tells both sides of a transfer that its state changed (their offer buttons change with it). */
export async function announceTransfer(
  deps: ChatsDeps,
  transfer: { transferId: string; chatId: string | null; status: TransferStatus },
  partyIds: readonly (string | null)[],
): Promise<void> {
  const event: RealtimeEvent = {
    type: 'transfer.updated',
    transfer_id: transfer.transferId,
    chat_id: transfer.chatId,
    status: transfer.status,
  };
  await Promise.all(
    [...new Set(partyIds.filter((id): id is string => id !== null))].map((partyId) =>
      deps.hub.publish(partyId, event),
    ),
  );
}
