import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, rmdir } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Config } from '../config.ts';
import { connectDatabase, type DatabaseConnection } from '../db/client.ts';
import { type DatabaseInventory, takeInventory } from '../db/inventory.ts';
import { readMigrations } from '../db/migrate.ts';
import { DataDirectoryInUseError, type DataDirectoryLock, lockDataDirectory } from '../db/pglite-lock.ts';
import {
  type ArchiveSource,
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  type BackupManifest,
  CorruptArchiveError,
  DATABASE_ENTRY,
  extractBackupArchive,
  filesUnder,
  writeBackupArchive,
} from './backup-archive.ts';
import { loadConfigOrExit } from './command-setup.ts';

/*
 * Backs up and restores a single-machine install (`npm start` on the embedded PGlite): everything
 * under DATA_DIR that is its state — the database, the generated keys and the uploaded files — in
 * one archive (backup-archive.ts), taken while nothing else has the database open, so the three
 * belong together.
 *
 *   npm run backup -- <archive.tar.gz>
 *   npm run restore -- <archive.tar.gz> [--force]
 *
 * Both refuse while the server runs (PGlite's files take one process at a time: the server holds
 * DATA_DIR/pglite.lock). A restore checks the archive (checksums, format, migrations this code
 * knows), loads the database aside and compares every table's row count with the manifest before it
 * touches DATA_DIR; with --force it moves what DATA_DIR held to DATA_DIR/before-restore-<time>/.
 *
 * With DATABASE_URL (PostgreSQL) the commands only point at pg_dump and the base backups described
 * in docs/operations.md: the server's own tools do that job better than a wrapper would (they match
 * the server's version, stream, and run against a live database).
 */

export const BACKUP_USAGE = 'Usage: npm run backup -- <archive.tar.gz>';
export const RESTORE_USAGE = 'Usage: npm run restore -- <archive.tar.gz> [--force]';

/** What makes up DATA_DIR's state; anything else found there is named as not backed up. */
const STATE_FOLDERS = ['pglite', 'keys', 'files'] as const;
/** Secrets that, when set, live in the environment instead of DATA_DIR/keys. */
const KEY_VARIABLES = ['AUTH_PRIVATE_KEY', 'FILE_URL_SECRET', 'DATA_ENCRYPTION_KEY'] as const;

const APP_VERSION = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

export interface CommandOutput {
  log(line: string): void;
  error(line: string): void;
}

const POSTGRES_ADVICE = [
  'DATABASE_URL is set: the database is PostgreSQL, which this command does not back up or restore.',
  'Use its own tools, as docs/operations.md ("Backing up and restoring") explains: a base backup with',
  'WAL archiving for point-in-time recovery, or for a small install',
  '  pg_dump --format=custom --no-owner --file=registry.dump "$DATABASE_URL"',
  '  pg_restore --no-owner --exit-on-error --dbname=<a new, empty database> registry.dump',
  'Back up the object store (S3) and the keys (AUTH_PRIVATE_KEY, FILE_URL_SECRET, DATA_ENCRYPTION_KEY) on their own.',
];

function keysFromEnvironment(config: Config): string[] {
  const configured: Record<(typeof KEY_VARIABLES)[number], string | undefined> = {
    AUTH_PRIVATE_KEY: config.auth.privateKey,
    FILE_URL_SECRET: config.files.urlSecret,
    DATA_ENCRYPTION_KEY: config.dataEncryptionKey,
  };
  return KEY_VARIABLES.filter((name) => configured[name]);
}

function totalRows(inventory: Pick<DatabaseInventory, 'rowCounts'>): number {
  return Object.values(inventory.rowCounts).reduce((sum, count) => sum + count, 0);
}

/** A time stamp usable in a file name: 2026-12-06T13-05-00Z. */
function fileStamp(date = new Date()): string {
  return date
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-');
}

/** The embedded database, or a refusal naming the process that has it open. */
async function openEmbeddedDatabase(
  dataDir: string,
  output: CommandOutput,
): Promise<DatabaseConnection | null> {
  try {
    return await connectDatabase({ kind: 'pglite', dataDir });
  } catch (error) {
    if (!(error instanceof DataDirectoryInUseError)) throw error;
    output.error(`Refused: ${error.message}`);
    return null;
  }
}

/**
 * The one archive argument and the embedded database's directory; or, after saying what is wrong,
 * the exit code: 2 for a usage error, 1 on PostgreSQL (these commands are for the embedded database).
 */
function archiveArgument(
  args: readonly string[],
  usage: string,
  config: Config,
  output: CommandOutput,
): { file: string; pgliteDir: string } | number {
  const [file, ...rest] = args;
  if (!file || file.startsWith('-') || rest.length > 0) {
    output.error(usage);
    return 2;
  }
  if (config.database.kind === 'postgres') {
    for (const line of POSTGRES_ADVICE) output.error(line);
    return 1;
  }
  return { file, pgliteDir: config.database.dataDir };
}

