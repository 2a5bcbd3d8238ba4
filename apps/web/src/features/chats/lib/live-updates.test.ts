import type { ChatMessage, ChatSummary } from '@nbr/domain/chats';
import { InfiniteQueryObserver, QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bikesQueryKey } from '../../../lib/api/bikes/get-bikes.ts';
import { requestsQueryKey } from '../../../lib/api/ownership/requests.ts';
import { chatQueryKey } from '../api/get-chat.ts';
import { chatListQueryKey } from '../api/get-chats.ts';
import { messagesQueryKey } from '../api/get-messages.ts';
import { unreadCountQueryKey } from '../api/get-unread-count.ts';
import { flattenMessages, type MessagesData } from './chat-cache.ts';
import {
  applyRealtimeEvent,
  BIKES_QUERY_KEY,
  OWNERSHIP_REQUESTS_QUERY_KEY,
  OWNERSHIP_TRANSFERS_QUERY_KEY,
  refetchLiveData,
} from './live-updates.ts';

/*
 * What each websocket event does to the cached data: the chat's messages, the inbox, the chat's
 * own summary and the sidebar's badge — and what it must not do (count my own or a shown message
 * as unread, count one message twice).
 */

const CHAT_A = '0190a0b0-0000-7000-8000-00000000000a';
const CHAT_B = '0190a0b0-0000-7000-8000-00000000000b';
const TRANSFER = '0190a0b0-0000-7000-8000-0000000000f1';
const id = (n: number) => `0190a0b0-0000-7000-8000-${String(n).padStart(12, '0')}`;

function message(n: number, overrides: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id: id(n),
    chat_id: CHAT_A,
    kind: 'text',
    sender: { role: 'owner', is_me: false, name: null },
    content: `message ${n}`,
    system_event: null,
    offer: null,
    created_at: new Date(Date.UTC(2026, 4, 1, 12, n)).toISOString(),
    ...overrides,
  };
}

function chat(chatId: string, last: ChatMessage | null, unread = 0): ChatSummary {
  return {
    id: chatId,
    subject: { kind: 'request', id: id(900), bike: null },
    participants: [
      { role: 'requester', is_me: true, name: 'Berit' },
      { role: 'owner', is_me: false, name: null },
    ],
    last_message: last,
    unread_count: unread,
    updated_at: last?.created_at ?? '2026-05-01T00:00:00.000Z',
  };
}

function page(messages: ChatMessage[], nextBefore: string | null = null) {
  return { messages, next_before: nextBefore };
}

function seed(options: { unread?: number } = {}) {
  const client = new QueryClient();
  const first = message(1);
  client.setQueryData<MessagesData>(messagesQueryKey(CHAT_A), {
    pages: [page([first])],
    pageParams: [undefined],
  });
  client.setQueryData(chatQueryKey(CHAT_A), chat(CHAT_A, first));
  client.setQueryData(chatListQueryKey, [chat(CHAT_B, message(5, { chat_id: CHAT_B })), chat(CHAT_A, first)]);
  client.setQueryData(unreadCountQueryKey, options.unread ?? 0);
  return client;
}

const hidden = { isChatVisible: () => false };
const shown = { isChatVisible: (chatId: string) => chatId === CHAT_A };

afterEach(() => vi.restoreAllMocks());

