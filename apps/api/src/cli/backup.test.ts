import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import { connectDatabase } from '../db/client.ts';
import { type DatabaseInventory, takeInventory } from '../db/inventory.ts';
import { migrate } from '../db/migrate.ts';
import { seedDemoData } from '../db/seed/demo.ts';
import { registerBike, signUpOwner } from '../test/bike-api-helpers.ts';
import { captureOutput } from '../test/command-helpers.ts';
import { bearer } from '../test/identity-helpers.ts';
import { freePort } from '../test/own-services.ts';
import { uploadBikePicture } from '../test/possession-helpers.ts';
import { startServer, waitForHealth } from '../test/server-process.ts';
import { runBackup, runRestore } from './backup.ts';
import {
  type ArchiveEntry,
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  type BackupManifest,
  DATABASE_ENTRY,
  writeBackupArchive,
} from './backup-archive.ts';

/*
 * npm run backup / restore on a single-machine install: an install with data made by the product's
 * own code is backed up, restored into a fresh DATA_DIR, and the real server (server.ts, as `npm
 * start` runs it) starts on the copy: every table's row count is as it was, and a person signed in
 * before the backup still reads their bike and its picture (the keys came along).
 */

let root: string;
let archive: string;
let original: DatabaseInventory;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'nbr-backup-test-'));
  archive = path.join(root, 'install.tar.gz');
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

function configFor(dataDir: string, env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(root, 'no-web-build'),
    LOG_LEVEL: 'silent',
    ...env,
  });
}

/** SHA-256 of every file under the folders, by path relative to `dataDir`. */
async function treeHashes(dataDir: string, folders: string[]): Promise<Record<string, string>> {
  const hashes: Record<string, string> = {};
  for (const folder of folders) {
    const entries = await readdir(path.join(dataDir, folder), { recursive: true, withFileTypes: true }).catch(
      () => [],
    );
    for (const entry of entries.filter((candidate) => candidate.isFile())) {
      const file = path.join(entry.parentPath, entry.name);
      hashes[path.relative(dataDir, file)] = createHash('sha256')
        .update(await readFile(file))
        .digest('hex');
    }
  }
  return hashes;
}

async function inventoryOf(dataDir: string): Promise<DatabaseInventory> {
  const database = await connectDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
  try {
    return await takeInventory(database);
  } finally {
    await database.close();
  }
}

