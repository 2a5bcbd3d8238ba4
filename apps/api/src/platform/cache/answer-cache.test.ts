import { describe, expect, it } from 'vitest';
import { createAnswerCache } from './answer-cache.ts';

describe('answer cache', () => {
  it('answers a key from the cache until it expires, then computes it again', async () => {
    let clock = 0;
    let computed = 0;
    const cache = createAnswerCache<number>({ ttlMs: 30_000, maxEntries: 10, now: () => clock });
    const compute = async () => ++computed;
    expect(await cache.get('a', compute)).toBe(1);
    clock = 29_999;
    expect(await cache.get('a', compute)).toBe(1);
    clock = 30_000;
    expect(await cache.get('a', compute)).toBe(2);
    expect(await cache.get('b', compute)).toBe(3);
  });

  it('shares one computation between concurrent misses', async () => {
    let computed = 0;
    let release: (value: string) => void = () => {};
    const cache = createAnswerCache<string>({ ttlMs: 1000, maxEntries: 10 });
    const compute = () => {
      computed += 1;
      return new Promise<string>((resolve) => {
        release = resolve;
      });
    };
    const answers = [cache.get('k', compute), cache.get('k', compute), cache.get('k', compute)];
    release('answer');
    expect(await Promise.all(answers)).toEqual(['answer', 'answer', 'answer']);
    expect(computed).toBe(1);
  });

  it('does not keep failures', async () => {
    const cache = createAnswerCache<string>({ ttlMs: 1000, maxEntries: 10 });
    await expect(cache.get('k', () => Promise.reject(new Error('database down')))).rejects.toThrow(
      'database down',
    );
    expect(await cache.get('k', async () => 'fine')).toBe('fine');
  });

  it('forgets the oldest key beyond its size', async () => {
    let computed = 0;
    const cache = createAnswerCache<number>({ ttlMs: 60_000, maxEntries: 2 });
    const compute = async () => ++computed;
    await cache.get('a', compute);
    await cache.get('b', compute);
    await cache.get('c', compute);
    expect(await cache.get('b', compute)).toBe(2);
    expect(await cache.get('a', compute)).toBe(4);
  });
});
