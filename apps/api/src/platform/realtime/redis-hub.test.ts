import { randomUUID } from 'node:crypto';
import type { RealtimeEvent } from '@nbr/domain/chats';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { requireOwnRedis } from '../../test/own-redis-helpers.ts';
import type { OwnRedis } from '../../test/own-services.ts';
import { eventually, TEST_REDIS_URL } from '../../test/realtime-helpers.ts';
import { createRedisHub, PUBLISH_PAUSE_AFTER_FAILURE_MS, type RedisHub } from './redis-hub.ts';

/*
 * The Redis hub on its own: fan-out between hubs, presence with its expiry, and a Redis that is
 * not there. Each test uses its own channel and key prefix, so runs sharing one Redis never meet.
 */

/** The hub only informs and warns; its log lines are not what these tests look at. */
const log = { warn: () => {}, info: () => {} } as unknown as FastifyBaseLogger;

const chatRead = (unreadCount: number): Extract<RealtimeEvent, { type: 'chat.read' }> => ({
  type: 'chat.read',
  chat_id: randomUUID(),
  unread_count: unreadCount,
});

function isolation() {
  const run = randomUUID();
  return { channel: `nbr:test:realtime:${run}`, presencePrefix: `nbr:test:presence:${run}:` };
}

async function readyClient(url: string): Promise<Redis> {
  const client = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false, connectTimeout: 2000 });
  if (client.status !== 'ready') await new Promise((resolve) => client.once('ready', resolve));
  return client;
}

describe('a Redis that cannot be reached', () => {
  let redis: Redis;
  let hub: RedisHub;

  beforeAll(() => {
    // Nothing listens on port 1.
    redis = new Redis('redis://127.0.0.1:1', {
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
      connectTimeout: 500,
      lazyConnect: true,
    });
    redis.on('error', () => {});
    hub = createRedisHub(redis, { log, ...isolation() });
  });

  afterAll(async () => {
    await hub.close();
    redis.disconnect();
  });

  it('still delivers to the connections of this instance', async () => {
    const partyId = randomUUID();
    const received: RealtimeEvent[] = [];
    const unsubscribe = hub.subscribe(partyId, (event) => received.push(event));
    const event = chatRead(4);
    await expect(hub.publish(partyId, event)).resolves.toBeUndefined();
    expect(received).toEqual([event]);
    expect(await hub.isOnline(partyId)).toBe(true);
    unsubscribe();
    expect(await hub.isOnline(partyId)).toBe(false);
  });

  it('is not subscribed, and says so instead of waiting for ever', async () => {
    expect(await hub.waitUntilSubscribed(50)).toBe(false);
  });
});

describe.skipIf(!TEST_REDIS_URL)('hubs sharing a Redis', () => {
  const clients: Redis[] = [];
  const hubs: RedisHub[] = [];

  async function hubPair(options: { presenceTtlSeconds?: number; presenceRefreshMs?: number } = {}) {
    const shared = isolation();
    const pair: RedisHub[] = [];
    for (let i = 0; i < 2; i += 1) {
      const client = await readyClient(TEST_REDIS_URL!);
      clients.push(client);
      const hub = createRedisHub(client, { log, ...shared, ...options });
      hubs.push(hub);
      expect(await hub.waitUntilSubscribed(3000)).toBe(true);
      pair.push(hub);
    }
    return pair as [RedisHub, RedisHub];
  }

  afterEach(async () => {
    await Promise.all(hubs.splice(0).map((hub) => hub.close()));
    await Promise.all(clients.splice(0).map((client) => client.quit()));
  });

  it('delivers an event to the connections of the party on the other hub', async () => {
    const [a, b] = await hubPair();
    const partyId = randomUUID();
    const onB: RealtimeEvent[] = [];
    b.subscribe(partyId, (event) => onB.push(event));
    const event = chatRead(9);
    await a.publish(partyId, event);
    await eventually(() => onB.length > 0);
    expect(onB).toEqual([event]);
  });

  it('shares presence and removes it when the last connection closes', async () => {
    const [a, b] = await hubPair();
    const partyId = randomUUID();
    const first = b.subscribe(partyId, () => {});
    const second = b.subscribe(partyId, () => {});
    await eventually(() => a.isOnline(partyId));
    first();
    // One connection left: still online.
    expect(await b.isOnline(partyId)).toBe(true);
    second();
    await eventually(async () => !(await a.isOnline(partyId)));
  });

  it('forgets an instance that stopped refreshing its presence (it died)', async () => {
    // Refreshes far apart and a short TTL: the entry runs out as if the instance had crashed.
    const [a, b] = await hubPair({ presenceTtlSeconds: 0.5, presenceRefreshMs: 60_000 });
    const partyId = randomUUID();
    b.subscribe(partyId, () => {});
    await eventually(() => a.isOnline(partyId));
    await eventually(async () => !(await a.isOnline(partyId)));
  });

  it('keeps presence while the instance refreshes it', async () => {
    const [a, b] = await hubPair({ presenceTtlSeconds: 0.5, presenceRefreshMs: 100 });
    const partyId = randomUUID();
    b.subscribe(partyId, () => {});
    await eventually(() => a.isOnline(partyId));
    // Well past the TTL, refreshed all along.
    for (let i = 0; i < 10; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await a.isOnline(partyId)).toBe(true);
    }
  });
});

