import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { createTestApp, type TestApp, type TestAppOverrides } from './helper.ts';
import { type OwnRedis, startOwnRedis } from './own-services.ts';

/*
 * Redis fault tests: a redis-server of the test's own (killed and started again by the test) and two
 * API instances on it, the way two instances behind one address run.
 */

/** A Redis of the test's own; fails loudly where redis-server is missing (CI has it). */
export async function requireOwnRedis(): Promise<OwnRedis> {
  const own = await startOwnRedis();
  if (!own) {
    throw new Error(
      'redis-server is not installed (Debian: apt-get install redis-server); the Redis fault tests need it',
    );
  }
  return own;
}

export interface TwoAppsOnRedis {
  /** Made by createTestApp: its database is the shared one (use it for fixtures). */
  a: TestApp;
  /** A second app on A's DatabaseConnection, with its own Redis client, limits and hub. */
  b: FastifyInstance;
  close(): Promise<void>;
}

/** Two apps sharing one DatabaseConnection and the Redis at `redisUrl` (PGlite or PostgreSQL alike). */
export async function startTwoAppsOnRedis(
  redisUrl: string,
  overrides: TestAppOverrides = {},
): Promise<TwoAppsOnRedis> {
  const { env, extend, ...buildOverrides } = overrides;
  const a = await createTestApp({ ...overrides, env: { ...env, REDIS_URL: redisUrl } });
  let b: FastifyInstance | undefined;
  try {
    b = await buildApp({
      config: a.config,
      database: a.database,
      signingKeys: a.app.authenticator.keys,
      ...buildOverrides,
    });
    await extend?.(b);
    await b.ready();
  } catch (error) {
    await b?.close();
    await a.close();
    throw error;
  }
  const second = b;
  return {
    a,
    b: second,
    async close() {
      await second.close();
      await a.close();
    },
  };
}
