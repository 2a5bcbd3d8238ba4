import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type BuildAppOptions, buildApp } from '../../apps/api/src/app.ts';
import { loadConfig } from '../../apps/api/src/config.ts';
import { connectDatabase } from '../../apps/api/src/db/client.ts';
import { migrate } from '../../apps/api/src/db/migrate.ts';

/** How long each autocannon scenario runs (BENCH_SECONDS) and with how many connections (BENCH_CONNECTIONS). */
export const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);

export interface BenchServer {
  app: FastifyInstance;
  database: Awaited<ReturnType<typeof connectDatabase>>;
  /** `http://127.0.0.1:<port>` of the listening API. */
  address: string;
  /** The PostgreSQL schema the run uses (BENCH_DATABASE_URL), else null (PGlite). */
  schema: string | null;
  /** Stops the server and removes the run's data (the schema too, unless `keepSchema`). */
  close(options?: { keepSchema?: boolean }): Promise<void>;
}

/**
 * The API listening on a free port, as the benchmarks run it: on PGlite in a temporary directory,
 * or with BENCH_DATABASE_URL on that PostgreSQL in a schema of its own; migrated, silent, with the
 * general rate limits out of the way. `env` adds configuration, `options` build options.
 */
export async function startBenchServer(
  env: Record<string, string> = {},
  options: Omit<BuildAppOptions, 'config' | 'database'> = {},
): Promise<BenchServer> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'nbr-bench-'));
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  const schema = databaseUrl ? `bench_${Date.now()}` : null;
  if (databaseUrl) {
    const setup = await connectDatabase({ kind: 'postgres', url: databaseUrl });
    await setup.exec(`create schema ${schema}`);
    await setup.close();
  }
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '100000000',
    RATE_LIMIT_SENSITIVE_PER_MINUTE: '100000000',
    ...env,
  });
  const database =
    databaseUrl && schema
      ? await connectDatabase({ kind: 'postgres', url: databaseUrl, searchPath: schema })
      : await connectDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
  await migrate(database);
  const app = await buildApp({ config, database, ...options });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    database,
    address,
    schema,
    async close({ keepSchema = false } = {}) {
      await app.close();
      if (schema && !keepSchema) await database.exec(`drop schema ${schema} cascade`);
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
