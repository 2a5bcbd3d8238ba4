import { pathToFileURL } from 'node:url';
import type { DatabaseConnection } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { loadConfigOrExit, openConfiguredDatabase } from './command-setup.ts';

/*
 * Brings the database schema up to date and exits: the migrations step of a deployment (the
 * Kubernetes Job, the `migrate` service of compose.yaml), run before new instances start. The
 * server migrates at start too, under the same advisory lock, so this is the same work done once,
 * ahead of time, where its failure stops a deployment instead of every instance's start.
 *
 *   npm run db:migrate
 *
 * Uses the server's configuration (DATABASE_URL or DATA_DIR). With the embedded PGlite, stop the
 * server first: PGlite's files take one process at a time.
 */

export interface MigrateOutput {
  log(line: string): void;
}

/** Migrates an open database; answers the process exit code (a failure throws). */
export async function runMigrate(
  database: DatabaseConnection,
  output: MigrateOutput = console,
): Promise<number> {
  const { applied } = await migrate(database);
  output.log(
    applied.length > 0
      ? `Applied ${applied.length} migration${applied.length === 1 ? '' : 's'}: ${applied.join(', ')}.`
      : 'The database schema is current; nothing to apply.',
  );
  return 0;
}

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const database = await openConfiguredDatabase(config);
  let code = 1;
  try {
    code = await runMigrate(database);
  } catch (error) {
    console.error('Migration failed:', error instanceof Error ? error.message : error);
  } finally {
    await database.close();
  }
  process.exit(code);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main();
}
