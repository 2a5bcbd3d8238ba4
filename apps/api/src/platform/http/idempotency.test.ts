import { createHash } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import { idempotencyKeys } from '../../db/schema/platform.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { bearer, signUpUser, type TestUser } from '../../test/identity-helpers.ts';
import { requireAuth } from '../auth/access.ts';
import { AppError } from '../errors.ts';
import {
  IDEMPOTENCY_LEASE_MS,
  IDEMPOTENCY_TTL_MS,
  idempotencyClaim,
  keepAnswer,
  recordProgress,
} from './idempotency.ts';

/*
 * A test route whose effect is a row in a table of its own, written in a transaction that keeps the
 * answer as every idempotent route does: the rows prove how many effects really committed.
 * `fail` makes it refuse (4xx) so a retry after a refusal can be checked; `wait` holds it before its
 * transaction; `dieAfterCommit` makes it fail after its transaction committed, as a process that
 * dies between the commit and the answer; `progress` records progress, then fails, unless an
 * earlier attempt recorded it (it answers what it found).
 */
let release: (() => void) | null = null;
/** How far the idempotency clock is ahead of the real one. */
let clockOffset = 0;

let testApp: TestApp;
let owner: TestUser;
let other: TestUser;

interface TestBody {
  amount: number;
  fail?: boolean;
  wait?: boolean;
  dieAfterCommit?: boolean;
  progress?: boolean;
}

