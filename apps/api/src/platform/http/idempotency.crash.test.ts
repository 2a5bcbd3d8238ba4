import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueFrameNumber } from '../../test/bike-helpers.ts';
import { testDatabaseKind } from '../../test/helper.ts';
import { freePort } from '../../test/own-services.ts';
import { type ServerProcess, startServer, waitForHealth } from '../../test/server-process.ts';

/*
 * Issue 26 §4: the process dies (SIGKILL) after an idempotent write committed and before its answer
 * reached the client; a new process starts on the same database, and the client's retry with the
 * same Idempotency-Key must repeat the first answer (Idempotent-Replayed: true) with exactly one
 * effect. Before the answer was kept in the effect's transaction, the retry met a key "in progress"
 * (409), and once the lease ran out ran again (a registration: 422 frame_number_in_use; an order:
 * a second order). The server is test/die-after-commit-server.ts, on PGlite in a directory of its
 * own, or on PostgreSQL (TEST_DATABASE_URL) in a schema of its own.
 */

const SERVER = fileURLToPath(new URL('../../test/die-after-commit-server.ts', import.meta.url));
/** The header that makes the test server die after the commit (test/die-after-commit-server.ts). */
const DIE_HEADER = 'x-test-die-after-commit';
const ANNA = { email: 'anna@demo.cykelregister.dk', password: 'demo-password-2026' };

/** The test server, once it answers /api/health; killed when it never does. */
async function startServerAndWait(env: Record<string, string>, url: string): Promise<ServerProcess> {
  const server = startServer(env, SERVER);
  try {
    await waitForHealth(url, server, 240_000);
  } catch (error) {
    server.child.kill('SIGKILL');
    throw error;
  }
  return server;
}

describe('an idempotent write whose process dies between its commit and its answer', () => {
  let dataDir: string;
  let schema: string | undefined;
  let env: Record<string, string>;
  let url: string;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'nbr-idempotency-crash-'));
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    env = {
      NODE_ENV: 'test',
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
    };
    const databaseUrl = process.env.TEST_DATABASE_URL;
    if (testDatabaseKind() === 'postgres' && databaseUrl) {
      schema = `t_${Date.now().toString(36)}_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: databaseUrl });
      await admin.connect();
      await admin.query(`create schema ${schema}`);
      await admin.end();
      const target = new URL(databaseUrl);
      target.searchParams.set('options', `-c search_path=${schema}`);
      env.DATABASE_URL = target.toString();
    }
  });

  afterAll(async () => {
    server?.child.kill('SIGKILL');
    await server?.exited;
    await rm(dataDir, { recursive: true, force: true });
    if (schema && process.env.TEST_DATABASE_URL) {
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`drop schema if exists ${schema} cascade`);
      await admin.end();
    }
  });

  async function call(method: string, route: string, token: string | null, body?: unknown, headers = {}) {
    const response = await fetch(`${url}${route}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
  }

  async function logIn(): Promise<string> {
    const response = await call('POST', '/api/identities/authentications', null, ANNA);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.authentication_token;
  }

  /** Sends the write with the die header: the connection breaks, no answer arrives. */
  async function sendAndDie(route: string, token: string, body: unknown, key: string): Promise<void> {
    const running = server;
    if (!running) throw new Error('no server');
    await expect(
      call('POST', route, token, body, { 'idempotency-key': key, [DIE_HEADER]: '1' }),
    ).rejects.toThrow();
    expect(await running.exited).toBe('SIGKILL');
    server = undefined;
  }

  it('repeats the first answer after a restart: one bike, one order, never a 422 or a second order', {
    timeout: 900_000,
  }, async () => {
    server = await startServerAndWait(env, url);
    const granted = await call('POST', '/dev/credits', null, { email: ANNA.email, count: 2 });
    expect(granted.status, JSON.stringify(granted.body)).toBe(201);
    let token = await logIn();
    const products = await call('GET', '/api/webshop/products?region=dk', null);
    const single = (products.body as { id: string; handle: string }[]).find(
      (product) => product.handle === 'dk-single',
    );
    expect(single).toBeDefined();
    const ordersBefore = (await call('GET', '/api/webshop/orders', token)).body.length;

    // A registration: dies after its commit.
    const bike = { nickname: 'Kept across a crash', frame_number: uniqueFrameNumber() };
    await sendAndDie('/api/bikes', token, bike, 'crash-bike-0001');

    server = await startServerAndWait(env, url);
    token = await logIn();
    const retriedBike = await call('POST', '/api/bikes', token, bike, {
      'idempotency-key': 'crash-bike-0001',
    });
    expect(retriedBike.status, JSON.stringify(retriedBike.body)).toBe(201);
    expect(retriedBike.headers.get('idempotent-replayed')).toBe('true');
    expect(retriedBike.body).toMatchObject({ nickname: bike.nickname, frame_number: bike.frame_number });
    const bikes = (await call('GET', '/api/bikes', token)).body as {
      bike_id: string;
      frame_number: string;
    }[];
    expect(bikes.filter((listed) => listed.frame_number === bike.frame_number)).toEqual([
      expect.objectContaining({ bike_id: retriedBike.body.bike_id }),
    ]);
    // The answer is the bike as it was registered: the owner's view read now says the same.
    const read = await call('GET', `/api/bikes/${retriedBike.body.bike_id}`, token);
    expect(retriedBike.body).toEqual(read.body);

    // An order at the card provider: dies after the payment window was recorded.
    const order = { items: [{ product_id: single?.id, quantity: 1 }] };
    await sendAndDie('/api/webshop/orders/reepay', token, order, 'crash-order-0001');

    server = await startServerAndWait(env, url);
    token = await logIn();
    const retriedOrder = await call('POST', '/api/webshop/orders/reepay', token, order, {
      'idempotency-key': 'crash-order-0001',
    });
    expect(retriedOrder.status, JSON.stringify(retriedOrder.body)).toBe(201);
    expect(retriedOrder.headers.get('idempotent-replayed')).toBe('true');
    const orders = (await call('GET', '/api/webshop/orders', token)).body as {
      id: string;
      payment_url?: string | null;
    }[];
    expect(orders).toHaveLength(ordersBefore + 1);
    expect(orders.map((listed) => listed.id)).toContain(retriedOrder.body.order_id);
    expect(retriedOrder.body.payment_url).toContain('/dev/reepay/checkout/');
  });
});
