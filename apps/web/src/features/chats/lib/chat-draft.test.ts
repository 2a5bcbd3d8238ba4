import { afterEach, describe, expect, it } from 'vitest';
import { DRAFT_PREFIX, wipeAppStorage } from '../../../lib/storage.ts';
import {
  chatDraftKey,
  clearChatDraft,
  readChatDraft,
  sanitiseChatDraft,
  writeChatDraft,
} from './chat-draft.ts';

const SUBJECT = '0190a0b0-0000-7000-8000-000000000900';
const key = chatDraftKey('party-1', 'chat-1');

afterEach(() => window.localStorage.clear());

describe('chat drafts', () => {
  it('live per account and chat under the draft prefix (signing out wipes them)', () => {
    expect(key.startsWith(DRAFT_PREFIX)).toBe(true);
    expect(key).not.toBe(chatDraftKey('party-2', 'chat-1'));
    expect(key).not.toBe(chatDraftKey('party-1', 'chat-2'));
  });

  it('hold the subject id and the content (SPEC §3) and come back as written', () => {
    writeChatDraft(key, SUBJECT, 'Hej!\nEr cyklen stadig din?');
    expect(JSON.parse(window.localStorage.getItem(key) ?? 'null')).toEqual({
      subject_id: SUBJECT,
      content: 'Hej!\nEr cyklen stadig din?',
    });
    expect(readChatDraft(key, SUBJECT)).toBe('Hej!\nEr cyklen stadig din?');
  });

  it('leave nothing behind for empty text, once cleared, or after a sign-out wipe', () => {
    writeChatDraft(key, SUBJECT, '   ');
    expect(window.localStorage.getItem(key)).toBeNull();
    writeChatDraft(key, SUBJECT, 'Hej');
    clearChatDraft(key);
    expect(readChatDraft(key, SUBJECT)).toBe('');
    writeChatDraft(key, SUBJECT, 'Hej');
    wipeAppStorage();
    expect(readChatDraft(key, SUBJECT)).toBe('');
  });

  it('ignore what is not a draft of this subject', () => {
    writeChatDraft(key, SUBJECT, 'Hej');
    expect(readChatDraft(key, 'another-subject')).toBe('');
    window.localStorage.setItem(key, '{not json');
    expect(readChatDraft(key, SUBJECT)).toBe('');
    expect(sanitiseChatDraft({ subject_id: 1, content: 'x' })).toBeNull();
    expect(sanitiseChatDraft({ subject_id: SUBJECT })).toBeNull();
    expect(sanitiseChatDraft('text')).toBeNull();
  });
});
