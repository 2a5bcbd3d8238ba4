import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { connectDatabase, type DatabaseConnection } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { generateSigningKeys } from '../auth/keys.ts';
import { createDiskStorage } from '../storage/disk-storage.ts';

const NOT_READY_EN = 'The service is temporarily unavailable. Please try again later.';

function get(app: FastifyInstance, url: string, language = 'en') {
  return app.inject({ method: 'GET', url, headers: { 'accept-language': language } });
}

/**
 * Dependencies are asked at most once a second, so a change shows on a later poll: poll the way a
 * load balancer does until the answer has the expected status (generous deadline for a busy machine).
 */
async function pollReady(app: FastifyInstance, status: number) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const response = await get(app, '/api/health/ready');
    if (response.statusCode === status || Date.now() > deadline) return response;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A port nothing listens on: taken from the system, then released. */
async function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 1));
    });
  });
}

describe('GET /api/health/live, /api/health/ready and /api/health', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Low enough that the polls below would reach it, were the probes limited.
    t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '3' } });
  });
  afterAll(() => t.close());

  it('answers ok on all three while every dependency answers, and never rate limits them', async () => {
    for (let round = 0; round < 4; round += 1) {
      for (const url of ['/api/health/live', '/api/health/ready', '/api/health']) {
        const response = await get(t.app, url);
        expect(response.statusCode, url).toBe(200);
        expect(response.json()).toEqual({ status: 'ok' });
      }
    }
  });

  it('names a migration file the database has not applied, and is ready again once it is', async () => {
    const rows = (await t.database.db.execute(
      sql`select name, checksum from schema_migrations order by name desc limit 1`,
    )) as unknown as { rows: Array<{ name: string; checksum: string }> };
    const last = rows.rows[0]!;
    await t.database.db.execute(sql`delete from schema_migrations where name = ${last.name}`);
    try {
      const response = await pollReady(t.app, 503);
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        detail: NOT_READY_EN,
        code: 'service_unavailable',
        failed_checks: ['migrations'],
      });
      // /api/health is readiness too; liveness checks nothing but the process.
      expect((await get(t.app, '/api/health')).statusCode).toBe(503);
      expect((await get(t.app, '/api/health/live')).statusCode).toBe(200);
    } finally {
      await t.database.db.execute(
        sql`insert into schema_migrations (name, checksum) values (${last.name}, ${last.checksum})`,
      );
    }
    expect((await pollReady(t.app, 200)).statusCode).toBe(200);
  });

  it('reports draining at once and in the caller language, while live stays 200', async () => {
    t.app.readiness.startDraining();
    const response = await get(t.app, '/api/health/ready', 'da');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      detail: 'Tjenesten er midlertidigt utilgængelig. Prøv igen senere.',
      code: 'service_unavailable',
      failed_checks: ['draining'],
    });
    expect(response.headers['cache-control']).toBe('no-store');
    expect((await get(t.app, '/api/health/live')).statusCode).toBe(200);
  });
});

describe('readiness with a PostgreSQL that refuses connections', () => {
  let app: FastifyInstance;
  let database: DatabaseConnection;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'nbr-health-'));
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
      LOG_LEVEL: 'silent',
    });
    database = await connectDatabase({
      kind: 'postgres',
      url: `postgres://postgres@127.0.0.1:${await closedPort()}/nbr`,
    });
    app = await buildApp({ config, database, signingKeys: await generateSigningKeys() });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('answers 503 naming the database (the migrations cannot be read then), live 200', async () => {
    const response = await get(app, '/api/health/ready', 'no');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      detail: 'Tjenesten er midlertidig utilgjengelig. Prøv igjen senere.',
      code: 'service_unavailable',
      failed_checks: ['database'],
    });
    // Names only: no address, port or driver message.
    expect(response.body).not.toMatch(/127\.0\.0\.1|ECONNREFUSED|postgres:/);
    expect((await get(app, '/api/health')).statusCode).toBe(503);
    expect((await get(app, '/api/health/live')).statusCode).toBe(200);
  });
});

describe('readiness with REDIS_URL pointing at a closed port', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { REDIS_URL: `redis://127.0.0.1:${await closedPort()}` } });
  });
  afterAll(() => t.close());

  it('answers 503 naming redis, live 200', async () => {
    const response = await get(t.app, '/api/health/ready');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ code: 'service_unavailable', failed_checks: ['redis'] });
    expect(response.body).not.toMatch(/127\.0\.0\.1|redis:/);
    expect((await get(t.app, '/api/health/live')).statusCode).toBe(200);
  });
});

describe('readiness with a storage directory that cannot be written', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'nbr-health-storage-'));
    // A plain file where the storage expects its directory: refused even to root (tests run as root
    // on CI, where permissions would not stop the write).
    const blocker = path.join(dir, 'not-a-directory');
    await writeFile(blocker, 'x');
    t = await createTestApp({ fileStorage: createDiskStorage(path.join(blocker, 'files')) });
  });
  afterAll(async () => {
    await t?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('answers 503 naming storage, live 200', async () => {
    const response = await get(t.app, '/api/health/ready');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ code: 'service_unavailable', failed_checks: ['storage'] });
    expect(response.body).not.toContain(dir);
    expect((await get(t.app, '/api/health/live')).statusCode).toBe(200);
  });
});
