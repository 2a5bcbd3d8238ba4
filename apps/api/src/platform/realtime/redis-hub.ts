import { randomUUID } from 'node:crypto';
import type { RealtimeEvent } from '@nbr/domain/chats';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { LocalConnections, type RealtimeHub } from './hub.ts';

/*
 * Several API instances behind one address (REDIS_URL set): an event is published on one Redis
 * channel, every instance hears it and hands it to its own connections of that party. The instance
 * that publishes delivers to its own connections directly, so a Redis outage costs the other
 * instances' deliveries, never the local ones.
 *
 * Presence: per party a sorted set `nbr:presence:<party>` whose members are the instances that have
 * a connection of the party, scored with the time their entry runs out. An instance refreshes its
 * entries while the connections stay open and removes them when the last one closes; entries of an
 * instance that died run out by themselves (and the whole key expires once nobody refreshes it).
 *
 * Redis down: events are not replayed, so the clients are told to fetch again (`resync`) instead.
 * When this instance's subscription drops and comes back, every socket of this instance gets
 * `resync` (it may have missed other instances' events). When a publish fails, the parties it was
 * for are remembered and, once Redis answers again, a `resync` is published for each of them, for
 * their sockets on the other instances (this instance's own had the event directly); for a second
 * after a failure publishes do not try Redis at all, so a Redis that hangs does not hold each request
 * for the client's timeout, and then the resyncs are tried by themselves (a device's socket on
 * another instance looks up the commands it missed on its resync). Publishing never throws into the request that wrote the change: the change is saved in the database, only
 * its live push is late. Presence cannot be read while Redis is down: a party without a socket on
 * this instance counts as offline, so the people chats would mail are mailed (a mail too many
 * rather than a message nobody is told about).
 */

export const REALTIME_CHANNEL = 'nbr:realtime';
const PRESENCE_PREFIX = 'nbr:presence:';
const RESYNC: RealtimeEvent = { type: 'resync' };
/**
 * Parties remembered for a `resync` after failed publishes, a bound on memory in a long outage; the
 * others' sockets still resync if their own instance's subscription dropped too.
 */
const MAX_PARTIES_TO_RESYNC = 10_000;
/**
 * After a failed publish, publishes skip Redis this long (the events are delivered locally and their
 * parties remembered for a resync): a Redis that hangs would otherwise hold every request that
 * publishes for the client's command timeout, one publish after another.
 */
export const PUBLISH_PAUSE_AFTER_FAILURE_MS = 1_000;

export interface RedisHubOptions {
  log: FastifyBaseLogger;
  /** How long an instance's presence entry counts without being refreshed. */
  presenceTtlSeconds?: number;
  /** How often the entries of open connections are refreshed (well inside the TTL). */
  presenceRefreshMs?: number;
  /** Key prefix for presence; tests use their own. */
  presencePrefix?: string;
  /** The channel; tests use their own so concurrent runs on one Redis do not hear each other. */
  channel?: string;
}

export interface RedisHub extends RealtimeHub {
  /** This process's name in the channel and in presence entries. */
  readonly instanceId: string;
  /** Resolves true once the channel is subscribed (false after `timeoutMs`): start-up waits briefly. */
  waitUntilSubscribed(timeoutMs: number): Promise<boolean>;
}

interface Envelope {
  partyId: string;
  event: RealtimeEvent;
  /** The publishing instance, which has delivered to its own connections already. */
  origin: string;
}

function parseEnvelope(message: string): Envelope | null {
  try {
    const value = JSON.parse(message) as Partial<Envelope>;
    if (
      typeof value.partyId !== 'string' ||
      typeof value.origin !== 'string' ||
      typeof value.event !== 'object' ||
      value.event === null ||
      typeof (value.event as { type?: unknown }).type !== 'string'
    ) {
      return null;
    }
    return value as Envelope;
  } catch {
    return null;
  }
}

/**
 * `redis` is the app's shared client (it publishes and keeps presence); the subscriber is a
 * duplicate of it, since a subscribed connection can do nothing else. Closing the hub closes the
 * subscriber only: the shared client belongs to the app.
 */