/** Backs DATA_DIR's state up into a new archive; answers the process exit code. */
export async function runBackup(
  args: readonly string[],
  config: Config,
  output: CommandOutput = console,
): Promise<number> {
  const argument = archiveArgument(args, BACKUP_USAGE, config, output);
  if (typeof argument === 'number') return argument;
  const { file, pgliteDir } = argument;
  const target = path.resolve(file);
  if (existsSync(target)) {
    output.error(`${target} already exists; choose a new name, so no earlier backup is overwritten.`);
    return 1;
  }
  if (!existsSync(pgliteDir)) {
    output.error(`There is no database in ${config.dataDir} (DATA_DIR) to back up.`);
    return 1;
  }
  await mkdir(path.dirname(target), { recursive: true });
  // Open for the whole backup: while this process holds the database, no server starts and changes
  // the database, the keys or the files under it.
  const database = await openEmbeddedDatabase(pgliteDir, output);
  if (!database) return 1;
  try {
    const inventory = await takeInventory(database);
    const dump = Buffer.from(await (await database.dumpDataDir!()).arrayBuffer());
    const fileStorage = config.files.storage.kind;
    const sources: ArchiveSource[] = [
      { path: DATABASE_ENTRY, buffer: dump },
      ...(await filesUnder(config.dataDir, 'keys')),
      ...(fileStorage === 'disk' ? await filesUnder(config.dataDir, 'files') : []),
    ];
    const environmentKeys = keysFromEnvironment(config);
    const written = await writeBackupArchive(
      target,
      sources,
      (entries): BackupManifest => ({
        format: BACKUP_FORMAT,
        formatVersion: BACKUP_FORMAT_VERSION,
        createdAt: new Date().toISOString(),
        appVersion: APP_VERSION,
        database: { engine: 'pglite', ...inventory },
        fileStorage,
        keysFromEnvironment: environmentKeys,
        entries,
      }),
    );
    const { entries } = written.manifest;
    output.log(`Backed up ${config.dataDir} to ${target}`);
    output.log(
      `  database: ${Object.keys(inventory.rowCounts).length} tables, ${totalRows(inventory)} rows, ` +
        `${inventory.migrations.length} migrations`,
    );
    output.log(`  keys:     ${entries.filter((entry) => entry.path.startsWith('keys/')).length} files`);
    output.log(
      fileStorage === 'disk'
        ? `  files:    ${entries.filter((entry) => entry.path.startsWith('files/')).length} uploaded files`
        : '  files:    none: uploaded files are in the S3 bucket; back the bucket up on its own',
    );
    output.log(`  archive:  ${written.bytes} bytes, sha256 ${written.sha256}`);
    if (environmentKeys.length > 0) {
      output.log(
        `Not in the archive: ${environmentKeys.join(', ')} (set in the environment); keep them in your secret store.`,
      );
    }
    const others = (await readdir(config.dataDir)).filter(
      (name) => !(STATE_FOLDERS as readonly string[]).includes(name) && name !== 'pglite.lock',
    );
    if (others.length > 0) output.log(`Not in the archive (not the install's state): ${others.join(', ')}`);
    if (entries.some((entry) => entry.path.startsWith('keys/'))) {
      output.log(
        'The archive holds the keys: anyone who has it can read the encrypted fields and sign sessions. ' +
          'Keep it as you keep secrets (encrypted, off this machine).',
      );
    }
    return 0;
  } finally {
    await database.close();
  }
}

function describeCounts(expected: Record<string, number>, actual: Record<string, number>): string[] {
  const tables = [...new Set([...Object.keys(expected), ...Object.keys(actual)])].sort();
  return tables
    .filter((table) => expected[table] !== actual[table])
    .map(
      (table) =>
        `${table}: ${expected[table] ?? 'no table'} in the backup, ${actual[table] ?? 'no table'} restored`,
    );
}

/**
 * Loads the archived database into `<staging>/pglite` and checks it against the manifest; answers
 * its inventory, or the problems found.
 */
async function loadStagedDatabase(
  staging: string,
  manifest: BackupManifest,
): Promise<{ inventory: DatabaseInventory } | { problems: string[] }> {
  const dump = new Blob([await readFile(path.join(staging, DATABASE_ENTRY))]);
  let database: DatabaseConnection;
  try {
    database = await connectDatabase({
      kind: 'pglite',
      dataDir: path.join(staging, 'pglite'),
      loadDataDir: dump,
    });
  } catch (error) {
    return { problems: [`the database in the archive does not open: ${(error as Error).message}`] };
  }
  try {
    const inventory = await takeInventory(database);
    const problems = describeCounts(manifest.database.rowCounts, inventory.rowCounts);
    if (inventory.migrations.join('\n') !== manifest.database.migrations.join('\n')) {
      problems.push('the restored database does not have the migrations the manifest lists');
    }
    return problems.length > 0 ? { problems } : { inventory };
  } finally {
    await database.close();
    await rm(path.join(staging, 'database'), { recursive: true, force: true });
  }
}

async function presentStateFolders(dataDir: string): Promise<string[]> {
  const names = await readdir(dataDir).catch(() => [] as string[]);
  return STATE_FOLDERS.filter((name) => names.includes(name));
}

