import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';

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
    // Nothing listens on port 1: the limits fail open rather than take the API down.
    t = await createTestApp({ env: { REDIS_URL: 'redis://127.0.0.1:1', RATE_LIMIT_PER_MINUTE: '1' } });
  });
  afterAll(() => t.close());

  it('does not stop the API from answering', async () => {
    for (let i = 0; i < 3; i += 1) {
      const response = await t.app.inject({ method: 'GET', url: '/api/identities/region/' });
      expect(response.statusCode).toBe(200);
    }
  });
});