describe('chat.message', () => {
  it('lands in the chat, moves the chat to the top of the inbox and counts as unread', () => {
    const client = seed({ unread: 2 });
    const incoming = message(10, { sender: { role: 'owner', is_me: false, name: 'Carl' } });
    applyRealtimeEvent(client, { type: 'chat.message', chat_id: CHAT_A, message: incoming }, hidden);

    const messages = flattenMessages(client.getQueryData<MessagesData>(messagesQueryKey(CHAT_A)));
    expect(messages.map((m) => m.id)).toEqual([id(1), id(10)]);
    const list = client.getQueryData<ChatSummary[]>(chatListQueryKey)!;
    expect(list.map((c) => c.id)).toEqual([CHAT_A, CHAT_B]);
    expect(list[0]!.last_message?.id).toBe(id(10));
    expect(list[0]!.unread_count).toBe(1);
    expect(client.getQueryData(unreadCountQueryKey)).toBe(3);
    // The owner wrote back: from now on their name is shown.
    const summary = client.getQueryData<ChatSummary>(chatQueryKey(CHAT_A))!;
    expect(summary.participants.find((p) => !p.is_me)?.name).toBe('Carl');
    expect(summary.unread_count).toBe(1);
  });

  it('is shown once, however often it arrives', () => {
    const client = seed();
    const incoming = message(10);
    for (let i = 0; i < 3; i += 1) {
      applyRealtimeEvent(client, { type: 'chat.message', chat_id: CHAT_A, message: incoming }, hidden);
    }
    expect(flattenMessages(client.getQueryData<MessagesData>(messagesQueryKey(CHAT_A)))).toHaveLength(2);
    expect(client.getQueryData<ChatSummary[]>(chatListQueryKey)![0]!.unread_count).toBe(1);
    expect(client.getQueryData(unreadCountQueryKey)).toBe(1);
  });

  it('is not unread when I wrote it, nor when the chat is on screen', () => {
    const client = seed();
    const mine = message(10, { sender: { role: 'requester', is_me: true, name: 'Berit' } });
    applyRealtimeEvent(client, { type: 'chat.message', chat_id: CHAT_A, message: mine }, hidden);
    applyRealtimeEvent(client, { type: 'chat.message', chat_id: CHAT_A, message: message(11) }, shown);
    expect(client.getQueryData<ChatSummary[]>(chatListQueryKey)![0]!.unread_count).toBe(0);
    expect(client.getQueryData<ChatSummary>(chatQueryKey(CHAT_A))!.unread_count).toBe(0);
    expect(client.getQueryData(unreadCountQueryKey)).toBe(0);
    expect(flattenMessages(client.getQueryData<MessagesData>(messagesQueryKey(CHAT_A)))).toHaveLength(3);
  });

  it('is not unread when a colleague wrote it for the register, as I do; it is to the owner', () => {
    const client = seed();
    const registerChat = (me: 'register' | 'owner'): ChatSummary => ({
      ...chat(CHAT_A, message(1)),
      subject: { kind: 'bike', id: id(901), bike: null },
      participants: [
        { role: 'register', is_me: me === 'register', name: me === 'register' ? 'Tove' : null },
        { role: 'owner', is_me: me === 'owner', name: null },
      ],
    });
    client.setQueryData(chatQueryKey(CHAT_A), registerChat('register'));
    const fromColleague = message(10, { sender: { role: 'register', is_me: false, name: 'Kai' } });
    applyRealtimeEvent(client, { type: 'chat.message', chat_id: CHAT_A, message: fromColleague }, hidden);
    expect(client.getQueryData<ChatSummary>(chatQueryKey(CHAT_A))!.unread_count).toBe(0);
    expect(client.getQueryData(unreadCountQueryKey)).toBe(0);

    client.setQueryData(chatQueryKey(CHAT_A), registerChat('owner'));
    const toOwner = message(11, { sender: { role: 'register', is_me: false, name: null } });
    applyRealtimeEvent(client, { type: 'chat.message', chat_id: CHAT_A, message: toOwner }, hidden);
    expect(client.getQueryData<ChatSummary>(chatQueryKey(CHAT_A))!.unread_count).toBe(1);
    expect(client.getQueryData(unreadCountQueryKey)).toBe(1);
  });

  it('of a chat the inbox does not know yet has the inbox fetched again', () => {
    const client = seed();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    const other = '0190a0b0-0000-7000-8000-00000000000c';
    applyRealtimeEvent(
      client,
      { type: 'chat.message', chat_id: other, message: message(20, { chat_id: other }) },
      hidden,
    );
    expect(invalidate).toHaveBeenCalledWith({ queryKey: chatListQueryKey });
    expect(client.getQueryData(unreadCountQueryKey)).toBe(1);
    // Messages of a chat never opened are not cached: nothing to append to.
    expect(client.getQueryData(messagesQueryKey(other))).toBeUndefined();
  });

  it('keeps older pages and adds to the newest one', () => {
    const client = new QueryClient();
    client.setQueryData<MessagesData>(messagesQueryKey(CHAT_A), {
      pages: [page([message(3), message(4)], id(3)), page([message(1), message(2)])],
      pageParams: [undefined, id(3)],
    });
    applyRealtimeEvent(client, { type: 'chat.message', chat_id: CHAT_A, message: message(5) }, hidden);
    const data = client.getQueryData<MessagesData>(messagesQueryKey(CHAT_A))!;
    expect(data.pages[0]!.messages.map((m) => m.id)).toEqual([id(3), id(4), id(5)]);
    expect(flattenMessages(data).map((m) => m.id)).toEqual([id(1), id(2), id(3), id(4), id(5)]);
  });
});

