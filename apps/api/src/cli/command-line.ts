import { type Config, ConfigError, loadConfig } from '../config.ts';

/**
 * The server's configuration for a command-line tool (npm run staff:grant, backup, restore): the
 * same DATABASE_URL or DATA_DIR as `npm start`. A bad environment prints every problem and exits 1,
 * as the server does.
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
