import { mkdir } from 'node:fs/promises';
import { type Config, ConfigError, loadConfig } from '../config.ts';
import { connectDatabase, type DatabaseConnection } from '../db/client.ts';

/*
 * What every command of this folder does first, as the server does: read the same configuration
 * (exiting with its list of problems when it is wrong) and open the same database. With the
 * embedded PGlite, stop the server first: PGlite's files take one process at a time.
 */

export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

export async function openConfiguredDatabase(config: Config): Promise<DatabaseConnection> {
  if (config.database.kind === 'pglite') {
    await mkdir(config.database.dataDir, { recursive: true });
    return connectDatabase({ kind: 'pglite', dataDir: config.database.dataDir });
  }
  return connectDatabase({ kind: 'postgres', url: config.database.url, ...config.database.settings });
}