describe('transfer.updated', () => {
  it('shows the offer decided at once and fetches the chat and the transfers again', () => {
    const client = new QueryClient();
    const offer = message(2, {
      kind: 'transfer_offer',
      sender: null,
      content: null,
      offer: { transfer_id: TRANSFER, status: 'pending', actions: ['accept', 'reject'] },
    });
    client.setQueryData<MessagesData>(messagesQueryKey(CHAT_A), {
      pages: [page([offer])],
      pageParams: [undefined],
    });
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    applyRealtimeEvent(
      client,
      { type: 'transfer.updated', transfer_id: TRANSFER, chat_id: CHAT_A, status: 'accepted' },
      hidden,
    );
    const [shownOffer] = flattenMessages(client.getQueryData<MessagesData>(messagesQueryKey(CHAT_A)));
    expect(shownOffer!.offer).toEqual({ transfer_id: TRANSFER, status: 'accepted', actions: [] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: messagesQueryKey(CHAT_A) });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: OWNERSHIP_TRANSFERS_QUERY_KEY });
    expect(OWNERSHIP_TRANSFERS_QUERY_KEY).toEqual(['ownership-transfers']);
    // The bike moved: My bikes of both sides is fetched again.
    expect(invalidate).toHaveBeenCalledWith({ queryKey: BIKES_QUERY_KEY });
    expect(BIKES_QUERY_KEY).toEqual(bikesQueryKey);
  });

  it('without a chat still refreshes the ownership screens', () => {
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    applyRealtimeEvent(
      client,
      { type: 'transfer.updated', transfer_id: TRANSFER, chat_id: null, status: 'cancelled' },
      hidden,
    );
    expect(invalidate).toHaveBeenCalledWith({ queryKey: OWNERSHIP_TRANSFERS_QUERY_KEY });
    expect(invalidate).not.toHaveBeenCalledWith({ queryKey: BIKES_QUERY_KEY });
  });

  it('refreshes the ownership requests too: an offer answering a request moves the request on', () => {
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    applyRealtimeEvent(
      client,
      { type: 'transfer.updated', transfer_id: TRANSFER, chat_id: CHAT_A, status: 'rejected' },
      hidden,
    );
    expect(invalidate).toHaveBeenCalledWith({ queryKey: OWNERSHIP_REQUESTS_QUERY_KEY });
    expect(OWNERSHIP_REQUESTS_QUERY_KEY).toEqual(requestsQueryKey);
  });
});

