import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readMigrations } from '../db/migrate.ts';
import { testDatabaseKind } from '../test/helper.ts';

const CLI = fileURLToPath(new URL('./migrate.ts', import.meta.url));

/** Runs `npm run db:migrate` as a deployment's migrations step does: its own process, its exit code. */
function runCli(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', CLI], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })));
}

describe('npm run db:migrate', () => {
  let dataDir: string;
  let databaseEnv: Record<string, string> = {};
  let schema: string | undefined;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'nbr-migrate-cli-'));
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

  it('applies every migration once, exits 0, and finds the schema current the next time', {
    timeout: 300_000,
  }, async () => {
    const env = { NODE_ENV: 'test', DATA_DIR: dataDir, ...databaseEnv };
    const migrations = await readMigrations();

    const first = await runCli(env);
    expect(first.output).toContain(`Applied ${migrations.length} migrations:`);
    expect(first.output).toContain(migrations.at(-1)?.name);
    expect(first.code).toBe(0);

    const second = await runCli(env);
    expect(second.output).toContain('The database schema is current; nothing to apply.');
    expect(second.code).toBe(0);
  });

  it("refuses a bad configuration with the server's list of problems and exits 1", {
    timeout: 120_000,
  }, async () => {
    const result = await runCli({ NODE_ENV: 'production', DATA_DIR: dataDir, DATABASE_URL: 'mysql://nope' });
    expect(result.output).toContain('Invalid configuration');
    expect(result.output).toContain('DATABASE_URL:');
    expect(result.code).toBe(1);
  });
});
