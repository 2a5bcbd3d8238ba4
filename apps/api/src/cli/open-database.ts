import { mkdir } from 'node:fs/promises';
import { type Config, ConfigError, loadConfig } from '../config.ts';
import { connectDatabase, type DatabaseConnection } from '../db/client.ts';

/**
 * The configuration a command-line tool runs with: the server's own (the same environment
 * variables); a bad one ends the process with the list of problems, as the server does.
 */
export function loadCliConfig(): Config {
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

/** Opens the database the server would open: DATABASE_URL, or the embedded PGlite under DATA_DIR. */
export async function openConfiguredDatabase(config: Config): Promise<DatabaseConnection> {
  if (config.database.kind === 'pglite') {
    await mkdir(config.database.dataDir, { recursive: true });
    return connectDatabase({ kind: 'pglite', dataDir: config.database.dataDir });
  }
  return connectDatabase({ kind: 'postgres', url: config.database.url });
}
