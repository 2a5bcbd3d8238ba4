import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from './db/client.ts';
import { databaseUnavailableReason } from './db/unavailable.ts';
import { freePort, type OwnPostgres, startOwnPostgres } from './test/own-services.ts';
import { type ServerProcess, startServer, waitForHealth } from './test/server-process.ts';

/*
 * The API as its own process against a PostgreSQL of the test's own (never the machine's shared one),
 * which the test stops at start-up, cuts off, restarts and freezes: the process never dies, answers
 * 503 service_unavailable with Retry-After while the database is away (never a 500, never a hang),
 * and serves again by itself once it is back. No timing is asserted beyond "answered at all within a
 * generous bound"; the test waits for conditions, not for fixed times.
 */

/** Every request must be answered within this long, whatever the database does. */
const ANSWER_BOUND_MS = 30_000;
/** How long the test waits for a condition (the server is up, the database is back) before failing. */
const CONDITION_BOUND_MS = 90_000;
/** In the connection string only: trust authentication ignores it, and it must never reach a log. */
const PASSWORD = 'never-in-a-log-7c1f';

interface Answer {
  route: 'search' | 'export';
  /** The HTTP status, or 'no answer' when the bound ran out or the connection broke. */
  status: number | 'no answer';
  retryAfter: string | null;
  code: string | null;
  at: number;
}

