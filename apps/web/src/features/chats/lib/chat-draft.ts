import { MESSAGE_MAX_LENGTH } from '@nbr/domain/chats';
import { DRAFT_PREFIX, readJson, writeJson } from '../../../lib/storage.ts';

/*
 * The unsent text of a chat's composer (SPEC §3: a draft holds a subject id and content). Kept in
 * this browser per account and chat under DRAFT_PREFIX, so signing out (and the reset action)
 * wipes it with every other draft; restored when the person comes back to the chat.
 */

export interface ChatDraft {
  /** The chat's subject: the bike, transfer or request the text is about. */
  subject_id: string;
  content: string;
}

export function chatDraftKey(partyId: string, chatId: string): string {
  return `${DRAFT_PREFIX}chat:${partyId}:${chatId}`;
}

/** A stored draft of the right shape, or null (storage can hold anything, e.g. an older format). */
export function sanitiseChatDraft(value: unknown): ChatDraft | null {
  if (!value || typeof value !== 'object') return null;
  const { subject_id: subjectId, content } = value as Record<string, unknown>;
  if (typeof subjectId !== 'string' || typeof content !== 'string' || content === '') return null;
  return { subject_id: subjectId, content: content.slice(0, MESSAGE_MAX_LENGTH * 2) };
}

/** The draft of this chat; a draft about another subject (ids reused? never, but be safe) is ignored. */
export function readChatDraft(key: string, subjectId: string): string {
  const draft = sanitiseChatDraft(readJson<unknown>(key));
  return draft && draft.subject_id === subjectId ? draft.content : '';
}

/** Stores the text; text that is only white space leaves no draft behind. */
export function writeChatDraft(key: string, subjectId: string, content: string): void {
  writeJson(key, content.trim() === '' ? null : ({ subject_id: subjectId, content } satisfies ChatDraft));
}

export function clearChatDraft(key: string): void {
  writeJson(key, null);
}
