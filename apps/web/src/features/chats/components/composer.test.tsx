import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { chatDraftKey, readChatDraft, writeChatDraft } from '../lib/chat-draft.ts';
import { Composer } from './composer.tsx';

/*
 * The composer as a person uses it: Enter sends, Shift+Enter does not, an empty text cannot be sent,
 * a failure keeps the text and says why, and the unsent text is kept as the chat's draft.
 */

type Tree = { [key: string]: string | Tree };
const load = (namespace: string) =>
  import.meta.glob<Tree>('../../../locales/en/*.json', { eager: true, import: 'default' })[
    `../../../locales/en/${namespace}.json`
  ]!;

const CHAT = '0190a0b0-0000-7000-8000-00000000000a';
const SUBJECT = '0190a0b0-0000-7000-8000-000000000900';
const KEY = chatDraftKey('party-1', CHAT);
const fetchMock = vi.fn<typeof fetch>();

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { common: load('common'), chats: load('chats') } },
    defaultNS: 'common',
    interpolation: { escapeValue: false },
  });
});

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  cleanup();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

function show() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Composer chatId={CHAT} subjectId={SUBJECT} draftKey={KEY} />
    </QueryClientProvider>,
  );
  return screen.getByRole('textbox', { name: 'Write a message' }) as HTMLTextAreaElement;
}

const sendButton = () => screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;

const sent = (content: string) => ({
  id: '0190a0b0-0000-7000-8000-000000000077',
  chat_id: CHAT,
  kind: 'text',
  sender: { role: 'requester', is_me: true, name: 'Berit' },
  content,
  system_event: null,
  offer: null,
  created_at: '2026-05-01T12:00:00.000Z',
});

describe('composer', () => {
  it('sends on Enter, not on Shift+Enter, and clears the text and its draft', async () => {
    fetchMock.mockImplementation(async () => new Response(JSON.stringify(sent('Hello')), { status: 201 }));
    const textarea = show();
    expect(sendButton().disabled).toBe(true);
    fireEvent.change(textarea, { target: { value: 'Hello' } });
    expect(sendButton().disabled).toBe(false);
    expect(readChatDraft(KEY, SUBJECT)).toBe('Hello');
    fireEvent.keyDown(textarea, { key: 'Enter', shiftKey: true });
    expect(fetchMock).not.toHaveBeenCalled();
    await act(async () => {
      fireEvent.keyDown(textarea, { key: 'Enter' });
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe(`/api/chats/${CHAT}/messages`);
    expect(JSON.parse(String(init?.body))).toEqual({ content: 'Hello' });
    expect(textarea.value).toBe('');
    expect(readChatDraft(KEY, SUBJECT)).toBe('');
  });

  it('keeps the text when sending fails and says why', async () => {
    fetchMock.mockImplementation(
      async () => new Response(JSON.stringify({ detail: 'Not found', code: 'not_found' }), { status: 404 }),
    );
    const textarea = show();
    fireEvent.change(textarea, { target: { value: 'Are you there?' } });
    await act(async () => {
      fireEvent.click(sendButton());
    });
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The message was not sent. Your text is kept.',
    );
    expect(textarea.value).toBe('Are you there?');
    expect(readChatDraft(KEY, SUBJECT)).toBe('Are you there?');
  });

  it('brings an unsent draft back and counts down near the limit', () => {
    writeChatDraft(KEY, SUBJECT, 'Half a thought');
    const textarea = show();
    expect(textarea.value).toBe('Half a thought');
    expect(screen.getByRole('status').textContent).toBe('Your unsent text has been brought back.');
    fireEvent.change(textarea, { target: { value: 'x'.repeat(4001) } });
    expect(screen.getByText('The message is 1 character too long.')).toBeTruthy();
    expect(textarea.getAttribute('aria-invalid')).toBe('true');
    expect(sendButton().disabled).toBe(true);
    fireEvent.change(textarea, { target: { value: 'x'.repeat(3990) } });
    expect(screen.getByText('10 characters left')).toBeTruthy();
  });
});
