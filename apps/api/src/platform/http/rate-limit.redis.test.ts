import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { signUpUser, type TestUser } from '../../test/identity-helpers.ts';
import { requireOwnRedis, startTwoAppsOnRedis, type TwoAppsOnRedis } from '../../test/own-redis-helpers.ts';
import type { OwnRedis } from '../../test/own-services.ts';
import { eventually } from '../../test/realtime-helpers.ts';
import { budgetKey } from './rate-limit.ts';

/*
 * Needs a Redis server: set TEST_REDIS_URL (e.g. redis://127.0.0.1:6379/15; the test only writes
 * keys under its own prefix). Without it the in-memory store is what the other tests cover.
 */
const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)('rate limits shared through Redis', () => {
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    const env = { REDIS_URL: redisUrl!, RATE_LIMIT_PER_MINUTE: '4' };
    [first, second] = await Promise.all([createTestApp({ env }), createTestApp({ env })]);
  });
  afterAll(async () => {
    await Promise.all([first?.close(), second?.close()]);
  });

  it('counts one client across every instance', async () => {
    // A fresh address per run, so leftovers of an earlier run in Redis do not count.
    const address = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.9`;
    const statuses: number[] = [];
    for (const t of [first, second, first, second, first]) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/unknown-route',
        remoteAddress: address,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([404, 404, 404, 404, 429]);
  });
});

describe('an unreachable Redis', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Nothing listens on port 1: every instance counts on its own, with half of each budget.
    t = await createTestApp({
      env: { REDIS_URL: 'redis://127.0.0.1:1', RATE_LIMIT_PER_MINUTE: '4', RATE_LIMIT_INSTANCES: '2' },
    });
  });
  afterAll(() => t.close());

  it('keeps answering, within the instance share of the limits', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/identities/region/',
        remoteAddress: '10.1.1.1',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([200, 200, 429]);
  });
});

/*
 * A Redis of the test's own that is killed and started again, under two instances sharing one
 * database: the limits never open, and the shared ones come back by themselves.
 */
describe('a Redis that is killed and comes back', () => {
  let redis: OwnRedis;
  let two: TwoAppsOnRedis;
  let inspect: Redis;
  let user: TestUser;
  let address = 0;
  /** Every attempt from another client address: an attacker spread over many networks. */
  const nextAddress = () => `10.77.${Math.floor(address / 250)}.${(address++ % 250) + 1}`;

  beforeAll(async () => {
    redis = await requireOwnRedis();
    inspect = new Redis(redis.url, { lazyConnect: true, maxRetriesPerRequest: 1 });
    inspect.on('error', () => undefined);
    const limits = { identityRateLimits: { loginPerEmail: 6 } };
    two = await startTwoAppsOnRedis(redis.url, {
      ...limits,
      env: { RATE_LIMIT_PER_MINUTE: '20', RATE_LIMIT_INSTANCES: '2' },
    });
    user = await signUpUser(two.a.app, {}, {}, nextAddress());
  }, 60_000);

  afterAll(async () => {
    inspect?.disconnect();
    await two?.close();
    await redis?.destroy();
  });

  const wrongPassword = (app: FastifyInstance, email = user.email) =>
    app.inject({
      method: 'POST',
      url: '/api/identities/authentications',
      payload: { email, password: 'not-the-password-1' },
      remoteAddress: nextAddress(),
    });

  /** Answers until an instance counts in Redis again (both clients reconnect by themselves). */
  async function untilCountedInRedis(app: FastifyInstance): Promise<void> {
    await eventually(async () => {
      const client = nextAddress();
      await app.inject({ method: 'GET', url: '/api/identities/region/', remoteAddress: client });
      return (await inspect.exists(`nbr:rate-limit:${budgetKey('global', client)}`)) === 1;
    }, 30_000);
  }

  it('names every budget in its keys and keeps no address in clear', async () => {
    await two.a.app.inject({ method: 'GET', url: '/api/unknown-route', remoteAddress: nextAddress() });
    await two.b.inject({ method: 'GET', url: '/api/search?q=abc', remoteAddress: nextAddress() });
    await wrongPassword(two.b);
    await inspect.connect();
    const keys = await inspect.keys('*');
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) {
      expect(key).toMatch(/^nbr:rate-limit:(global|not-found|[A-Z]+ \/api\/\S+( [a-z]+)?):[0-9a-f]{32}$/);
      expect(key).not.toContain('undefined');
      expect(key).not.toContain('10.77.');
      expect(key).not.toContain(user.email);
    }
    expect(keys).toContain(
      `nbr:rate-limit:${budgetKey('POST /api/identities/authentications email', user.email)}`,
    );
  });

  it('refuses wrong passwords for one account after each instance share while Redis is down', async () => {
    await redis.kill();
    // Six attempts per 15 minutes in all, two instances: three on each, then 429 with Retry-After.
    for (const app of [two.a.app, two.b]) {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1) statuses.push((await wrongPassword(app)).statusCode);
      expect(statuses).toEqual([401, 401, 401, 429]);
    }
    const refused = await wrongPassword(two.a.app);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'rate_limited' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The right password is refused too: the budget is the account's, not the guesser's.
    const right = await two.a.app.inject({
      method: 'POST',
      url: '/api/identities/authentications',
      payload: { email: user.email, password: user.password },
      remoteAddress: nextAddress(),
    });
    expect(right.statusCode).toBe(429);
  });

  it('keeps the global limit while Redis is down, at the instance share', async () => {
    const client = nextAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      const response = await two.b.inject({
        method: 'GET',
        url: '/api/identities/region/',
        remoteAddress: client,
      });
      statuses.push(response.statusCode);
    }
    // RATE_LIMIT_PER_MINUTE 20 over two instances: ten each.
    expect(statuses).toEqual([...Array(10).fill(200), 429]);
  });

  it('counts in Redis alone again once it is back', async () => {
    await redis.start();
    await untilCountedInRedis(two.a.app);
    await untilCountedInRedis(two.b);
    // The restarted Redis kept nothing: the shared budget of six is whole again and counts across
    // both instances, beyond the three each instance allowed on its own.
    const statuses: number[] = [];
    for (const app of [two.a.app, two.a.app, two.a.app, two.a.app, two.b, two.b, two.b]) {
      statuses.push((await wrongPassword(app)).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 429]);
    const keys = await inspect.keys('*');
    expect(keys.filter((key) => key.includes('undefined'))).toEqual([]);
  });

  it('keeps answering and limiting while Redis hangs, and shares again once it answers', async () => {
    const other = await signUpUser(two.a.app, {}, {}, nextAddress());
    redis.pause();
    try {
      // Every request is answered (Redis's silence counts as a failure), within the instance share.
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1) statuses.push((await wrongPassword(two.b, other.email)).statusCode);
      expect(statuses).toEqual([401, 401, 401, 429]);
    } finally {
      redis.resume();
    }
    await untilCountedInRedis(two.a.app);
    await untilCountedInRedis(two.b);
  }, 60_000);
});