/** Restores an archive into DATA_DIR; answers the process exit code. */
export async function runRestore(
  args: readonly string[],
  config: Config,
  output: CommandOutput = console,
): Promise<number> {
  const force = args.includes('--force');
  const argument = archiveArgument(
    args.filter((arg) => arg !== '--force'),
    RESTORE_USAGE,
    config,
    output,
  );
  if (typeof argument === 'number') return argument;
  const { file, pgliteDir } = argument;
  const archive = path.resolve(file);
  if (!existsSync(archive)) {
    output.error(`${archive} does not exist.`);
    return 1;
  }
  const { dataDir } = config;
  const occupied = await presentStateFolders(dataDir);
  if (occupied.length > 0 && !force) {
    output.error(
      `Refused: ${dataDir} (DATA_DIR) already holds an install (${occupied.join(', ')}). ` +
        'Restore into an empty DATA_DIR, or add --force to move what it holds to DATA_DIR/before-restore-<time>/ first.',
    );
    return 1;
  }
  const createdDataDir = !existsSync(dataDir);
  await mkdir(dataDir, { recursive: true });
  // Held until the end: a server that starts meanwhile stops at the lock instead of opening a
  // database that is being replaced.
  let lock: DataDirectoryLock;
  try {
    lock = await lockDataDirectory(pgliteDir);
  } catch (error) {
    if (!(error instanceof DataDirectoryInUseError)) throw error;
    output.error(`Refused: ${error.message}`);
    return 1;
  }
  const stamp = fileStamp();
  // Inside DATA_DIR, so the moves below stay on one file system (DATA_DIR is often a mounted volume).
  const staging = path.join(dataDir, `restoring-${stamp}`);
  try {
    let manifest: BackupManifest;
    try {
      manifest = await extractBackupArchive(archive, staging);
    } catch (error) {
      if (!(error instanceof CorruptArchiveError)) throw error;
      output.error(`Refused: ${archive} is not a usable backup: ${error.message}. Nothing was changed.`);
      return 1;
    }
    const known = new Set((await readMigrations()).map((migration) => migration.name));
    const unknown = manifest.database.migrations.filter((name) => !known.has(name));
    if (unknown.length > 0) {
      output.error(
        `Refused: the backup was made by a newer version of the registry (migrations ${unknown.join(', ')} ` +
          'are unknown here). Restore it with that version. Nothing was changed.',
      );
      return 1;
    }
    const loaded = await loadStagedDatabase(staging, manifest);
    if ('problems' in loaded) {
      output.error(
        `Refused: the restored database does not match the backup's manifest. Nothing was changed.`,
      );
      for (const problem of loaded.problems) output.error(`  ${problem}`);
      return 1;
    }
    let aside: string | null = null;
    if (occupied.length > 0) {
      aside = path.join(dataDir, `before-restore-${stamp}`);
      await mkdir(aside);
      for (const name of occupied) await rename(path.join(dataDir, name), path.join(aside, name));
    }
    for (const name of await presentStateFolders(staging)) {
      await rename(path.join(staging, name), path.join(dataDir, name));
    }
    await rmdir(staging);

    const entries = manifest.entries;
    output.log(
      `Restored ${archive} (made ${manifest.createdAt} by version ${manifest.appVersion}) into ${dataDir}`,
    );
    output.log(
      `  database: ${Object.keys(loaded.inventory.rowCounts).length} tables, ${totalRows(loaded.inventory)} rows, ` +
        'every count as in the backup',
    );
    output.log(`  keys:     ${entries.filter((entry) => entry.path.startsWith('keys/')).length} files`);
    output.log(
      `  files:    ${entries.filter((entry) => entry.path.startsWith('files/')).length} uploaded files`,
    );
    if (manifest.fileStorage === 's3') {
      output.log(
        'Uploaded files were in the S3 bucket when the backup was made: restore the bucket on its own.',
      );
    }
    if (manifest.keysFromEnvironment.length > 0) {
      output.log(
        `The backed-up install took ${manifest.keysFromEnvironment.join(', ')} from its environment: ` +
          'set the same values here, or its sessions, file addresses and encrypted fields will not be readable.',
      );
    }
    if (aside)
      output.log(`What ${dataDir} held before is in ${aside}; remove it once the restore is checked.`);
    output.log('Start the server (npm start): it applies any migrations newer than the backup.');
    return 0;
  } finally {
    await rm(staging, { recursive: true, force: true });
    await lock.release();
    // A refused restore leaves no empty DATA_DIR behind (rmdir removes only an empty directory).
    if (createdDataDir) await rmdir(dataDir).catch(() => undefined);
  }
}

async function main(): Promise<void> {
  const [command, ...args] = process.argv.slice(2);
  const run = command === 'backup' ? runBackup : command === 'restore' ? runRestore : null;
  if (!run) {
    console.error(`${BACKUP_USAGE}\n${RESTORE_USAGE}`);
    process.exit(2);
  }
  process.exit(await run(args, loadConfigOrExit()));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main();
}
