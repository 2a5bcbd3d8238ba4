import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCTION_SECRETS, SINGLE_MACHINE_PRODUCTION } from './test/config-fixtures.ts';
import { testDatabaseKind } from './test/helper.ts';
import { freePort } from './test/own-services.ts';
import { startServer, waitForHealth } from './test/server-process.ts';

describe('server start-up and shutdown', () => {
  let dataDir: string;
  let databaseEnv: Record<string, string> = {};
  let schema: string | undefined;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'nbr-server-test-'));
    const url = process.env.TEST_DATABASE_URL;
    if (testDatabaseKind() === 'postgres' && url) {
      schema = `t_${Date.now().toString(36)}_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`create schema ${schema}`);
      await admin.end();
      const target = new URL(url);
      target.searchParams.set('options', `-c search_path=${schema}`);
      databaseEnv = { DATABASE_URL: target.toString() };
    }
  });

  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
    if (schema && process.env.TEST_DATABASE_URL) {
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`drop schema if exists ${schema} cascade`);
      await admin.end();
    }
  });

  it('migrates, seeds the demo accounts, serves, and exits 0 on SIGTERM', { timeout: 120_000 }, async () => {
    const port = await freePort();
    const server = startServer({ NODE_ENV: 'test', PORT: String(port), DATA_DIR: dataDir, ...databaseEnv });
    const url = `http://127.0.0.1:${port}`;
    try {
      await waitForHealth(url, server);
      expect(server.output()).toContain('anna@demo.cykelregister.dk');
      expect(server.output()).toContain('ola@demo.cykelregister.dk');
      expect(server.output()).toContain('demo-password-2026');

      const login = await fetch(`${url}/api/identities/authentications`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'anna@demo.cykelregister.dk', password: 'demo-password-2026' }),
      });
      expect(login.status).toBe(200);
    } finally {
      server.child.kill('SIGTERM');
    }
    expect(await server.exited).toBe(0);

    // A second start finds the schema current and the accounts in place.
    const again = startServer({ NODE_ENV: 'test', PORT: String(port), DATA_DIR: dataDir, ...databaseEnv });
    try {
      await waitForHealth(url, again);
      expect(again.output()).toContain('anna@demo.cykelregister.dk');
    } finally {
      again.child.kill('SIGINT');
    }
    expect(await again.exited).toBe(0);
  });

  it('refuses to start in production with the mailbox stand-in, naming the variable', async () => {
    const server = startServer({ NODE_ENV: 'production', PORT: 'x', DATA_DIR: dataDir });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('SMTP_URL: must be set in production');
    expect(server.output()).toContain('PORT:');
    // Several instances each generating their own would not read each other's tokens or fields.
    for (const name of [
      'AUTH_PRIVATE_KEY',
      'FILE_URL_SECRET',
      'DATA_ENCRYPTION_KEY',
      'CERTIFICATE_PRIVATE_KEY',
    ]) {
      expect(server.output()).toContain(`${name}: must be set in production`);
    }
    // Nor as a single machine without saying so (issue 26 §6).
    for (const name of ['PUBLIC_URL', 'TRUST_PROXY', 'DATABASE_URL', 'REDIS_URL']) {
      expect(server.output()).toContain(`${name}: must be set in production`);
    }
    expect(server.output()).toContain('FILE_STORAGE: must be s3 in production');
  });

  it('says in its log that a production instance runs in single-machine mode', {
    timeout: 120_000,
  }, async () => {
    const port = await freePort();
    const server = startServer({
      ...SINGLE_MACHINE_PRODUCTION,
      ...PRODUCTION_SECRETS,
      SMTP_URL: 'smtp://127.0.0.1:9',
      PORT: String(port),
      DATA_DIR: path.join(dataDir, 'single-machine'),
      ...databaseEnv,
    });
    try {
      await waitForHealth(`http://127.0.0.1:${port}`, server);
      const notices = server
        .output()
        .split('\n')
        .filter((line) => line.includes('single-machine mode'));
      expect(notices).toHaveLength(1);
      expect(notices[0]).toContain('run exactly one instance');
    } finally {
      server.child.kill('SIGTERM');
    }
    expect(await server.exited).toBe(0);
  });
});
