import {
  type ChatCreate,
  type ChatCreated,
  type ChatMessage,
  type ChatMessagePage,
  type ChatSummary,
  MESSAGES_PAGE_SIZE,
  type ParticipantRole,
  type RealtimeEvent,
  type SystemEvent,
} from '@nbr/domain/chats';
import { effectiveTransferStatus, type OwnershipBike, type TransferStatus } from '@nbr/domain/ownership';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/client.ts';
import type { RequestAuth } from '../../platform/auth/authenticate.ts';
import { AppError, ValidationError } from '../../platform/errors.ts';
import { isUuid, uuidv7 } from '../../platform/ids.ts';
import type { FileUrlSigner } from '../../platform/storage/signed-urls.ts';
import { describeBikesForOwnership, ownerOfPublicBike } from '../bikes/bikes.facade.ts';
import { partyNames } from '../identity/identity.facade.ts';
import type { ChatsDeps } from './chats.deps.ts';
import { presentChatSummary, presentMessage } from './chats.presenter.ts';
import * as repository from './chats.repository.ts';
import { claimGuestContactsOf } from './guest-contacts.service.ts';

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
  /** startedByPartyId null: the register's one chat with the bike's owner, shared by our staff. */
  | { kind: 'bike'; bikeId: string; startedByPartyId: string | null };

function findChatOfSubject(executor: Executor, subject: ChatSubjectRef) {
  switch (subject.kind) {
    case 'transfer':
      return repository.findChatOfTransfer(executor, subject.transferId);
    case 'request':
      return repository.findChatOfRequest(executor, subject.requestId);
    case 'bike':
      return subject.startedByPartyId === null
        ? repository.findRegisterChatOfBike(executor, subject.bikeId)
        : repository.findChatOfBikeStarter(executor, subject.bikeId, subject.startedByPartyId);
  }
}

/**
 * The chat of a transfer, a request, or a person contacting a bike's owner: opened once (a
 * concurrent first message finds the other's chat), later calls add missing participants.
 */
