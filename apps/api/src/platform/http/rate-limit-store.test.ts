import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { fallbackMax, SharedOrLocalCounters } from './rate-limit-store.ts';

/*
 * The store's rules without a Redis: the share of a budget while Redis is down, counting against
 * it, and the switch to it and back logged once each. The store against a real Redis that is
 * killed, frozen and restarted is in rate-limit.redis.test.ts.
 */

function recordingLog() {
  const lines: string[] = [];
  const log = {
    warn: (_fields: unknown, message: string) => lines.push(`warn ${message}`),
    info: (message: string) => lines.push(`info ${message}`),
  } as unknown as FastifyBaseLogger;
  return { log, lines };
}

/** A Redis client that fails or answers as the test says. */
function fakeRedis(state: { status: string; fails: boolean }) {
  let count = 0;
  return {
    get status() {
      return state.status;
    },
    defineCommand() {},
    async nbrRateLimitIncrement(_key: string, timeWindow: number) {
      if (state.fails) throw new Error('Connection is closed.');
      count += 1;
      return [count, timeWindow];
    },
    async nbrRateLimitRead() {
      if (state.fails) throw new Error('Connection is closed.');
      return [count, 1000];
    },
  } as unknown as Redis;
}

describe('fallbackMax', () => {
  it('is the budget divided by the instances, rounded down, and never 0', () => {
    expect(fallbackMax(10, 2)).toBe(5);
    expect(fallbackMax(600, 4)).toBe(150);
    expect(fallbackMax(5, 2)).toBe(2);
    expect(fallbackMax(1, 4)).toBe(1);
    expect(fallbackMax(3, 1)).toBe(3);
  });
});

describe('SharedOrLocalCounters', () => {
  it('without Redis counts the whole budget in memory', async () => {
    const counters = new SharedOrLocalCounters({ redis: null, instances: 4, ...recordingLog() });
    const counts = [];
    for (let i = 0; i < 3; i += 1) counts.push((await counters.increment('global:a', 60_000, 2)).current);
    // The plugin refuses when current > max: the third of a budget of 2.
    expect(counts).toEqual([1, 2, 3]);
  });

  it('keeps a bounded number of counters in memory, forgetting the oldest windows first', async () => {
    const counters = new SharedOrLocalCounters({ redis: null, instances: 2, ...recordingLog() });
    await counters.increment('global:oldest', 60_000, 10);
    for (let i = 0; i < 50_000; i += 1) await counters.increment(`global:${i}`, 60_000, 10);
    expect((await counters.increment('global:49999', 60_000, 10)).current).toBe(2);
    expect((await counters.increment('global:oldest', 60_000, 10)).current).toBe(1);
  });

  it('while Redis is down passes max only after the instance share, and logs the switch each way once', async () => {
    const { log, lines } = recordingLog();
    const state = { status: 'end', fails: true };
    const counters = new SharedOrLocalCounters({ redis: fakeRedis(state), instances: 2, log });
    const max = 10;
    const counts = [];
    for (let i = 0; i < 6; i += 1) counts.push((await counters.increment('login:a', 60_000, max)).current);
    // A share of 5: the first five stay within max, the sixth is over it.
    expect(counts.map((current) => current > max)).toEqual([false, false, false, false, false, true]);
    expect(await counters.read('login:a', max)).toMatchObject({ current: 11 });
    expect(lines).toEqual([expect.stringMatching(/^warn rate limits: Redis is unavailable/)]);

    state.status = 'ready';
    state.fails = false;
    // A failure a moment ago keeps the counts local for a second; then Redis alone counts again.
    await expect
      .poll(async () => (await counters.increment('login:b', 60_000, max)).current, { timeout: 10_000 })
      .toBe(1);
    expect((await counters.increment('login:b', 60_000, max)).current).toBe(2);
    expect(lines).toEqual([
      expect.stringMatching(/^warn rate limits: Redis is unavailable/),
      'info rate limits: Redis answers again; the shared limits apply',
    ]);
  });
});
