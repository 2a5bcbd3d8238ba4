import { isApiError } from './api-client.ts';

/*
 * Idempotency-Key for writes that move ownership (ARCHITECTURE §4): one random key per user action,
 * kept while the same action is retried (a network error or a server error leaves it unknown whether
 * the first attempt took effect; the server answers a replay with the kept answer and no second
 * effect). A definite answer — success or a refusal — ends the action: the next attempt is a new one.
 */

const pending = new Map<string, string>();

function randomKey(): string {
  return (
    globalThis.crypto?.randomUUID?.() ??
    `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`
  );
}

/** The key of one action, identified by what it does (route + body): the same action keeps its key. */
export function idempotencyKeyFor(action: string): string {
  let key = pending.get(action);
  if (!key) {
    key = randomKey();
    pending.set(action, key);
  }
  return key;
}

/** Whether an attempt's outcome is unknown (so a retry must reuse the key). */
export function outcomeUnknown(error: unknown): boolean {
  if (!isApiError(error)) return true;
  return error.status === 0 || error.status >= 500 || error.code === 'idempotency_key_in_progress';
}

/** Runs one attempt of an action with its key; forgets the key once the answer is definite. */
export async function withIdempotencyKey<T>(action: string, run: (key: string) => Promise<T>): Promise<T> {
  const key = idempotencyKeyFor(action);
  try {
    const result = await run(key);
    pending.delete(action);
    return result;
  } catch (error) {
    if (!outcomeUnknown(error)) pending.delete(action);
    throw error;
  }
}

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
