import { DRAFT_PREFIX, readJson, writeJson } from '../../../lib/storage.ts';

/** What this browser keeps of a walk: its id and the token that continues it. */
export interface StoredWalk {
  walkId: string;
  token: string;
}

/*
 * One walk per flow and browser, under the drafts' prefix: signing out forgets it with the other
 * drafts, so the next person on a shared phone never continues someone else's answers.
 */
const key = (memo: string) => `${DRAFT_PREFIX}flow-walk:${memo}`;

export function readStoredWalk(memo: string): StoredWalk | null {
  const value = readJson<StoredWalk>(key(memo));
  return value && typeof value.walkId === 'string' && typeof value.token === 'string' ? value : null;
}

export function storeWalk(memo: string, walk: StoredWalk | null): void {
  writeJson(key(memo), walk);
}
