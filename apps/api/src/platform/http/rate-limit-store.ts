import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

/*
 * The one store every rate-limit budget counts in (the global limit, the routes' own limits and the
 * budgets of `routeBudget`): shared between the instances through Redis when REDIS_URL is set, and
 * in this process's memory when it is not or while Redis cannot be reached.
 *
 * While Redis is down each instance counts by itself and allows only 1/RATE_LIMIT_INSTANCES of a
 * budget (at least 1), so instances behind one address never allow more together than the shared
 * budget: a limit is never open. Once Redis answers again, its counts alone decide. The switch is
 * logged once each way, not per request.
 *
 * Keys are whole: the caller's key generator names the budget and the client
 * (`<budget>:<client>`), the store adds only the prefix, so a budget's key never depends on how the
 * plugin called `child()`.
 */

export const RATE_LIMIT_KEY_PREFIX = 'nbr:rate-limit:';

/**
 * After Redis failed to answer, how long counts stay local before Redis is asked again: a Redis that
 * hangs (each command waits for the client's timeout) then slows one request a second, not all.
 */
const LOCAL_AFTER_FAILURE_MS = 1000;

/** Counters kept in memory at most (a few MB). */
const LOCAL_CAPACITY = 50_000;

/** INCR with the window set on the first hit of a key (fixed window, as the plugin's own store). */
const INCREMENT_SCRIPT = `
  local current = redis.call('INCR', KEYS[1])
  if current == 1 then
    redis.call('PEXPIRE', KEYS[1], ARGV[1])
    return {current, tonumber(ARGV[1])}
  end
  local ttl = redis.call('PTTL', KEYS[1])
  if ttl < 0 then
    redis.call('PEXPIRE', KEYS[1], ARGV[1])
    ttl = tonumber(ARGV[1])
  end
  return {current, ttl}
`;

const READ_SCRIPT = `
  local current = redis.call('GET', KEYS[1])
  if not current then return {0, 0} end
  local ttl = redis.call('PTTL', KEYS[1])
  if ttl < 0 then ttl = 0 end
  return {tonumber(current), ttl}
`;

interface Count {
  /** Requests in the window, this one included (for `incr`). */
  current: number;
  /** Milliseconds until the window ends. */
  ttl: number;
}

interface RateLimitCommands {
  nbrRateLimitIncrement(key: string, timeWindow: number): Promise<[number, number]>;
  nbrRateLimitRead(key: string): Promise<[number, number]>;
}

/** Fixed-window counters of this process. */
class LocalCounters {
  readonly #entries = new Map<string, { count: number; endsAt: number }>();

  increment(key: string, timeWindow: number, now: number): Count {
    let entry = this.#entries.get(key);
    if (!entry || entry.endsAt <= now) {
      this.#entries.delete(key);
      this.#makeRoom(now);
      entry = { count: 0, endsAt: now + timeWindow };
      this.#entries.set(key, entry);
    }
    entry.count += 1;
    return { current: entry.count, ttl: entry.endsAt - now };
  }

  read(key: string, now: number): Count {
    const entry = this.#entries.get(key);
    return !entry || entry.endsAt <= now
      ? { current: 0, ttl: 0 }
      : { current: entry.count, ttl: entry.endsAt - now };
  }

