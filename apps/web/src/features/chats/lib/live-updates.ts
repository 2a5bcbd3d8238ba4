import type { ChatMessage, ChatSummary, RealtimeEvent } from '@nbr/domain/chats';
import type { QueryClient } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { realtime, startRealtime } from '../../../lib/realtime.ts';
import { chatQueryKey } from '../api/get-chat.ts';
import { chatListQueryKey, chatsQueryKey } from '../api/get-chats.ts';
import { messagesQueryKey } from '../api/get-messages.ts';
import { unreadCountQueryKey } from '../api/get-unread-count.ts';
import {
  appendMessage,
  applyMessageToChat,
  applyMessageToList,
  type MessagesData,
  setChatUnread,
  updateOffers,
} from './chat-cache.ts';

/*
 * What the websocket's events do to the cached data: a new message lands in its chat, the inbox and
 * the badge at once; an offer's new state shows on its card and in the ownership screens; a chat
 * read elsewhere stops counting here. After a reconnect, and when the server says events may have
 * been lost (`resync`: its instances' link through Redis dropped), everything is fetched again,
 * since missed events are not replayed.
 */

/** The ownership screens' transfers (features/ownership): refetched when a transfer changes. */
export const OWNERSHIP_TRANSFERS_QUERY_KEY = ['ownership-transfers'] as const;
/** The ownership requests (lib/api/ownership/requests.ts): a new request, an offer or a decision changes them. */
export const OWNERSHIP_REQUESTS_QUERY_KEY = ['ownership-requests'] as const;
/** The bike screens' data (features/bikes): refetched when an accepted transfer moves a bike. */
export const BIKES_QUERY_KEY = ['bikes'] as const;

export interface LiveContext {
  /** Whether the person is looking at this chat right now; its new messages are then read, not unread. */
  isChatVisible: (chatId: string) => boolean;
}

/**
 * Whether the message comes from my side of the chat: mine, or a colleague's when I write for the
 * register too (staff share the register's chat with an owner; the API counts it read for all of them).
 */
function isFromMySide(queryClient: QueryClient, chatId: string, message: ChatMessage): boolean {
  if (message.sender?.is_me) return true;
  if (message.sender?.role !== 'register') return false;
  const chat =
    queryClient.getQueryData<ChatSummary>(chatQueryKey(chatId)) ??
    queryClient.getQueryData<ChatSummary[]>(chatListQueryKey)?.find((candidate) => candidate.id === chatId);
  return (
    chat?.participants.some((participant) => participant.is_me && participant.role === 'register') ?? false
  );
}