/*
 * A Redis of the test's own: an instance whose link drops misses the others' events, and an event
 * it could not publish misses the others' sockets; either way the sockets concerned get `resync`.
 */
describe('hubs whose link to Redis drops', () => {
  let own: OwnRedis;
  const clients: Redis[] = [];
  const hubs: RedisHub[] = [];

  beforeAll(async () => {
    own = await requireOwnRedis();
  });

  afterEach(async () => {
    await Promise.all(hubs.splice(0).map((hub) => hub.close()));
    for (const client of clients.splice(0)) client.disconnect();
  });

  afterAll(async () => {
    await own?.destroy();
  });

  async function hubPair(): Promise<[RedisHub, RedisHub, Redis]> {
    const shared = isolation();
    const pair: RedisHub[] = [];
    let first: Redis | undefined;
    for (let i = 0; i < 2; i += 1) {
      const client = await readyClient(own.url);
      client.on('error', () => {});
      clients.push(client);
      first ??= client;
      const hub = createRedisHub(client, { log, ...shared });
      hubs.push(hub);
      expect(await hub.waitUntilSubscribed(10_000)).toBe(true);
      pair.push(hub);
    }
    return [pair[0]!, pair[1]!, first!];
  }

  it('tells every socket of an instance to resync once its subscription is back', async () => {
    const [a, b] = await hubPair();
    const onA: RealtimeEvent[] = [];
    const onB: RealtimeEvent[] = [];
    a.subscribe(randomUUID(), (event) => onA.push(event));
    b.subscribe(randomUUID(), (event) => onB.push(event));
    await own.kill();
    await own.start();
    await eventually(() => onA.length > 0 && onB.length > 0, 30_000);
    expect(onA).toEqual([{ type: 'resync' }]);
    expect(onB).toEqual([{ type: 'resync' }]);
  }, 60_000);

  it('has the party of an event it could not publish resync on the other instances once Redis answers', async () => {
    const [a, b, clientOfA] = await hubPair();
    const partyId = randomUUID();
    const onA: RealtimeEvent[] = [];
    const onB: RealtimeEvent[] = [];
    a.subscribe(partyId, (event) => onA.push(event));
    b.subscribe(partyId, (event) => onB.push(event));
    const bystander: RealtimeEvent[] = [];
    b.subscribe(randomUUID(), (event) => bystander.push(event));
    // Only A's own link drops: B and both subscriptions stay up.
    clientOfA.disconnect(true);
    const event = chatRead(3);
    await expect(a.publish(partyId, event)).resolves.toBeUndefined();
    expect(onA).toEqual([event]);
    await eventually(() => onB.length > 0, 30_000);
    expect(onB).toEqual([{ type: 'resync' }]);
    expect(bystander).toEqual([]);
  }, 60_000);

  it('does not ask a Redis that hangs again for a while after a publish failed, and resyncs once it answers', async () => {
    const shared = isolation();
    // The app's client gives up on a command after a second; this one sooner.
    const clientOfA = new Redis(own.url, { maxRetriesPerRequest: 1, commandTimeout: 300 });
    clientOfA.on('error', () => {});
    clients.push(clientOfA);
    if (clientOfA.status !== 'ready') await new Promise((resolve) => clientOfA.once('ready', resolve));
    const a = createRedisHub(clientOfA, { log, ...shared });
    hubs.push(a);
    const clientOfB = await readyClient(own.url);
    clientOfB.on('error', () => {});
    clients.push(clientOfB);
    const b = createRedisHub(clientOfB, { log, ...shared });
    hubs.push(b);
    expect(await a.waitUntilSubscribed(10_000)).toBe(true);
    expect(await b.waitUntilSubscribed(10_000)).toBe(true);
    const partyId = randomUUID();
    const onA: RealtimeEvent[] = [];
    const onB: RealtimeEvent[] = [];
    a.subscribe(partyId, (event) => onA.push(event));
    b.subscribe(partyId, (event) => onB.push(event));
    const publishes = vi.spyOn(clientOfA, 'publish');

    own.pause();
    try {
      const events = [chatRead(1), chatRead(2), chatRead(3)];
      for (const event of events) await a.publish(partyId, event);
      // Delivered here each time; Redis asked once: the failure paused the others.
      expect(onA).toEqual(events);
      expect(publishes).toHaveBeenCalledTimes(1);
    } finally {
      own.resume();
    }
    await new Promise((resolve) => setTimeout(resolve, PUBLISH_PAUSE_AFTER_FAILURE_MS));
    const later = chatRead(4);
    await a.publish(partyId, later);
    // Redis answers again: B hears the new event and is told to fetch what it missed. (The publish
    // that timed out at A's client may still reach B late: the paused server had it on its socket.)
    const heard = (wanted: RealtimeEvent) =>
      onB.some((event) => JSON.stringify(event) === JSON.stringify(wanted));
    await eventually(() => heard(later) && heard({ type: 'resync' }), 30_000);
    expect(onB).toEqual(expect.arrayContaining([later, { type: 'resync' }]));
  }, 60_000);
});
