import { describe, expect, it } from 'vitest';
import { DatabaseWaitAborted, waitForDatabase } from './wait-for-database.ts';

const refused = () => Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });

describe('waitForDatabase', () => {
  it('tries again with growing waits while the database is away, once per attempt, then answers', async () => {
    let calls = 0;
    const retries: Array<{ attempt: number; reason: string; delayMs: number }> = [];
    const result = await waitForDatabase(
      async () => {
        calls += 1;
        if (calls <= 3) throw refused();
        return 'migrated';
      },
      {
        signal: new AbortController().signal,
        onRetry: (attempt, reason, delayMs) => retries.push({ attempt, reason, delayMs }),
        firstDelayMs: 4,
        maxDelayMs: 10,
      },
    );
    expect(result).toBe('migrated');
    expect(retries.map(({ attempt, reason }) => [attempt, reason])).toEqual([
      [1, 'ECONNREFUSED'],
      [2, 'ECONNREFUSED'],
      [3, 'ECONNREFUSED'],
    ]);
    // Each wait lies between half and all of its capped step: 4, 8, then 10 (the cap).
    const [first, second, third] = retries.map((retry) => retry.delayMs);
    expect(first).toBeGreaterThanOrEqual(2);
    expect(first).toBeLessThanOrEqual(4);
    expect(second).toBeGreaterThanOrEqual(4);
    expect(second).toBeLessThanOrEqual(8);
    expect(third).toBeGreaterThanOrEqual(5);
    expect(third).toBeLessThanOrEqual(10);
  });

  it('fails at once on anything else, such as a wrong password or a broken migration', async () => {
    let calls = 0;
    const wrongPassword = Object.assign(new Error('password authentication failed'), { code: '28P01' });
    await expect(
      waitForDatabase(
        async () => {
          calls += 1;
          throw wrongPassword;
        },
        { signal: new AbortController().signal, onRetry: () => undefined, firstDelayMs: 1 },
      ),
    ).rejects.toBe(wrongPassword);
    expect(calls).toBe(1);
  });

  it('stops waiting when aborted (SIGTERM during the wait)', async () => {
    const stop = new AbortController();
    const waiting = waitForDatabase(
      async () => {
        throw refused();
      },
      { signal: stop.signal, onRetry: () => stop.abort(), firstDelayMs: 600_000, maxDelayMs: 600_000 },
    );
    await expect(waiting).rejects.toBeInstanceOf(DatabaseWaitAborted);
  });
});
