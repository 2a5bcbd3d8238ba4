import { mkdir } from 'node:fs/promises';
import { ConfigError, loadConfig } from './config.ts';
import { connectDatabase } from './db/client.ts';
import { resealNationalIds } from './modules/insurance/checkout.service.ts';
import { loadFieldEncryption } from './platform/crypto/field-encryption.ts';

/*
 * `npm run reseal-fields -w @nbr/api`, with the API's environment: after a DATA_ENCRYPTION_KEY
 * rotation, seals every encrypted field again with the current key, reading the old values with
 * DATA_ENCRYPTION_ACCEPTED_KEYS (docs/operations.md, "Secrets and key rotation"). The encrypted
 * fields are the national ids of insurance holders. Safe to run while the API serves PostgreSQL and
 * to run again; on PGlite stop the API first (one process owns the embedded database).
 */

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  if (config.database.kind === 'pglite') await mkdir(config.database.dataDir, { recursive: true });
  const database = await connectDatabase(
    config.database.kind === 'pglite'
      ? { kind: 'pglite', dataDir: config.database.dataDir }
      : { kind: 'postgres', url: config.database.url },
  );
  try {
    const encryption = await loadFieldEncryption({
      key: config.dataEncryptionKey,
      acceptedKeys: config.dataEncryptionAcceptedKeys,
      dataDir: config.dataDir,
    });
    const resealed = await resealNationalIds({ db: database.db, encryption });
    console.log(
      `${resealed} encrypted field(s) sealed again with key ${encryption.keyId}; none left under another key`,
    );
  } finally {
    await database.close();
  }
}

await main();
