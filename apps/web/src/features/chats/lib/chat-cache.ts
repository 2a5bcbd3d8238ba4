import type { ChatMessage, ChatMessagePage, ChatSummary } from '@nbr/domain/chats';
import type { TransferStatus } from '@nbr/domain/ownership';
import type { InfiniteData } from '@tanstack/react-query';

/*
 * Pure updates of the cached chat data, used by live events and by this tab's own writes. Message
 * ids are uuidv7: comparing them as strings orders them by time, which makes "already known" cheap.
 */

export type MessagesData = InfiniteData<ChatMessagePage, unknown>;

/** Whether message id `a` was written after `b` (uuidv7 ids order like time). */
export function isNewerId(a: string, b: string | null | undefined): boolean {
  return !b || a.toLowerCase() > b.toLowerCase();
}

/** Every loaded message once, oldest first, whatever order the pages came in. */
export function flattenMessages(data: MessagesData | undefined): ChatMessage[] {
  if (!data) return [];
  const byId = new Map<string, ChatMessage>();
  for (const page of data.pages) for (const message of page.messages) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => (a.id === b.id ? 0 : isNewerId(a.id, b.id) ? 1 : -1));
}

export function hasMessage(data: MessagesData | undefined, messageId: string): boolean {
  return Boolean(data?.pages.some((page) => page.messages.some((message) => message.id === messageId)));
}

/** Adds a message to the newest page (the first), unless it is there already. */
export function appendMessage(data: MessagesData, message: ChatMessage): MessagesData {
  if (hasMessage(data, message.id)) return data;
  const [newest, ...older] = data.pages;
  if (!newest) {
    return { pages: [{ messages: [message], next_before: null }], pageParams: [undefined] };
  }
  return { ...data, pages: [{ ...newest, messages: [...newest.messages, message] }, ...older] };
}

/** A transfer's offer as it is now: its status, and no buttons once it is decided. */
export function updateOffers(data: MessagesData, transferId: string, status: TransferStatus): MessagesData {
  let changed = false;
  const pages = data.pages.map((page) => ({
    ...page,
    messages: page.messages.map((message) => {
      if (message.offer?.transfer_id !== transferId || message.offer.status === status) return message;
      changed = true;
      return {
        ...message,
        offer: { ...message.offer, status, actions: status === 'pending' ? message.offer.actions : [] },
      };
    }),
  }));
  return changed ? { ...data, pages } : data;
}

/**
 * A chat after a new message: it becomes the last message, counts as unread when `countsUnread`,
 * and a participant who was anonymous and now wrote shows their name. A message the chat already
 * knows (not newer than its last one) changes nothing.
 */
export function applyMessageToChat(
  chat: ChatSummary,
  message: ChatMessage,
  { countsUnread }: { countsUnread: boolean },
): ChatSummary {
  if (chat.last_message && !isNewerId(message.id, chat.last_message.id)) return chat;
  const sender = message.sender;
  const participants =
    sender?.name && !sender.is_me
      ? chat.participants.map((participant) =>
          !participant.is_me && participant.role === sender.role && participant.name === null
            ? { ...participant, name: sender.name }
            : participant,
        )
      : chat.participants;
  return {
    ...chat,
    participants,
    last_message: message,
    updated_at: message.created_at,
    unread_count: chat.unread_count + (countsUnread ? 1 : 0),
  };
}

/** The chat list after a new message: the chat updated and moved to the top; `found` false if unknown. */
export function applyMessageToList(
  list: readonly ChatSummary[],
  message: ChatMessage,
  options: { countsUnread: boolean },
): { list: ChatSummary[]; found: boolean; isNew: boolean } {
  const index = list.findIndex((chat) => chat.id === message.chat_id);
  const current = list[index];
  if (!current) return { list: [...list], found: false, isNew: true };
  const updated = applyMessageToChat(current, message, options);
  if (updated === current) return { list: [...list], found: true, isNew: false };
  return { list: [updated, ...list.filter((chat) => chat.id !== current.id)], found: true, isNew: true };
}

/** The list with one chat's unread count set (read here or in another tab). */
export function setChatUnread(list: readonly ChatSummary[], chatId: string, unread: number): ChatSummary[] {
  return list.map((chat) => (chat.id === chatId ? { ...chat, unread_count: unread } : chat));
}

/** The counterpart: the first participant who is not me. */
export function otherParticipant(chat: Pick<ChatSummary, 'participants'>) {
  return chat.participants.find((participant) => !participant.is_me) ?? null;
}