export async function openChat(
  executor: Executor,
  subject: ChatSubjectRef,
  participants: readonly NewParticipant[],
): Promise<string> {
  let existing = await findChatOfSubject(executor, subject);
  if (!existing) {
    await repository.insertChat(executor, {
      id: uuidv7(),
      subjectKind: subject.kind,
      bikeId: subject.bikeId,
      transferId: subject.kind === 'transfer' ? subject.transferId : null,
      requestId: subject.kind === 'request' ? subject.requestId : null,
      startedByPartyId: subject.kind === 'bike' ? subject.startedByPartyId : null,
    });
    existing = await findChatOfSubject(executor, subject);
    if (!existing) throw new Error(`the ${subject.kind} chat just opened is missing`);
  }
  const chatId = existing.id;
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

/**
 * The bike changed hands: chats with the old owner about it keep their messages but no longer lead
 * to the bike, so the new owner never joins them; the next message about the bike opens a new chat.
 */
export async function detachBikeChats(executor: Executor, bikeId: string): Promise<void> {
  await repository.detachBikeChats(executor, bikeId);
}

/** The participant is named to the others from now on (they acted on the chat's subject). */
export async function showParticipantName(
  executor: Executor,
  chatId: string,
  partyId: string,
): Promise<void> {
  await repository.showParticipantName(executor, chatId, partyId);
}

/** The chat of a transfer, if one was opened. */
export async function chatIdOfTransfer(executor: Executor, transferId: string): Promise<string | null> {
  return (await repository.findChatOfTransfer(executor, transferId))?.id ?? null;
}

export async function chatIdOfRequest(executor: Executor, requestId: string): Promise<string | null> {
  return (await repository.findChatOfRequest(executor, requestId))?.id ?? null;
}

/** The chat a party started with a bike's owner about the bike, if any. */
export async function chatIdOfBikeStarter(
  executor: Executor,
  bikeId: string,
  startedByPartyId: string,
): Promise<string | null> {
  return (await repository.findChatOfBikeStarter(executor, bikeId, startedByPartyId))?.id ?? null;
}

/**
 * `readBy`: the participant whose action the register's message reports (the sender of an offer,
 * whoever accepted or declined): it is news to the others, not to them, so it is read for them.
 */
export type NewMessage =
  | { kind: 'text'; chatId: string; senderPartyId: string; content: string }
  | {
      kind: 'system';
      chatId: string;
      systemEvent: SystemEvent;
      transferId?: string | null;
      readBy?: string | null;
    }
  | { kind: 'transfer_offer'; chatId: string; transferId: string; readBy?: string | null };

/** A message written in the caller's transaction; pass the answer to `announceMessages` after commit. */
export interface PostedMessage {
  id: string;
  chatId: string;
}

/**
 * Writes a message. A participant's own text also moves their read position (the whole register's
 * side, when staff write for it) and, for someone anonymous so far, shows their name: writing back is
 * choosing to talk.
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
    const sender = await repository.findParticipant(executor, message.chatId, message.senderPartyId);
    if (sender?.role === 'register') await repository.markReadByRegister(executor, message.chatId, row.id);
    else await repository.markRead(executor, message.chatId, message.senderPartyId, row.id);
    await repository.showParticipantName(executor, message.chatId, message.senderPartyId);
  } else if (message.readBy) {
    await repository.markRead(executor, message.chatId, message.readBy, row.id);
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

// --- HTTP use cases ----------------------------------------------------------------------------------
//
// "Me" is the acting party (the token's party_id). A chat the caller does not take part in answers
// exactly like one that does not exist (404), and so does a malformed id. Nothing here ever answers an
// e-mail address: participants are presented with a role and, where visible, a name.

function requireUuid(value: string): string {
  if (!isUuid(value)) throw new AppError('not_found');
  return value.toLowerCase();
}

/** The register's chat with a bike's owner: a bike chat nobody in particular started (openBikeChat). */
function isRegisterChat(chat: repository.ChatRow): boolean {
  return chat.subjectKind === 'bike' && chat.startedByPartyId === null;
}

/**
 * The caller's place in the chat, else 404. Staff in their own session take a place on the
 * register's side of the register's chat with an owner the first time they open it or write in it:
 * the chat is the register's, not one staff member's, so any colleague continues it (and hears of
 * the owner's answers from then on). Nobody else joins a chat this way.
 */
async function requireParticipant(executor: Executor, auth: RequestAuth, chatId: string): Promise<void> {
  if (await repository.findParticipant(executor, chatId, auth.partyId)) return;
  const isStaffInOwnSession = auth.staffRole !== null && auth.partyId === auth.identityPartyId;
  const chat = isStaffInOwnSession ? await repository.findChat(executor, chatId) : null;
  if (!chat || !isRegisterChat(chat)) throw new AppError('not_found');
  await repository.insertParticipant(executor, {
    chatId,
    partyId: auth.partyId,
    role: 'register',
    isNameVisible: false,
  });
}

function requireUuidField(value: string, loc: Array<string | number>): string {
  if (!isUuid(value)) throw new ValidationError([{ loc, type: 'invalid_format' }]);
  return value.toLowerCase();
}

/** Names, offers and participants the messages of these chats are presented with. */
async function messageContext(
  executor: Executor,
  viewerPartyId: string,
  chatIds: string[],
  rows: repository.MessageRow[],
) {
  const participants = await repository.findParticipants(executor, chatIds);
  const [names, transfers] = await Promise.all([
    partyNames(
      executor,
      participants.map((participant) => participant.partyId),
    ),
    repository.findOfferTransfers(
      executor,
      rows.flatMap((row) => (row.transferId ? [row.transferId] : [])),
    ),
  ]);
  return { viewerPartyId, participants, names, transfers, now: new Date() };
}

/**
 * The reader's view of each chat's bike: the details (frame number, plate, nickname) for the bike's
 * current owner and for both sides of an offer while it is open; what a stranger may see otherwise
 * (a requester, someone contacting the owner, a former owner, the side of a finished offer).
 */
async function bikesOfChats(
  executor: Executor,
  urls: FileUrlSigner,
  viewerPartyId: string,
  entries: readonly repository.ChatOfParty[],
): Promise<Map<string, OwnershipBike>> {
  const withBike = entries.filter((entry) => entry.chat.bikeId !== null);
  const transfers = await repository.findOfferTransfers(
    executor,
    withBike.flatMap((entry) => (entry.chat.transferId ? [entry.chat.transferId] : [])),
  );
  const now = new Date();
  const audiences = new Map<string, 'transfer' | 'stranger'>();
  for (const entry of withBike) {
    const transfer = entry.chat.transferId ? transfers.get(entry.chat.transferId) : undefined;
    const isOpenOffer =
      transfer !== undefined &&
      effectiveTransferStatus(transfer.status as TransferStatus, transfer.expiresAt, now) === 'pending';
    if (isOpenOffer) audiences.set(entry.chat.bikeId as string, 'transfer');
  }
  const described = await describeBikesForOwnership(
    executor,
    urls,
    withBike.map((entry) => entry.chat.bikeId as string),
    audiences,
    viewerPartyId,
  );
  const result = new Map<string, OwnershipBike>();
  for (const entry of withBike) {
    const bike = described.get(entry.chat.bikeId as string);
    if (bike) result.set(entry.chat.id, bike);
  }
  return result;
}

/** Chats as the reader sees them, in the order given: a fixed number of queries for any number. */
async function summarize(
  deps: ChatsDeps,
  viewerPartyId: string,
  entries: repository.ChatOfParty[],
): Promise<ChatSummary[]> {
  if (entries.length === 0) return [];
  const chatIds = entries.map((entry) => entry.chat.id);
  const latest = await repository.findLatestMessages(deps.db, chatIds);
  const [context, bikes] = await Promise.all([
    messageContext(deps.db, viewerPartyId, chatIds, [...latest.values()]),
    bikesOfChats(deps.db, deps.fileUrls, viewerPartyId, entries),
  ]);
  return entries.map((entry) => presentChatSummary(entry, { ...context, latest, bikes }));
}

async function summarizeOne(deps: ChatsDeps, auth: RequestAuth, chatId: string): Promise<ChatSummary> {
  const id = requireUuid(chatId);
  await requireParticipant(deps.db, auth, id);
  const entries = await repository.findChatsOfParty(deps.db, auth.partyId, [id]);
  if (entries.length === 0) throw new AppError('not_found');
  const [summary] = await summarize(deps, auth.partyId, entries);
  if (!summary) throw new Error('a chat summary came back empty');
  return summary;
}

async function presentOneMessage(
  deps: ChatsDeps,
  viewerPartyId: string,
  messageId: string,
): Promise<ChatMessage> {
  const [row] = await repository.findMessagesByIds(deps.db, [messageId]);
  if (!row) throw new Error('a message just written is missing');
  return presentMessage(row, await messageContext(deps.db, viewerPartyId, [row.chatId], [row]));
}

/** Live delivery after commit is best effort: the message is stored, a browser refetches on reconnect. */
export async function announceQuietly(
  deps: ChatsDeps,
  posted: PostedMessage[],
  log?: Pick<FastifyBaseLogger, 'warn'>,
) {
  try {
    await announceMessages(deps, posted);
  } catch (error) {
    log?.warn({ err: error }, 'announcing chat messages failed');
  }
}

/**
 * A message to a bike's owner in the one chat the sender started about the bike (opened on the first
 * message), or, when staff write for the register, in the register's one chat with the owner about
 * the bike, whichever staff member wrote first (never shown by name). The owner stays anonymous until
 * they write back; the sender is a contact, a guest when they wrote without an account, or the
 * register. The caller has checked the sender may see the bike and is not its owner.
 */
export async function writeToBikeOwner(
  executor: Executor,
  input: {
    bikeId: string;
    ownerPartyId: string;
    senderPartyId: string;
    senderRole: 'contact' | 'guest' | 'register';
    content: string;
  },
): Promise<PostedMessage> {
  const chatId = await openBikeChat(executor, input);
  return postMessage(executor, {
    kind: 'text',
    chatId,
    senderPartyId: input.senderPartyId,
    content: input.content,
  });
}

/**
 * The chat between someone and a bike's owner about the bike (theirs if it exists, else a new one;
 * the register's, shared by our staff, for the `register` role). The sender's name shows unless
 * `senderNameVisible` is false (then it shows once they write); the register's never does.
 */
export async function openBikeChat(
  executor: Executor,
  input: {
    bikeId: string;
    ownerPartyId: string;
    senderPartyId: string;
    senderRole?: 'contact' | 'guest' | 'register';
    senderNameVisible?: boolean;
  },
): Promise<string> {
  const isRegister = input.senderRole === 'register';
  const startedByPartyId = isRegister ? null : input.senderPartyId;
  return openChat(executor, { kind: 'bike', bikeId: input.bikeId, startedByPartyId }, [
    {
      partyId: input.senderPartyId,
      role: input.senderRole ?? 'contact',
      isNameVisible: isRegister ? false : (input.senderNameVisible ?? true),
    },
    { partyId: input.ownerPartyId, role: 'owner', isNameVisible: false },
  ]);
}

/** GET /api/chats/: my chats, newest activity first. */
export async function listChats(deps: ChatsDeps, auth: RequestAuth): Promise<ChatSummary[]> {
  // Someone signed in for long may have written as a guest with this address meanwhile.
  if (auth.partyId === auth.identityPartyId && !auth.switchedBy) {
    await claimGuestContactsOf(deps.db, auth.identityPartyId);
  }
  return summarize(deps, auth.partyId, await repository.findChatsOfParty(deps.db, auth.partyId));
}

/** GET /api/chats/{chat_id}: one chat of mine. */
export async function getChat(deps: ChatsDeps, auth: RequestAuth, chatId: string): Promise<ChatSummary> {
  return summarizeOne(deps, auth, chatId);
}

/** GET /api/chats/unread: unread messages over all my chats. */
export async function countUnread(deps: ChatsDeps, auth: RequestAuth): Promise<{ unread_count: number }> {
  return { unread_count: await repository.countUnreadOfParty(deps.db, auth.partyId) };
}

/** GET /api/chats/{chat_id}/messages?before=: the newest page before `before`, oldest first. */
export async function listMessages(
  deps: ChatsDeps,
  auth: RequestAuth,
  chatId: string,
  before: string | undefined,
): Promise<ChatMessagePage> {
  const id = requireUuid(chatId);
  await requireParticipant(deps.db, auth, id);
  const beforeId = before === undefined ? null : requireUuidField(before, ['query', 'before']);
  const rows = await repository.findMessagesBefore(deps.db, id, beforeId, MESSAGES_PAGE_SIZE + 1);
  const page = rows.slice(0, MESSAGES_PAGE_SIZE);
  const oldest = page.at(-1);
  const context = await messageContext(deps.db, auth.partyId, [id], page);
  return {
    messages: page.reverse().map((row) => presentMessage(row, context)),
    next_before: rows.length > MESSAGES_PAGE_SIZE && oldest ? oldest.id : null,
  };
}

/** POST /api/chats/{chat_id}/messages: a participant writes; the others get it live. */
export async function sendMessage(
  deps: ChatsDeps,
  auth: RequestAuth,
  chatId: string,
  content: string,
  log?: FastifyBaseLogger,
): Promise<ChatMessage> {
  const id = requireUuid(chatId);
  const posted = await deps.db.transaction(async (tx) => {
    await requireParticipant(tx, auth, id);
    return postMessage(tx, { kind: 'text', chatId: id, senderPartyId: auth.partyId, content });
  });
  await announceQuietly(deps, [posted], log);
  return presentOneMessage(deps, auth.partyId, posted.id);
}

/**
 * POST /api/chats/{chat_id}/read: everything up to the message is read. The position only moves
 * forward (an older tab reporting late changes nothing); my other tabs and devices hear of it.
 */
export async function markChatRead(
  deps: ChatsDeps,
  auth: RequestAuth,
  chatId: string,
  messageId: string,
): Promise<void> {
  const id = requireUuid(chatId);
  const message = requireUuidField(messageId, ['body', 'message_id']);
  await requireParticipant(deps.db, auth, id);
  if (!(await repository.findMessageInChat(deps.db, id, message))) throw new AppError('not_found');
  if (!(await repository.advanceReadPosition(deps.db, id, auth.partyId, message))) return;
  const [entry] = await repository.findChatsOfParty(deps.db, auth.partyId, [id]);
  await deps.hub.publish(auth.partyId, {
    type: 'chat.read',
    chat_id: id,
    unread_count: entry?.unreadCount ?? 0,
  });
}

/**
 * POST /api/chats/: a draft sent. The subject is a transfer or request I take part in (its chat), or
 * a bike I may see and do not own: the one chat of mine with its current owner, who stays anonymous
 * until they write back.
 */
export async function createChat(
  deps: ChatsDeps,
  auth: RequestAuth,
  input: ChatCreate,
  log?: FastifyBaseLogger,
): Promise<ChatCreated> {
  const subjectId = requireUuid(input.subject_id);
  const posted = await deps.db.transaction(async (tx) => {
    const chat =
      (await repository.findChatOfTransfer(tx, subjectId)) ??
      (await repository.findChatOfRequest(tx, subjectId));
    let chatId: string;
    if (chat) {
      if (!(await repository.findParticipant(tx, chat.id, auth.partyId))) throw new AppError('not_found');
      chatId = chat.id;
    } else {
      const bike = await ownerOfPublicBike(tx, auth, subjectId);
      if (bike.isOwn) throw new AppError('own_bike');
      chatId = await openBikeChat(tx, {
        bikeId: subjectId,
        ownerPartyId: bike.ownerPartyId,
        senderPartyId: auth.partyId,
      });
    }
    return postMessage(tx, { kind: 'text', chatId, senderPartyId: auth.partyId, content: input.content });
  });
  await announceQuietly(deps, [posted], log);
  const [chat, message] = await Promise.all([
    summarizeOne(deps, auth, posted.chatId),
    presentOneMessage(deps, auth.partyId, posted.id),
  ]);
  return { chat, message };
}
