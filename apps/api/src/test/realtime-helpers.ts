import type { AddressInfo } from 'node:net';
import type { RealtimeEvent } from '@nbr/domain/chats';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { buildApp } from '../app.ts';
import { connectDatabase } from '../db/client.ts';
import { createTestApp, type TestApp, type TestAppOverrides, testDatabaseKind } from './helper.ts';
import { bearer } from './identity-helpers.ts';

/*
 * Live sockets in tests: apps listening on a real port, websockets opened with a ticket, events
 * collected and awaited. `startTwoInstances` builds two apps on one PostgreSQL schema, each with its
 * own Redis hub, the way two API instances behind one address run.
 */

/** Where a test's Redis is (CI: redis://127.0.0.1:6379/15); unset skips the tests that need it. */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL;

/** Two instances need PostgreSQL (PGlite is one process's memory) and Redis. */
export const canRunTwoInstances = Boolean(TEST_REDIS_URL) && testDatabaseKind() === 'postgres';

/** Listens on a free port of 127.0.0.1; answers the base address, e.g. `http://127.0.0.1:41234`. */
export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address() as AddressInfo;
  return `http://127.0.0.1:${address.port}`;
}

/** A ticket for the session of `token` (POST /api/ws/tickets). */
export async function ticketFor(app: FastifyInstance, token: string): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/ws/tickets', headers: bearer(token) });
  if (response.statusCode !== 200)
    throw new Error(`ticket answered ${response.statusCode}: ${response.body}`);
  return response.json<{ ticket: string }>().ticket;
}

export function websocketUrl(baseUrl: string, ticket?: string): string {
  const url = new URL('/api/ws', baseUrl.replace(/^http/, 'ws'));
  if (ticket !== undefined) url.searchParams.set('ticket', ticket);
  return url.toString();
}

/** What happened to an attempt to open the websocket. */
export type ConnectOutcome =
  | { kind: 'open'; socket: WebSocket; live: LiveSocket }
  /** Refused before the upgrade, as plain HTTP. */
  | { kind: 'refused'; status: number; body: string };

export function connect(url: string): Promise<ConnectOutcome> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    // Listening from the start: the first event can come in the same packet as the upgrade.
    const live = collect(socket);
    socket.once('open', () => resolve({ kind: 'open', socket, live }));
    socket.once('unexpected-response', (_request, response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        body += chunk;
      });
      response.on('end', () => {
        socket.terminate();
        resolve({ kind: 'refused', status: response.statusCode ?? 0, body });
      });
    });
    socket.once('error', reject);
  });
}

export interface LiveSocket {
  socket: WebSocket;
  /** Every event received so far, in order (the first is `ready`). */
  events: RealtimeEvent[];
  /** The next event of `type` (and matching `where`) not awaited before; waits up to `timeoutMs`. */
  waitFor<T extends RealtimeEvent['type']>(
    type: T,
    where?: (event: Extract<RealtimeEvent, { type: NoInfer<T> }>) => boolean,
    timeoutMs?: number,
  ): Promise<Extract<RealtimeEvent, { type: T }>>;
  /** Resolves with the close code and reason once the socket closed. */
  closed: Promise<{ code: number; reason: string }>;
  close(): Promise<void>;
}

/** Wraps a socket: collects its events from now on. */
export function collect(socket: WebSocket): LiveSocket {
  const events: RealtimeEvent[] = [];
  const consumed = new Set<RealtimeEvent>();
  const waiters = new Set<() => void>();
  socket.on('message', (data) => {
    events.push(JSON.parse(String(data)) as RealtimeEvent);
    for (const waiter of [...waiters]) waiter();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    socket.once('close', (code, reason) => {
      resolve({ code, reason: reason.toString() });
      for (const waiter of [...waiters]) waiter();
    });
  });
  return {
    socket,
    events,
    closed,
    waitFor(type, where, timeoutMs = 5000) {
      type Wanted = Extract<RealtimeEvent, { type: typeof type }>;
      return new Promise<Wanted>((resolve, reject) => {
        const check = () => {
          const found = events.find(
            (event): event is Wanted =>
              event.type === type && !consumed.has(event) && (where?.(event as Wanted) ?? true),
          );
          if (found) {
            consumed.add(found);
            finish();
            resolve(found);
          } else if (socket.readyState === WebSocket.CLOSED) {
            finish();
            reject(new Error(`socket closed before a ${type} event came`));
          }
        };
        const timer = setTimeout(() => {
          finish();
          reject(new Error(`no ${type} event within ${timeoutMs} ms; got ${JSON.stringify(events)}`));
        }, timeoutMs);
        const finish = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    async close() {
      if (socket.readyState === WebSocket.CLOSED) return;
      socket.close();
      await closed;
    },
  };
}

/** Gets a ticket with `token`, opens the websocket of `baseUrl` and waits for `ready`. */
export async function openSocket(app: FastifyInstance, baseUrl: string, token: string): Promise<LiveSocket> {
  const outcome = await connect(websocketUrl(baseUrl, await ticketFor(app, token)));
  if (outcome.kind !== 'open') throw new Error(`websocket refused: ${outcome.status} ${outcome.body}`);
  await outcome.live.waitFor('ready');
  return outcome.live;
}

/** Polls `check` until it answers true (a state another process reaches soon), or fails after `timeoutMs`. */
export async function eventually(check: () => Promise<boolean> | boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`condition not reached within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export interface LiveInstance {
  app: FastifyInstance;
  /** `http://127.0.0.1:<port>` */
  baseUrl: string;
}

export interface TwoInstances {
  /** Created by createTestApp: its `database` is the shared one (use it for fixtures). */
  a: LiveInstance & { test: TestApp };
  /** A second app on the same schema with its own connections, Redis client and hub. */
  b: LiveInstance;
  close(): Promise<void>;
}

/**
 * Two API instances against one PostgreSQL database and one Redis (TEST_REDIS_URL), each listening
 * on its own port with its own Redis hub. Only where `canRunTwoInstances`.
 */
export async function startTwoInstances(overrides: TestAppOverrides = {}): Promise<TwoInstances> {
  if (!canRunTwoInstances || !TEST_REDIS_URL || !process.env.TEST_DATABASE_URL) {
    throw new Error('two instances need TEST_DB_KIND=postgres, TEST_DATABASE_URL and TEST_REDIS_URL');
  }
  const { env, extend, ...buildOverrides } = overrides;
  const test = await createTestApp({ ...overrides, env: { REDIS_URL: TEST_REDIS_URL, ...env } });
  let database: Awaited<ReturnType<typeof connectDatabase>> | undefined;
  let second: FastifyInstance | undefined;
  try {
    if (!test.databaseUrl) throw new Error('two instances need the test app on PostgreSQL');
    database = await connectDatabase({
      kind: 'postgres',
      url: test.databaseUrl,
      maxConnections: 4,
      connectTimeoutMs: 30_000,
    });
    second = await buildApp({
      config: test.config,
      database,
      signingKeys: test.app.authenticator.keys,
      identityRateLimits: { loginPerEmail: 100_000, resetMailPerEmail: 100_000 },
      ...buildOverrides,
    });
    await extend?.(second);
    await second.ready();
    const [aUrl, bUrl] = await Promise.all([listen(test.app), listen(second)]);
    const app2 = second;
    const database2 = database;
    return {
      a: { app: test.app, baseUrl: aUrl, test },
      b: { app: app2, baseUrl: bUrl },
      async close() {
        await app2.close();
        await database2.close();
        await test.close();
      },
    };
  } catch (error) {
    await second?.close();
    await database?.close();
    await test.close();
    throw error;
  }
}