export function createRedisHub(redis: Redis, options: RedisHubOptions): RedisHub {
  const { log } = options;
  const ttlMs = (options.presenceTtlSeconds ?? 90) * 1000;
  const refreshMs = options.presenceRefreshMs ?? 30_000;
  const prefix = options.presencePrefix ?? PRESENCE_PREFIX;
  const channel = options.channel ?? REALTIME_CHANNEL;
  const instanceId = randomUUID();
  const connections = new LocalConnections();
  const presenceKey = (partyId: string) => `${prefix}${partyId}`;

  // Waits for the connection (offline queue) and resubscribes after a reconnect, however long it takes.
  const subscriber = redis.duplicate({
    enableOfflineQueue: true,
    maxRetriesPerRequest: null,
    commandTimeout: undefined,
  });
  subscriber.on('error', (error) => log.warn({ err: error }, 'realtime subscriber: redis error'));
  subscriber.on('message', (from: string, message: string) => {
    if (from !== channel) return;
    const envelope = parseEnvelope(message);
    if (!envelope) {
      log.warn('realtime: ignored a malformed message on the channel');
      return;
    }
    if (envelope.origin === instanceId) return;
    connections.deliver(envelope.partyId, envelope.event);
  });
  /** Subscribed right now: between a lost connection and the subscription made again, events are missed. */
  let isSubscribed = false;
  let hasBeenSubscribed = false;
  let isClosed = false;

  async function subscribeToChannel(): Promise<boolean> {
    try {
      await subscriber.subscribe(channel);
    } catch (error) {
      if (!isClosed) log.warn({ err: error }, 'realtime: could not subscribe to the channel');
      return false;
    }
    if (isSubscribed) return true;
    isSubscribed = true;
    if (hasBeenSubscribed) {
      log.info("realtime: subscribed to Redis again; this instance's sockets are told to resync");
      connections.deliverToAll(RESYNC);
    }
    hasBeenSubscribed = true;
    return true;
  }

  subscriber.on('close', () => {
    if (!isSubscribed || isClosed) return;
    isSubscribed = false;
    log.warn('realtime: lost the Redis subscription; events of other instances are missed until it is back');
  });
  // ioredis subscribes again by itself as well; this one tells when it has happened.
  subscriber.on('ready', () => {
    if (!isSubscribed && !isClosed) void subscribeToChannel();
  });
  const subscribed = subscribeToChannel();

  /** Parties whose events could not be published: their sockets on other instances must resync. */
  const partiesToResync = new Set<string>();
  /** Until then publishes do not ask Redis (one just failed: PUBLISH_PAUSE_AFTER_FAILURE_MS). */
  let pausedUntil = 0;

  async function publishEnvelope(partyId: string, event: RealtimeEvent): Promise<void> {
    const envelope: Envelope = { partyId, event, origin: instanceId };
    await redis.publish(channel, JSON.stringify(envelope));
  }

  /** The next attempt at the resyncs once the pause after a failure is over (at most one waits). */
  let resyncTimer: NodeJS.Timeout | undefined;
  function pauseAfterFailure(): void {
    pausedUntil = Date.now() + PUBLISH_PAUSE_AFTER_FAILURE_MS;
    if (resyncTimer || isClosed) return;
    // Nothing else may publish soon (a lock command waits for its device's answer): try by itself.
    resyncTimer = setTimeout(() => {
      resyncTimer = undefined;
      void publishResyncs();
    }, PUBLISH_PAUSE_AFTER_FAILURE_MS);
    resyncTimer.unref();
  }

  async function publishResyncs(): Promise<void> {
    for (const partyId of [...partiesToResync]) {
      try {
        await publishEnvelope(partyId, RESYNC);
        partiesToResync.delete(partyId);
      } catch {
        pauseAfterFailure(); // Still down: tried again after the pause, on reconnect or the next success.
        return;
      }
    }
  }

  async function markPresent(partyIds: readonly string[]): Promise<void> {
    if (partyIds.length === 0) return;
    const now = Date.now();
    const pipeline = redis.pipeline();
    for (const partyId of partyIds) {
      const key = presenceKey(partyId);
      pipeline.zadd(key, now + ttlMs, instanceId);
      pipeline.zremrangebyscore(key, '-inf', now);
      pipeline.pexpire(key, ttlMs);
    }
    try {
      const results = (await pipeline.exec()) ?? [];
      const failed = results.find(([error]) => error);
      if (failed) throw failed[0];
    } catch (error) {
      log.warn({ err: error }, 'realtime: could not record presence');
    }
  }

  async function markAbsent(partyIds: readonly string[]): Promise<void> {
    if (partyIds.length === 0) return;
    const pipeline = redis.pipeline();
    for (const partyId of partyIds) pipeline.zrem(presenceKey(partyId), instanceId);
    try {
      await pipeline.exec();
    } catch (error) {
      log.warn({ err: error }, 'realtime: could not clear presence');
    }
  }

  const refresh = setInterval(() => void markPresent(connections.parties()), refreshMs);
  refresh.unref();
  // A Redis that restarted has forgotten presence and the events it could not pass on.
  const onRedisReady = () => {
    void markPresent(connections.parties());
    void publishResyncs();
  };
  redis.on('ready', onRedisReady);

  return {
    instanceId,

    async publish(partyId, event) {
      connections.deliver(partyId, event);
      const rememberForResync = () => {
        if (partiesToResync.size < MAX_PARTIES_TO_RESYNC) partiesToResync.add(partyId);
      };
      if (Date.now() < pausedUntil) {
        rememberForResync();
        return;
      }
      try {
        await publishEnvelope(partyId, event);
      } catch (error) {
        if (partiesToResync.size === 0) {
          log.warn({ err: error, event_type: event.type }, 'realtime: could not publish to other instances');
        }
        rememberForResync();
        pauseAfterFailure();
        return;
      }
      if (partiesToResync.size > 0) await publishResyncs();
    },

    subscribe(partyId, deliver) {
      const isFirst = !connections.has(partyId);
      const remove = connections.add(partyId, deliver);
      if (isFirst) void markPresent([partyId]);
      let isRemoved = false;
      return () => {
        if (isRemoved) return;
        isRemoved = true;
        remove();
        if (!connections.has(partyId)) void markAbsent([partyId]);
      };
    },

    async isOnline(partyId) {
      if (connections.has(partyId)) return true;
      try {
        const live = await redis.zrangebyscore(presenceKey(partyId), Date.now(), '+inf');
        // An entry of this instance without a connection here is a removal that did not reach Redis.
        return live.some((member) => member !== instanceId);
      } catch (error) {
        log.warn({ err: error }, 'realtime: could not read presence');
        return false;
      }
    },

    async waitUntilSubscribed(timeoutMs) {
      if (isSubscribed) return true;
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), timeoutMs);
      });
      try {
        return await Promise.race([subscribed, timeout]);
      } finally {
        clearTimeout(timer);
      }
    },

    async close() {
      isClosed = true;
      clearInterval(refresh);
      clearTimeout(resyncTimer);
      redis.off('ready', onRedisReady);
      if (redis.status === 'ready') await markAbsent(connections.parties());
      if (subscriber.status === 'ready') await subscriber.quit().catch(() => subscriber.disconnect());
      else subscriber.disconnect();
    },
  };
}