  /** Full: the expired counters go, then the oldest down to 90 %, so a full scan stays rare. */
  #makeRoom(now: number): void {
    if (this.#entries.size < LOCAL_CAPACITY) return;
    for (const [key, entry] of this.#entries) if (entry.endsAt <= now) this.#entries.delete(key);
    // A Map iterates in insertion order: the oldest windows first.
    for (const key of this.#entries.keys()) {
      if (this.#entries.size < LOCAL_CAPACITY * 0.9) break;
      this.#entries.delete(key);
    }
  }
}

export interface RateLimitStoreSettings {
  /** The app's Redis client; null keeps every count in this process (one instance). */
  redis: Redis | null;
  /** RATE_LIMIT_INSTANCES: while Redis is down a budget's max is divided by it. */
  instances: number;
  log: FastifyBaseLogger;
}

/** A budget's max on one instance while Redis is down: its share, never 0 (a budget of 1 stays 1). */
export function fallbackMax(max: number, instances: number): number {
  return Math.max(1, Math.floor(max / instances));
}

/**
 * Counts in Redis, or in memory with the stricter per-instance max while Redis cannot answer.
 * One instance serves every budget of an app; `child()` answers itself since keys are whole.
 */
export class SharedOrLocalCounters {
  readonly #redis: (Redis & RateLimitCommands) | null;
  readonly #instances: number;
  readonly #log: FastifyBaseLogger;
  readonly #local = new LocalCounters();
  /** Whether the last count came from Redis: the switch each way is logged once. */
  #isShared = true;
  /** Until then counts stay local without asking Redis (it just failed). */
  #localUntil = 0;

  constructor(settings: RateLimitStoreSettings) {
    this.#instances = settings.instances;
    this.#log = settings.log;
    const redis = settings.redis as (Redis & Partial<RateLimitCommands>) | null;
    if (redis && !redis.nbrRateLimitIncrement) {
      redis.defineCommand('nbrRateLimitIncrement', { numberOfKeys: 1, lua: INCREMENT_SCRIPT });
      redis.defineCommand('nbrRateLimitRead', { numberOfKeys: 1, lua: READ_SCRIPT });
    }
    this.#redis = redis as (Redis & RateLimitCommands) | null;
  }

  increment(key: string, timeWindow: number, max: number): Promise<Count> {
    return this.#count(
      (redis) => redis.nbrRateLimitIncrement(RATE_LIMIT_KEY_PREFIX + key, timeWindow),
      () => this.#local.increment(key, timeWindow, Date.now()),
      max,
    );
  }

  read(key: string, max: number): Promise<Count> {
    return this.#count(
      (redis) => redis.nbrRateLimitRead(RATE_LIMIT_KEY_PREFIX + key),
      () => this.#local.read(key, Date.now()),
      max,
    );
  }

  /** Redis's count when it answers; else this instance's, against its share of the budget. */
  async #count(
    askRedis: (redis: Redis & RateLimitCommands) => Promise<[number, number]>,
    countLocally: () => Count,
    max: number,
  ): Promise<Count> {
    const redis = this.#redis;
    if (!redis) return countLocally();
    if (redis.status !== 'ready') {
      this.#markLocal(new Error(`redis connection is ${redis.status}`));
    } else if (Date.now() >= this.#localUntil) {
      try {
        const [current, ttl] = await askRedis(redis);
        this.#markShared();
        return { current, ttl };
      } catch (error) {
        this.#markLocal(error);
      }
    }
    return this.#onFallback(countLocally(), max);
  }

  /**
   * The plugin refuses when `current > max` with the budget's shared max; a local count is shifted
   * so that this happens once it passes the instance's share, and the remaining count it shows is
   * the share's.
   */
  #onFallback(count: Count, max: number): Count {
    const share = fallbackMax(max, this.#instances);
    return { current: count.current === 0 ? 0 : count.current + (max - share), ttl: count.ttl };
  }

  #markShared(): void {
    if (this.#isShared) return;
    this.#isShared = true;
    this.#log.info('rate limits: Redis answers again; the shared limits apply');
  }

  #markLocal(error: unknown): void {
    this.#localUntil = Date.now() + LOCAL_AFTER_FAILURE_MS;
    if (!this.#isShared) return;
    this.#isShared = false;
    this.#log.warn(
      { err: error, instances: this.#instances },
      'rate limits: Redis is unavailable; each instance counts on its own with 1/RATE_LIMIT_INSTANCES of every budget',
    );
  }
}

type Callback = (error: Error | null, result?: Count) => void;

/**
 * The store class for the plugin's `store` option. The plugin makes one for its global limit and asks
 * it for a `child()` per route budget; all of them count in `counters`, with the keys they are given.
 */
export function rateLimitStore(counters: SharedOrLocalCounters): FastifyRateLimitStoreCtor {
  return class SharedOrLocalStore implements FastifyRateLimitStore {
    incr(key: string, callback: Callback, timeWindow: number, max: number): void {
      counters.increment(key, timeWindow, max).then(
        (count) => callback(null, count),
        (error: Error) => callback(error),
      );
    }

    read(key: string, callback: Callback, _timeWindow: number, max: number): void {
      counters.read(key, max).then(
        (count) => callback(null, count),
        (error: Error) => callback(error),
      );
    }

    child(): FastifyRateLimitStore {
      return this;
    }
  };
}
