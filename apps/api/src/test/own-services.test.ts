import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { type OwnPostgres, type OwnRedis, startOwnPostgres, startOwnRedis } from './own-services.ts';

/** The fault tests' own servers do what the fault tests rely on. */
describe('own services for fault tests', () => {
  let postgres: OwnPostgres | null = null;
  let redis: OwnRedis | null = null;
  afterAll(async () => {
    await postgres?.destroy();
    await redis?.destroy();
  });

  async function selectOne(url: string, timeoutMs = 1500): Promise<number> {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs });
    await client.connect();
    try {
      const result = await client.query<{ one: number }>('select 1 as one');
      return result.rows[0]?.one ?? 0;
    } finally {
      await client.end();
    }
  }

  it('starts a PostgreSQL of its own that can be stopped, started, paused and resumed', async () => {
    postgres = await startOwnPostgres();
    if (!postgres) throw new Error('no PostgreSQL server installed (/usr/lib/postgresql/<major>/bin)');
    expect(postgres.port).not.toBe(5432);
    expect(await selectOne(postgres.url)).toBe(1);
    await postgres.stop();
    await expect(selectOne(postgres.url)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    await postgres.start();
    expect(await selectOne(postgres.url)).toBe(1);
    postgres.pause();
    await expect(selectOne(postgres.url, 500)).rejects.toThrow(/timeout/i);
    postgres.resume();
    expect(await selectOne(postgres.url)).toBe(1);
  }, 120_000);

  it('starts a Redis of its own that can be killed and started again', async () => {
    redis = await startOwnRedis();
    if (!redis) throw new Error('no redis-server installed');
    const client = new Redis(redis.url, {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    await client.connect();
    expect(await client.ping()).toBe('PONG');
    client.disconnect();
    await redis.kill();
    await redis.start();
    const again = new Redis(redis.url, { lazyConnect: true });
    await again.connect();
    expect(await again.ping()).toBe('PONG');
    again.disconnect();
  }, 60_000);
});