describe('chat.message and the ownership page', () => {
  it('has the requests fetched again when someone else writes (a new request for my bike)', () => {
    const client = seed();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    applyRealtimeEvent(client, { type: 'chat.message', chat_id: CHAT_A, message: message(2) }, hidden);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: OWNERSHIP_REQUESTS_QUERY_KEY });
  });

  it('not for my own message', () => {
    const client = seed();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    const mine = message(2, { sender: { role: 'requester', is_me: true, name: 'Berit' } });
    applyRealtimeEvent(client, { type: 'chat.message', chat_id: CHAT_A, message: mine }, hidden);
    expect(invalidate).not.toHaveBeenCalledWith({ queryKey: OWNERSHIP_REQUESTS_QUERY_KEY });
  });
});

describe('chat.read', () => {
  it('sets the chat read (another tab read it) and refreshes the badge', () => {
    const client = seed({ unread: 4 });
    client.setQueryData(chatListQueryKey, [chat(CHAT_A, message(1), 4)]);
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    applyRealtimeEvent(client, { type: 'chat.read', chat_id: CHAT_A, unread_count: 0 }, hidden);
    expect(client.getQueryData<ChatSummary[]>(chatListQueryKey)![0]!.unread_count).toBe(0);
    expect(client.getQueryData<ChatSummary>(chatQueryKey(CHAT_A))!.unread_count).toBe(0);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: unreadCountQueryKey });
  });
});

describe('reconnecting', () => {
  it('fetches every chat query and the transfers again', () => {
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    refetchLiveData(client);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['chats'] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['ownership-transfers'] });
  });
});

describe('resync', () => {
  it('fetches again everything the live events keep up to date: events were lost on the server', () => {
    const client = seed();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    applyRealtimeEvent(client, { type: 'resync' }, hidden);
    for (const queryKey of [
      ['chats'],
      OWNERSHIP_TRANSFERS_QUERY_KEY,
      OWNERSHIP_REQUESTS_QUERY_KEY,
      BIKES_QUERY_KEY,
    ]) {
      expect(invalidate).toHaveBeenCalledWith({ queryKey });
    }
    // The chat's messages, its summary, the inbox and the badge are all under ['chats']: each is stale now.
    for (const queryKey of [
      messagesQueryKey(CHAT_A),
      chatQueryKey(CHAT_A),
      chatListQueryKey,
      unreadCountQueryKey,
    ]) {
      expect(client.getQueryState(queryKey)?.isInvalidated).toBe(true);
    }
  });
});

describe('a message that arrives while its chat is being fetched', () => {
  it('stays: the fetch on its way, answered before it was written, is replaced by a new one', async () => {
    const client = new QueryClient();
    const first = message(1);
    const answers: Array<(value: ReturnType<typeof page>) => void> = [];
    const observer = new InfiniteQueryObserver(client, {
      queryKey: messagesQueryKey(CHAT_A),
      queryFn: () => new Promise<ReturnType<typeof page>>((resolve) => answers.push(resolve)),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: () => undefined,
    });
    const unsubscribe = observer.subscribe(() => undefined);
    const ids = () =>
      flattenMessages(client.getQueryData<MessagesData>(messagesQueryKey(CHAT_A))).map((m) => m.id);
    try {
      await vi.waitFor(() => expect(answers).toHaveLength(1));
      answers[0]?.(page([first]));
      await vi.waitFor(() => expect(ids()).toEqual([id(1)]));

      // A refetch (a reconnect's) is on its way when the message arrives live.
      void observer.refetch();
      await vi.waitFor(() => expect(answers).toHaveLength(2));
      applyRealtimeEvent(client, { type: 'chat.message', chat_id: CHAT_A, message: message(2) }, hidden);
      expect(ids()).toEqual([id(1), id(2)]);

      // The old fetch answers without the message; a new fetch was started and has it.
      answers[1]?.(page([first]));
      await vi.waitFor(() => expect(answers).toHaveLength(3));
      expect(ids()).toEqual([id(1), id(2)]);
      answers[2]?.(page([first, message(2)]));
      await vi.waitFor(() => expect(client.isFetching()).toBe(0));
      expect(ids()).toEqual([id(1), id(2)]);
    } finally {
      unsubscribe();
      client.clear();
    }
  });
});
