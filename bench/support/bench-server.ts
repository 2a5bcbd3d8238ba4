import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type BuildAppOptions, buildApp } from '../../apps/api/src/app.ts';
import { loadConfig } from '../../apps/api/src/config.ts';
import { connectDatabase } from '../../apps/api/src/db/client.ts';
import { migrate } from '../../apps/api/src/db/migrate.ts';
import { identities } from '../../apps/api/src/db/schema/identity.ts';

/** How long each autocannon scenario runs (BENCH_SECONDS) and with how many connections (BENCH_CONNECTIONS). */
export const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);

/** A person signed up through the API, the mailed link taken as followed, and their token. */
export interface BenchPerson {
  token: string;
  partyId: string;
}

export interface BenchServer {
  app: FastifyInstance;
  database: Awaited<ReturnType<typeof connectDatabase>>;
  /** `http://127.0.0.1:<port>` of the listening API. */
  address: string;
  /** The PostgreSQL schema the run uses (BENCH_DATABASE_URL), else null (PGlite). */
  schema: string | null;
  /**
   * Signs a person up as the web does (202 check_mailbox), marks the account as if the mailed link
   * had been followed (benchmarks have no mailbox), and logs in.
   */
  signUp(email: string, password?: string): Promise<BenchPerson>;
  /** Stops the server and removes the run's data (the schema too, unless `keepSchema`). */
  close(options?: { keepSchema?: boolean }): Promise<void>;
}

/**
 * The API listening on a free port, as the benchmarks run it: on PGlite in a temporary directory,
 * or with BENCH_DATABASE_URL on that PostgreSQL in a schema of its own; migrated, silent, with the
 * general rate limits out of the way. `env` adds configuration, `options` build options,
 * `beforeListen` routes of the benchmark's own.
 */
export async function startBenchServer(
  env: Record<string, string> = {},
  options: Omit<BuildAppOptions, 'config' | 'database'> = {},
  /** Adds the benchmark's own routes (a reference) to the app before it listens. */
  beforeListen?: (app: FastifyInstance) => void,
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
      ? await connectDatabase({
          kind: 'postgres',
          url: databaseUrl,
          searchPath: schema,
          // The pool as DATABASE_POOL_MAX sets it for a server (default 10).
          maxConnections: Number(process.env.BENCH_DATABASE_POOL_MAX ?? 10),
        })
      : await connectDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
  await migrate(database);
  const app = await buildApp({ config, database, ...options });
  beforeListen?.(app);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  async function signUp(email: string, password = 'bench-password-2026'): Promise<BenchPerson> {
    const post = (url: string, body: unknown) =>
      fetch(`${address}${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const signedUp = await post('/api/identities/', { email, password });
    if (signedUp.status !== 202)
      throw new Error(`sign-up answered ${signedUp.status}: ${await signedUp.text()}`);
    await database.db
      .update(identities)
      .set({ awaitingSignUpConfirmation: false, emailVerifiedAt: new Date() })
      .where(eq(identities.email, email.toLowerCase()));
    const loggedIn = await post('/api/identities/authentications', { email, password });
    if (loggedIn.status !== 200)
      throw new Error(`log-in answered ${loggedIn.status}: ${await loggedIn.text()}`);
    const { authentication_token: token } = (await loggedIn.json()) as { authentication_token: string };
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
      party_id: string;
    };
    return { token, partyId: claims.party_id };
  }

  return {
    app,
    database,
    address,
    schema,
    signUp,
    async close({ keepSchema = false } = {}) {
      await app.close();
      if (schema && !keepSchema) await database.exec(`drop schema ${schema} cascade`);
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
