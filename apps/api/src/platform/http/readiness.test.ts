import { describe, expect, it } from 'vitest';
import type { DatabaseConnection } from '../../db/client.ts';
import { createReadiness, type ReadinessDeps } from './readiness.ts';

/*
 * The rules of the readiness check itself, with stand-ins for the dependencies and the clock
 * (each dependency failing for real, through HTTP: health.test.ts).
 */

function fakeDatabase(ping: () => Promise<void>): DatabaseConnection {
  // findPendingMigrations reads schema_migrations: present, and recording nothing (no files here).
  let call = 0;
  const execute = async () => ({ rows: call++ % 2 === 0 ? [{ present: true }] : [] });
  return { ping, db: { execute } } as unknown as DatabaseConnection;
}

function setUp(overrides: Partial<ReadinessDeps> = {}) {
  const counts = { database: 0, storage: 0 };
  const logs: string[] = [];
  let time = 0;
  let databaseAnswers = true;
  const readiness = createReadiness({
    database: fakeDatabase(async () => {
      counts.database += 1;
      if (!databaseAnswers) throw new Error('connection refused');
    }),
    redis: null,
    storage: {
      checkWritable: async () => {
        counts.storage += 1;
      },
    },
    log: {
      warn: (_details: object, message: string) => logs.push(`warn ${message}`),
      info: (message: string) => logs.push(`info ${message}`),
    } as unknown as ReadinessDeps['log'],
    migrations: async () => [],
    now: () => time,
    ...overrides,
  });
  return {
    readiness,
    counts,
    logs,
    advance(ms: number) {
      time += ms;
    },
    setDatabaseAnswers(value: boolean) {
      databaseAnswers = value;
    },
  };
}

describe('readiness', () => {
  it('asks each dependency once for polls that arrive together', async () => {
    const { readiness, counts } = setUp();
    const answers = await Promise.all(Array.from({ length: 5 }, () => readiness.failedChecks()));
    expect(answers).toEqual([[], [], [], [], []]);
    expect(counts).toEqual({ database: 1, storage: 1 });
  });

  it('reuses an answer for a second, then asks again', async () => {
    const { readiness, counts, advance, setDatabaseAnswers } = setUp();
    await readiness.failedChecks();
    setDatabaseAnswers(false);
    advance(999);
    expect(await readiness.failedChecks()).toEqual([]);
    expect(counts.database).toBe(1);
    advance(1);
    expect(await readiness.failedChecks()).toEqual(['database']);
    expect(counts.database).toBe(2);
  });

  it('counts a dependency that does not answer in time as failed', async () => {
    const { readiness } = setUp({
      timeoutMs: 20,
      storage: { checkWritable: () => new Promise<void>(() => undefined) },
    });
    expect(await readiness.failedChecks()).toEqual(['storage']);
  });

  it('checks Redis only when there is a client', async () => {
    let pings = 0;
    const { readiness } = setUp({
      redis: {
        ping: async () => {
          pings += 1;
          throw new Error("Stream isn't writeable");
        },
      } as unknown as ReadinessDeps['redis'],
    });
    expect(await readiness.failedChecks()).toEqual(['redis']);
    expect(pings).toBe(1);
  });

  it('reports draining at once, even while an answer is reused, and for good', async () => {
    const { readiness, advance } = setUp();
    expect(await readiness.failedChecks()).toEqual([]);
    readiness.startDraining();
    expect(readiness.isDraining).toBe(true);
    expect(await readiness.failedChecks()).toEqual(['draining']);
    advance(5000);
    expect(await readiness.failedChecks()).toEqual(['draining']);
  });

  it('logs a change once, not at every poll', async () => {
    const { readiness, logs, advance, setDatabaseAnswers } = setUp();
    const poll = async () => {
      advance(1000);
      await readiness.failedChecks();
    };
    await poll();
    setDatabaseAnswers(false);
    await poll();
    await poll();
    await poll();
    setDatabaseAnswers(true);
    await poll();
    await poll();
    expect(logs).toEqual(['warn not ready', 'info ready']);
  });
});