async function effects(executor: Executor = testApp.database.db): Promise<number> {
  const result = await executor.execute(sql`select count(*)::int as n from idempotency_test_effects`);
  return (result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
}

beforeAll(async () => {
  testApp = await createTestApp({
    idempotencyClock: () => Date.now() + clockOffset,
    extend: (app) => {
      app.post(
        '/api/test/idempotent-effect',
        {
          schema: {
            body: z.object({
              amount: z.number(),
              fail: z.boolean().optional(),
              wait: z.boolean().optional(),
              dieAfterCommit: z.boolean().optional(),
              progress: z.boolean().optional(),
            }),
            response: {
              201: z.object({
                effect: z.number(),
                amount: z.number(),
                progress: z.unknown(),
                picture_url: z.string(),
              }),
            },
          },
          config: { access: 'signed_in', idempotent: true },
        },
        async (request, reply) => {
          requireAuth(request);
          const body = request.body as TestBody;
          const idempotency = idempotencyClaim(request);
          if (body.fail) throw new AppError('no_free_credit');
          if (body.wait) {
            await new Promise<void>((resolve) => (release = resolve));
          }
          const db = testApp.database.db;
          if (body.progress && idempotency?.progress === null) {
            await recordProgress(db, idempotency, { first_attempt: body.amount });
            throw new Error('the provider did not answer');
          }
          const answer = await db.transaction(async (tx) => {
            await tx.execute(sql`insert into idempotency_test_effects (amount) values (${body.amount})`);
            return keepAnswer(tx, idempotency, {
              effect: await effects(tx),
              amount: body.amount,
              progress: idempotency?.progress ?? null,
              picture_url: app.fileUrls.sign('/api/test/picture'),
            });
          });
          if (body.dieAfterCommit) throw new Error('the process died before answering');
          return reply.code(201).send(answer);
        },
      );
    },
  });
  await testApp.database.db.execute(
    sql`create table idempotency_test_effects (id serial primary key, amount integer not null)`,
  );
  owner = await signUpUser(testApp.app);
  other = await signUpUser(testApp.app);
});

afterAll(async () => {
  await testApp?.close();
});

const send = (user: TestUser, key: string | null, payload: Record<string, unknown>) =>
  testApp.app.inject({
    method: 'POST',
    url: '/api/test/idempotent-effect',
    headers: bearer(user.token, key ? { 'idempotency-key': key } : {}),
    payload,
  });

describe('Idempotency-Key', () => {
  it('replays the first answer without a second effect', async () => {
    const before = await effects();
    const first = await send(owner, 'key-replay-0001', { amount: 100 });
    const second = await send(owner, 'key-replay-0001', { amount: 100 });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(await effects()).toBe(before + 1);
  });

  it('runs every request without a key', async () => {
    const before = await effects();
    await send(owner, null, { amount: 1 });
    await send(owner, null, { amount: 1 });
    expect(await effects()).toBe(before + 2);
  });

  it('refuses the same key with another body', async () => {
    await send(owner, 'key-reused-0001', { amount: 100 });
    const response = await send(owner, 'key-reused-0001', { amount: 200 });
    expect(response.statusCode).toBe(422);
    expect(response.json().detail[0]).toMatchObject({
      loc: ['headers', 'idempotency-key'],
      type: 'idempotency_key_reused',
    });
  });

  it('keeps keys per party: another user with the same key gets their own effect', async () => {
    const before = await effects();
    await send(owner, 'key-shared-0001', { amount: 5 });
    const response = await send(other, 'key-shared-0001', { amount: 5 });
    expect(response.statusCode).toBe(201);
    expect(response.headers['idempotent-replayed']).toBeUndefined();
    expect(await effects()).toBe(before + 2);
  });

  it('does not keep a refusal: the retry runs again', async () => {
    const refused = await send(owner, 'key-refused-0001', { amount: 1, fail: true });
    expect(refused.statusCode).toBe(403);
    const before = await effects();
    const retried = await send(owner, 'key-refused-0001', { amount: 1, fail: true });
    expect(retried.statusCode).toBe(403);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    expect(await effects()).toBe(before);
  });

  it('answers 409 to a replay while the first request still runs, then the kept answer', async () => {
    const before = await effects();
    const first = send(owner, 'key-running-0001', { amount: 7, wait: true });
    // Let the first request reach its handler before the replay arrives.
    while (!release) await new Promise((r) => setTimeout(r, 10));
    const concurrent = await send(owner, 'key-running-0001', { amount: 7, wait: true });
    expect(concurrent.statusCode).toBe(409);
    expect(concurrent.json().code).toBe('idempotency_key_in_progress');
    release?.();
    release = null;
    expect((await first).statusCode).toBe(201);
    const replay = await send(owner, 'key-running-0001', { amount: 7, wait: true });
    expect(replay.statusCode).toBe(201);
    expect(await effects()).toBe(before + 1);
  });

  it('forgets every expired key of the party on its next keyed request, keeping fresh ones and others’', async () => {
    const expired = new Date(Date.now() - IDEMPOTENCY_TTL_MS - 60_000);
    const db = testApp.database.db;
    const parties = [owner.partyId, other.partyId];
    expect((await send(owner, 'key-purge-old-1', { amount: 1 })).statusCode).toBe(201);
    expect((await send(owner, 'key-purge-fresh', { amount: 2 })).statusCode).toBe(201);
    expect((await send(other, 'key-purge-old-2', { amount: 3 })).statusCode).toBe(201);
    await db
      .update(idempotencyKeys)
      .set({ createdAt: expired })
      .where(
        and(
          inArray(idempotencyKeys.partyId, parties),
          inArray(idempotencyKeys.key, ['key-purge-old-1', 'key-purge-old-2']),
        ),
      );

    expect((await send(owner, 'key-purge-next', { amount: 4 })).statusCode).toBe(201);
    const kept = await db
      .select({ key: idempotencyKeys.key })
      .from(idempotencyKeys)
      .where(
        and(
          inArray(idempotencyKeys.partyId, parties),
          inArray(idempotencyKeys.key, [
            'key-purge-old-1',
            'key-purge-fresh',
            'key-purge-old-2',
            'key-purge-next',
          ]),
        ),
      );
    // The owner's expired key is gone; the other party's waits for their own next request.
    expect(kept.map((row) => row.key).sort()).toEqual([
      'key-purge-fresh',
      'key-purge-next',
      'key-purge-old-2',
    ]);
  });

  it('releases a key left "in progress" by a request that died, once its short lease ran out', async () => {
    // What an instance that crashed mid-request leaves behind: the key taken, no answer kept.
    const body = { amount: 5 };
    const startedAt = Date.now() + clockOffset;
    await testApp.database.db.insert(idempotencyKeys).values({
      partyId: owner.partyId,
      key: 'key-crashed-0001',
      route: 'POST /api/test/idempotent-effect',
      requestHash: createHash('sha256')
        .update(`POST\n/api/test/idempotent-effect\n${JSON.stringify(body)}`)
        .digest('hex'),
      createdAt: new Date(startedAt),
    });
    const before = await effects();
    try {
      clockOffset += IDEMPOTENCY_LEASE_MS - 5_000;
      const early = await send(owner, 'key-crashed-0001', body);
      expect(early.statusCode).toBe(409);
      expect(early.json().code).toBe('idempotency_key_in_progress');
      expect(await effects()).toBe(before);

      clockOffset += 10_000;
      const retried = await send(owner, 'key-crashed-0001', body);
      expect(retried.statusCode, retried.body).toBe(201);
      expect(retried.headers['idempotent-replayed']).toBeUndefined();
      expect(await effects()).toBe(before + 1);

      // The retry's answer is kept like any other: the next one is a replay, no second effect.
      const replay = await send(owner, 'key-crashed-0001', body);
      expect(replay.statusCode).toBe(201);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(await effects()).toBe(before + 1);
    } finally {
      clockOffset = 0;
    }
  });

  it('refuses a malformed key', async () => {
    const response = await send(owner, 'short', { amount: 1 });
    expect(response.statusCode).toBe(422);
    expect(response.json().detail[0].loc).toEqual(['headers', 'idempotency-key']);
  });
  it('keeps the answer with the effect: a request that dies after its commit is replayed, never run again', async () => {
    const before = await effects();
    const died = await send(owner, 'key-died-0001', { amount: 11, dieAfterCommit: true });
    expect(died.statusCode).toBe(500);
    expect(await effects()).toBe(before + 1);

    const retried = await send(owner, 'key-died-0001', { amount: 11, dieAfterCommit: true });
    expect(retried.statusCode, retried.body).toBe(201);
    expect(retried.headers['idempotent-replayed']).toBe('true');
    expect(retried.json()).toMatchObject({ effect: before + 1, amount: 11 });
    expect(await effects()).toBe(before + 1);
  });

  it('rolls back a request that outlived its lease once a retry took the key over: one effect', async () => {
    const before = await effects();
    const body = { amount: 13, wait: true };
    const first = send(owner, 'key-outlived-0001', body);
    while (!release) await new Promise((r) => setTimeout(r, 10));
    const stuck = release as () => void;
    release = null;
    try {
      clockOffset += IDEMPOTENCY_LEASE_MS + 1_000;
      const retried = send(owner, 'key-outlived-0001', body);
      while (!release) await new Promise((r) => setTimeout(r, 10));
      (release as () => void)();
      release = null;
      expect((await retried).statusCode).toBe(201);
      stuck();
      const outlived = await first;
      expect(outlived.statusCode).toBe(409);
      expect(outlived.json().code).toBe('idempotency_key_in_progress');
      expect(await effects()).toBe(before + 1);
    } finally {
      clockOffset = 0;
    }
  });

  it('lets the retry of a request that failed after recording progress continue from it', async () => {
    const failed = await send(owner, 'key-progress-0001', { amount: 17, progress: true });
    expect(failed.statusCode).toBe(500);
    const [row] = await testApp.database.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.partyId, owner.partyId), eq(idempotencyKeys.key, 'key-progress-0001')));
    expect(row).toMatchObject({ status: null, progress: { first_attempt: 17 } });

    // At once, without waiting for a lease: the failed request released it.
    const retried = await send(owner, 'key-progress-0001', { amount: 17, progress: true });
    expect(retried.statusCode, retried.body).toBe(201);
    expect(retried.json().progress).toEqual({ first_attempt: 17 });
  });

  it('signs the file addresses of a replayed answer again, as the kept ones expire within the hour', async () => {
    const first = await send(owner, 'key-signed-0001', { amount: 19 });
    expect(first.statusCode).toBe(201);
    // What a replay a day later finds: the address kept, long expired.
    const expired = testApp.app.fileUrls.sign('/api/test/picture', -24 * 60 * 60);
    await testApp.database.db
      .update(idempotencyKeys)
      .set({ response: { ...first.json<Record<string, unknown>>(), picture_url: expired } })
      .where(and(eq(idempotencyKeys.partyId, owner.partyId), eq(idempotencyKeys.key, 'key-signed-0001')));

    const replay = await send(owner, 'key-signed-0001', { amount: 19 });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    const url = new URL(replay.json().picture_url, 'http://localhost');
    expect(url.pathname).toBe('/api/test/picture');
    expect(
      testApp.app.fileUrls.verify(
        url.pathname,
        url.searchParams.get('expires') ?? undefined,
        url.searchParams.get('signature') ?? undefined,
      ),
    ).toBe(true);
    expect(replay.json()).toMatchObject({ effect: first.json().effect, amount: 19 });
  });
});