export function applyRealtimeEvent(
  queryClient: QueryClient,
  event: RealtimeEvent,
  context: LiveContext,
): void {
  switch (event.type) {
    case 'chat.message': {
      const { message } = event;
      const chatId = event.chat_id;
      const countsUnread = !isFromMySide(queryClient, chatId, message) && !context.isChatVisible(chatId);

      // A fetch of the chat on its way (a reconnect's, a focus's) may have been answered before this
      // message was written, and would replace it when it lands: it is fetched again instead (the
      // new fetch cancels the old one). Seen in the e2e suite: an offer showed, then vanished.
      const messagesWereFetching = queryClient.isFetching({ queryKey: messagesQueryKey(chatId) }) > 0;
      const chatWasFetching = queryClient.isFetching({ queryKey: chatQueryKey(chatId), exact: true }) > 0;
      queryClient.setQueryData<MessagesData>(messagesQueryKey(chatId), (data) =>
        data ? appendMessage(data, message) : data,
      );
      queryClient.setQueryData<ChatSummary>(chatQueryKey(chatId), (chat) =>
        chat ? applyMessageToChat(chat, message, { countsUnread }) : chat,
      );
      if (messagesWereFetching) void queryClient.invalidateQueries({ queryKey: messagesQueryKey(chatId) });
      if (chatWasFetching)
        void queryClient.invalidateQueries({ queryKey: chatQueryKey(chatId), exact: true });

      const list = queryClient.getQueryData<ChatSummary[]>(chatListQueryKey);
      let isNew = true;
      if (list) {
        const result = applyMessageToList(list, message, { countsUnread });
        isNew = result.isNew;
        if (result.found) queryClient.setQueryData(chatListQueryKey, result.list);
        // A chat this tab has not seen yet (someone just asked for my bike): its summary comes from the server.
        else void queryClient.invalidateQueries({ queryKey: chatListQueryKey });
      }
      if (countsUnread && isNew) {
        queryClient.setQueryData<number>(unreadCountQueryKey, (count) =>
          count === undefined ? count : count + 1,
        );
      }
      // Someone asked for my bike, or a request moved on: the ownership page must not wait for a reload.
      if (!message.sender?.is_me)
        void queryClient.invalidateQueries({ queryKey: OWNERSHIP_REQUESTS_QUERY_KEY });
      return;
    }
    case 'transfer.updated': {
      if (event.chat_id) {
        queryClient.setQueryData<MessagesData>(messagesQueryKey(event.chat_id), (data) =>
          data ? updateOffers(data, event.transfer_id, event.status) : data,
        );
        // The server's own answer has the actions of each side; the patch above only shows it at once.
        void queryClient.invalidateQueries({ queryKey: messagesQueryKey(event.chat_id) });
        void queryClient.invalidateQueries({ queryKey: chatQueryKey(event.chat_id) });
      }
      void queryClient.invalidateQueries({ queryKey: chatListQueryKey });
      void queryClient.invalidateQueries({ queryKey: OWNERSHIP_TRANSFERS_QUERY_KEY });
      // An offer answering a request moves the request on (offered, withdrawn, closed).
      void queryClient.invalidateQueries({ queryKey: OWNERSHIP_REQUESTS_QUERY_KEY });
      // An accepted offer moved a bike: both sides' bike lists (and the bike's page) changed.
      if (event.status === 'accepted') void queryClient.invalidateQueries({ queryKey: BIKES_QUERY_KEY });
      return;
    }
    case 'chat.read': {
      const list = queryClient.getQueryData<ChatSummary[]>(chatListQueryKey);
      if (list)
        queryClient.setQueryData(chatListQueryKey, setChatUnread(list, event.chat_id, event.unread_count));
      queryClient.setQueryData<ChatSummary>(chatQueryKey(event.chat_id), (chat) =>
        chat ? { ...chat, unread_count: event.unread_count } : chat,
      );
      void queryClient.invalidateQueries({ queryKey: unreadCountQueryKey });
      return;
    }
    case 'resync':
      refetchLiveData(queryClient);
      return;
    case 'ready':
    case 'pong':
      return;
  }
}

/**
 * Events may have been missed (not connected, or the server lost some): fetch again what they keep
 * up to date — chats, transfers and requests, and the bikes an accepted transfer moves.
 */
export function refetchLiveData(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: chatsQueryKey });
  void queryClient.invalidateQueries({ queryKey: OWNERSHIP_TRANSFERS_QUERY_KEY });
  void queryClient.invalidateQueries({ queryKey: OWNERSHIP_REQUESTS_QUERY_KEY });
  void queryClient.invalidateQueries({ queryKey: BIKES_QUERY_KEY });
}

// --- the chat on screen ------------------------------------------------------------------------------

let openChatId: string | null = null;

/** Whether this tab shows the chat now (its page is open and the tab is visible). */
export function isChatVisible(chatId: string): boolean {
  return openChatId === chatId && (typeof document === 'undefined' || document.visibilityState === 'visible');
}

/** Called by the chat page while it is open. */
export function useOpenChat(chatId: string): void {
  useEffect(() => {
    openChatId = chatId;
    return () => {
      if (openChatId === chatId) openChatId = null;
    };
  }, [chatId]);
}

// --- wiring ------------------------------------------------------------------------------------------

let wiredClient: QueryClient | null = null;

/** Connects this tab's live updates to the query cache, once. */
export function wireLiveUpdates(queryClient: QueryClient): void {
  if (wiredClient === queryClient) return;
  wiredClient = queryClient;
  realtime.subscribe((event) => applyRealtimeEvent(queryClient, event, { isChatVisible }));
  realtime.onUnknownFrame(() => refetchLiveData(queryClient));
  realtime.onStatus((status) => {
    // Every (re)connection may follow missed events; the first one also covers the gap since page load.
    if (status === 'open') refetchLiveData(queryClient);
  });
}

/** Mount in the signed-in area's layout: starts the live connection while someone is signed in. */
export function useLiveUpdates(isSignedIn: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!isSignedIn) return;
    wireLiveUpdates(queryClient);
    startRealtime();
  }, [queryClient, isSignedIn]);
}