async function waitUntil(condition: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + CONDITION_BOUND_MS;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the API while PostgreSQL blinks', () => {
  let postgres: OwnPostgres;
  let server: ServerProcess;
  let dataDir: string;
  let url: string;
  let token: string;

  beforeAll(async () => {
    const own = await startOwnPostgres();
    if (!own) throw new Error('no PostgreSQL server installed (/usr/lib/postgresql/<major>/bin)');
    postgres = own;
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'nbr-postgres-faults-'));
  }, 120_000);

  afterAll(async () => {
    if (server && server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    await postgres?.destroy();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  const isRunning = () => server.child.exitCode === null && server.child.signalCode === null;

  /** One request of the kind named: the register search (a named prepared statement, no
   * transaction) or the personal data export (one transaction of many statements). */
  async function ask(route: Answer['route']): Promise<Answer> {
    const target = route === 'search' ? `${url}/api/search?q=WBK0000001` : `${url}/api/identities/me/export`;
    try {
      const response = await fetch(target, {
        headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' },
        signal: AbortSignal.timeout(ANSWER_BOUND_MS),
      });
      const body = (await response.json().catch(() => ({}))) as { code?: string };
      return {
        route,
        status: response.status,
        retryAfter: response.headers.get('retry-after'),
        code: body.code ?? null,
        at: Date.now(),
      };
    } catch {
      return { route, status: 'no answer', retryAfter: null, code: null, at: Date.now() };
    }
  }

  /** Both routes asked over and over, two at a time, until stopped. */
  function keepAsking() {
    const answers: Answer[] = [];
    let running = true;
    const loop = async (route: Answer['route']) => {
      while (running) answers.push(await ask(route));
    };
    const loops = Promise.all([loop('search'), loop('export')]);
    return {
      answers,
      /** Both routes answered 200 after `since`. */
      servesSince: (since: number) =>
        ['search', 'export'].every((route) =>
          answers.some((answer) => answer.route === route && answer.status === 200 && answer.at > since),
        ),
      async stop() {
        running = false;
        await loops;
      },
    };
  }

  /** Every answer is a 200 or a 503 service_unavailable with Retry-After; none is missing. */
  function expectOnly200Or503(answers: Answer[]): void {
    for (const answer of answers) {
      if (answer.status === 200) continue;
      expect(answer).toMatchObject({ status: 503, code: 'service_unavailable', retryAfter: '5' });
    }
  }

  it('waits at start-up while the database is down (a stop signal ends the wait) and serves once it is up', {
    timeout: 240_000,
  }, async () => {
    await postgres.stop();
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    const databaseUrl = new URL(postgres.url);
    databaseUrl.password = PASSWORD;
    const serverEnv = {
      NODE_ENV: 'test',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl.toString(),
      DATABASE_POOL_MAX: '4',
      DATABASE_CONNECT_TIMEOUT_MS: '1000',
      DATABASE_STATEMENT_TIMEOUT_MS: '2000',
      RATE_LIMIT_PER_MINUTE: '100000',
      RATE_LIMIT_SEARCH_PER_MINUTE: '100000',
      LOG_LEVEL: 'warn',
    };

    // An instance stopped while it waits for the database exits cleanly.
    const stopped = startServer(serverEnv);
    await waitUntil(() => stopped.output().includes('Database not reachable (attempt 1'), 'a first attempt');
    stopped.child.kill('SIGTERM');
    expect(await stopped.exited).toBe(0);

    server = startServer(serverEnv);
    await waitUntil(
      () => server.output().includes('Database not reachable (attempt 2: ECONNREFUSED)') || !isRunning(),
      'the second start-up attempt',
    );
    expect(isRunning(), server.output()).toBe(true);

    await postgres.start();
    await waitForHealth(url, server, CONDITION_BOUND_MS);
    const login = await fetch(`${url}/api/identities/authentications`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'anna@demo.cykelregister.dk', password: 'demo-password-2026' }),
    });
    expect(login.status).toBe(200);
    token = ((await login.json()) as { authentication_token: string }).authentication_token;
    expect((await ask('search')).status).toBe(200);
    expect((await ask('export')).status).toBe(200);
  });

  it('survives pg_terminate_backend of every connection it holds, under requests', {
    timeout: 180_000,
  }, async () => {
    const load = keepAsking();
    await waitUntil(() => load.servesSince(0), 'answers before the cut');
    const admin = new pg.Client({ connectionString: postgres.url });
    await admin.connect();
    const result = await admin.query<{ terminated: number }>(
      `select count(pg_terminate_backend(pid))::int as terminated from pg_stat_activity
        where backend_type = 'client backend' and pid <> pg_backend_pid()`,
    );
    await admin.end();
    const cut = Date.now();
    expect(result.rows[0]?.terminated).toBeGreaterThan(0);
    await waitUntil(() => load.servesSince(cut) || !isRunning(), 'answers after the cut');
    await load.stop();
    expect(isRunning(), server.output()).toBe(true);
    expectOnly200Or503(load.answers);
  });

  it('answers 503 with Retry-After while PostgreSQL restarts under requests, and serves again by itself', {
    timeout: 240_000,
  }, async () => {
    const load = keepAsking();
    await waitUntil(() => load.servesSince(0), 'answers before the restart');
    await postgres.stop('fast');
    const down = Date.now();
    await waitUntil(
      () =>
        ['search', 'export'].every((route) =>
          load.answers.some((answer) => answer.route === route && answer.status === 503 && answer.at > down),
        ) || !isRunning(),
      'answers while the database is down',
    );
    await postgres.start();
    const up = Date.now();
    await waitUntil(() => load.servesSince(up) || !isRunning(), 'answers after the restart');
    await load.stop();
    expect(isRunning(), server.output()).toBe(true);
    expectOnly200Or503(load.answers);
  });

  it('answers 503 within the timeouts while PostgreSQL hangs (SIGSTOP), and serves again once it wakes', {
    timeout: 240_000,
  }, async () => {
    // Connections in the pool when the database freezes: their queries are sent and never answered.
    const warm = await Promise.all([ask('export'), ask('export'), ask('search'), ask('search')]);
    expect(warm.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    postgres.pause();
    let frozen: Answer[];
    try {
      // More requests than the pool has connections: some wait for one and give up too.
      frozen = await Promise.all(
        ['export', 'export', 'export', 'export', 'search', 'search', 'search'].map((route) =>
          ask(route as Answer['route']),
        ),
      );
    } finally {
      postgres.resume();
    }
    expect(frozen.map((answer) => answer.status)).toEqual([503, 503, 503, 503, 503, 503, 503]);
    expectOnly200Or503(frozen);

    const awake = Date.now();
    const load = keepAsking();
    await waitUntil(() => load.servesSince(awake) || !isRunning(), 'answers after the database woke');
    await load.stop();
    expect(isRunning(), server.output()).toBe(true);
    expectOnly200Or503(load.answers);
  });

  it('gives the connection back when a transaction cannot even begin on a hung database', {
    timeout: 120_000,
  }, async () => {
    // In this process rather than the server's: the leak needs BEGIN to be the first query that hangs.
    const database = await connectDatabase(
      {
        kind: 'postgres',
        url: postgres.url,
        maxConnections: 1,
        connectTimeoutMs: 1000,
        statementTimeoutMs: 500,
      },
      { warn: () => undefined },
    );
    try {
      await database.ping();
      postgres.pause();
      try {
        const failed = await database.db
          .transaction((tx) => tx.execute(sql`select 1`))
          .catch((error) => error);
        expect(databaseUnavailableReason(failed)).toBe('query_timeout');
      } finally {
        postgres.resume();
      }
      // The pool's one connection must be free again; a lost one would make this wait time out.
      await expect(database.db.transaction((tx) => tx.execute(sql`select 1 as one`))).resolves.toMatchObject({
        rows: [{ one: 1 }],
      });
    } finally {
      await database.close();
    }
  });

  it('sets the server-side timeouts when it connects, and sends none behind a pooler', async () => {
    const timeoutsOf = async (behindPooler: boolean) => {
      const database = await connectDatabase(
        {
          kind: 'postgres',
          url: postgres.url,
          statementTimeoutMs: 7000,
          idleInTransactionTimeoutMs: 9000,
          behindPooler,
        },
        { warn: () => undefined },
      );
      try {
        const result = await database.db.execute(
          sql`select current_setting('statement_timeout') as statement,
                     current_setting('idle_in_transaction_session_timeout') as idle`,
        );
        return (result as unknown as { rows: Array<{ statement: string; idle: string }> }).rows[0];
      } finally {
        await database.close();
      }
    };
    expect(await timeoutsOf(false)).toEqual({ statement: '7s', idle: '9s' });
    // PgBouncer refuses startup parameters it does not know; the role's settings apply instead.
    expect(await timeoutsOf(true)).toEqual({ statement: '0', idle: '0' });
  });

  it('logged each outage as warnings, never an error, and never the connection password', () => {
    const output = server.output();
    expect(output).not.toContain(PASSWORD);
    const errors = output.split('\n').filter((line) => /"level":(50|60)/.test(line));
    expect(errors).toEqual([]);
    expect(output).toContain('"msg":"database unavailable"');
  });
});