describe('npm run backup and npm run restore (embedded database)', () => {
  const installDir = () => path.join(root, 'install');
  const restoredDir = () => path.join(root, 'restored');
  let owner: { token: string };
  let bikeId: string;
  let bikeBefore: Record<string, unknown>;
  let thumbnailUrl: string;

  it('backs up an install: its database, keys and uploaded files', { timeout: 240_000 }, async () => {
    // The install as the product makes it: the demo data, and an owner's bike with a picture.
    const config = configFor(installDir());
    const database = await connectDatabase({ kind: 'pglite', dataDir: path.join(installDir(), 'pglite') });
    try {
      await migrate(database);
      await seedDemoData(database.db);
      const app = await buildApp({ config, database });
      try {
        owner = await signUpOwner(app, 2);
        bikeId = (await registerBike(app, owner.token)).bike_id;
        await uploadBikePicture(app, owner.token, bikeId, 'public');
        const listed = await app.inject({ method: 'GET', url: '/api/bikes', headers: bearer(owner.token) });
        const summary = listed.json<Array<Record<string, unknown>>>().find((bike) => bike.bike_id === bikeId);
        thumbnailUrl = String(summary?.thumbnail_url);
        bikeBefore = (
          await app.inject({ method: 'GET', url: `/api/bikes/${bikeId}`, headers: bearer(owner.token) })
        ).json();
      } finally {
        await app.close();
      }
      original = await takeInventory(database);
    } finally {
      await database.close();
    }
    expect(original.rowCounts.bike_files).toBeGreaterThan(0);

    const { lines, output } = captureOutput();
    expect(await runBackup([archive], config, output)).toBe(0);
    expect(lines.join('\n')).toContain(`${Object.keys(original.rowCounts).length} tables`);
    expect((await stat(archive)).mode & 0o077).toBe(0);
  });

  it('restores into a fresh DATA_DIR that the server starts on, with every count equal and the keys working', {
    timeout: 300_000,
  }, async () => {
    const { output } = captureOutput();
    expect(await runRestore([archive], configFor(restoredDir()), output)).toBe(0);
    expect(await treeHashes(restoredDir(), ['keys', 'files'])).toEqual(
      await treeHashes(installDir(), ['keys', 'files']),
    );
    expect(Object.keys(await treeHashes(restoredDir(), ['files'])).length).toBeGreaterThan(0);

    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const server = startServer({ NODE_ENV: 'test', PORT: String(port), DATA_DIR: restoredDir() });
    try {
      await waitForHealth(url, server);
      // A token signed before the backup: the signing key came along.
      const bike = await fetch(`${url}/api/bikes/${bikeId}`, { headers: bearer(owner.token) });
      expect(bike.status).toBe(200);
      const bikeAfter = (await bike.json()) as Record<string, unknown>;
      expect(bikeAfter.frame_number).toBe(bikeBefore.frame_number);
      expect(bikeAfter.nickname).toBe(bikeBefore.nickname);
      // An address signed before the backup: the file secret and the file came along.
      const picture = await fetch(new URL(thumbnailUrl, url));
      expect(picture.status).toBe(200);
      expect((await picture.arrayBuffer()).byteLength).toBeGreaterThan(0);

      // The server holds the database: neither command touches it meanwhile.
      const backup = captureOutput();
      expect(
        await runBackup([path.join(root, 'while-running.tar.gz')], configFor(restoredDir()), backup.output),
      ).toBe(1);
      expect(backup.errors.join('\n')).toContain(`in use by process ${server.child.pid}`);
      expect(existsSync(path.join(root, 'while-running.tar.gz'))).toBe(false);
      const restore = captureOutput();
      expect(await runRestore([archive, '--force'], configFor(restoredDir()), restore.output)).toBe(1);
      expect(restore.errors.join('\n')).toContain(`in use by process ${server.child.pid}`);
    } finally {
      server.child.kill('SIGTERM');
    }
    expect(await server.exited).toBe(0);

    const restored = await inventoryOf(restoredDir());
    expect(restored.migrations).toEqual(original.migrations);
    expect(restored.rowCounts).toEqual(original.rowCounts);
  });

  it('refuses to restore over an install unless told, and with --force keeps the old one aside', {
    timeout: 180_000,
  }, async () => {
    const config = configFor(restoredDir());
    const refused = captureOutput();
    expect(await runRestore([archive], config, refused.output)).toBe(1);
    expect(refused.errors.join('\n')).toContain('already holds an install');

    const forced = captureOutput();
    expect(await runRestore([archive, '--force'], config, forced.output)).toBe(0);
    const aside = (await readdir(restoredDir())).filter((name) => name.startsWith('before-restore-'));
    expect(aside).toHaveLength(1);
    expect((await readdir(path.join(restoredDir(), aside[0] ?? ''))).sort()).toEqual([
      'files',
      'keys',
      'pglite',
    ]);
    expect((await readdir(restoredDir())).sort()).toEqual([...aside, 'files', 'keys', 'pglite'].sort());
    expect((await inventoryOf(restoredDir())).rowCounts).toEqual(original.rowCounts);
  });

  it('refuses a damaged, cut-short or tampered archive, or one from a newer version, and changes nothing', {
    timeout: 180_000,
  }, async () => {
    const bytes = await readFile(archive);
    const damaged = path.join(root, 'damaged.tar.gz');
    const flipped = Buffer.from(bytes);
    const middle = Math.floor(flipped.length / 2);
    flipped[middle] = (flipped[middle] ?? 0) ^ 0xff;
    await writeFile(damaged, flipped);
    const cut = path.join(root, 'cut.tar.gz');
    await writeFile(cut, bytes.subarray(0, Math.floor(bytes.length * 0.9)));

    // Whole archives whose manifest does not vouch for their content.
    const dump = Buffer.from('not a database');
    const manifest = (entries: ArchiveEntry[], migrations: string[]): BackupManifest => ({
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      createdAt: new Date().toISOString(),
      appVersion: 'test',
      database: { engine: 'pglite', postgresVersion: 'test', migrations, rowCounts: {} },
      fileStorage: 'disk',
      keysFromEnvironment: [],
      entries,
    });
    const tampered = path.join(root, 'tampered.tar.gz');
    await writeBackupArchive(tampered, [{ path: DATABASE_ENTRY, buffer: dump }], (entries) =>
      manifest(
        entries.map((entry) => ({ ...entry, sha256: '0'.repeat(64) })),
        original.migrations,
      ),
    );
    const newer = path.join(root, 'newer.tar.gz');
    await writeBackupArchive(newer, [{ path: DATABASE_ENTRY, buffer: dump }], (entries) =>
      manifest(entries, [...original.migrations, '9999_from_a_newer_version']),
    );

    const target = path.join(root, 'untouched');
    for (const [file, reason] of [
      [damaged, 'damaged or incomplete'],
      [cut, 'damaged or incomplete'],
      [tampered, 'does not match its checksum'],
      [newer, '9999_from_a_newer_version'],
    ] as const) {
      const { errors, output } = captureOutput();
      expect(await runRestore([file], configFor(target), output), file).toBe(1);
      expect(errors.join('\n')).toContain(reason);
      expect(existsSync(target)).toBe(false);
    }
  });

  it("with DATABASE_URL points at PostgreSQL's own tools instead", async () => {
    const config = configFor(path.join(root, 'postgres'), {
      DATABASE_URL: 'postgres://nobody@127.0.0.1:9/none',
    });
    for (const run of [runBackup, runRestore]) {
      const { errors, output } = captureOutput();
      expect(await run([archive], config, output)).toBe(1);
      expect(errors.join('\n')).toContain('pg_dump');
    }
  });

  it('explains its usage', async () => {
    const config = configFor(installDir());
    for (const [run, args] of [
      [runBackup, []],
      [runBackup, ['a.tar.gz', 'b.tar.gz']],
      [runRestore, []],
      [runRestore, ['--forse', archive]],
    ] as const) {
      const { errors, output } = captureOutput();
      expect(await run(args, config, output)).toBe(2);
      expect(errors[0]).toMatch(/^Usage: npm run (backup|restore)/);
    }
  });
});
