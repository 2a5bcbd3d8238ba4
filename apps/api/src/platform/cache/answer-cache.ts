/*
 * A small in-process cache of answers that are the same for everyone for a short while (public
 * answers whose Cache-Control already lets browsers keep them that long). Concurrent misses of one
 * key share one computation, so a burst of identical requests costs one query. Failures are not
 * kept. Each API instance has its own; nothing here needs to agree between instances.
 */
export interface AnswerCache<T> {
  /** The kept answer of `key`, or `compute()`'s, kept for the cache's lifetime. */
  get(key: string, compute: () => Promise<T>): Promise<T>;
}

export function createAnswerCache<T>(options: {
  ttlMs: number;
  maxEntries: number;
  now?: () => number;
}): AnswerCache<T> {
  const { ttlMs, maxEntries, now = Date.now } = options;
  const entries = new Map<string, { expiresAt: number; answer: Promise<T> }>();
  return {
    get(key, compute) {
      const at = now();
      const kept = entries.get(key);
      if (kept && kept.expiresAt > at) return kept.answer;
      if (kept) entries.delete(key);
      const answer = compute();
      entries.set(key, { expiresAt: at + ttlMs, answer });
      // Maps keep insertion order: the first key is the oldest.
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
      answer.catch(() => {
        if (entries.get(key)?.answer === answer) entries.delete(key);
      });
      return answer;
    },
  };
}
