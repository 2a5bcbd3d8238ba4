import { pathToFileURL } from 'node:url';
import type { Config } from '../config.ts';
import type { DatabaseConnection } from '../db/client.ts';
import { resealNationalIds } from '../modules/insurance/checkout.service.ts';
import { resealWebhookSecrets } from '../modules/organisations/organisation-webhooks.service.ts';
import { loadFieldEncryption } from '../platform/crypto/field-encryption.ts';
import { loadConfigOrExit, openConfiguredDatabase } from './command-setup.ts';

/*
 * After a DATA_ENCRYPTION_KEY rotation, seals every encrypted field again with the current key,
 * reading the old values with DATA_ENCRYPTION_ACCEPTED_KEYS (docs/operations.md, "Secrets and key
 * rotation"). The encrypted fields are the national ids of insurance holders and the signing secrets
 * of organisations' webhooks. Run it with the API's
 * environment; safe while the API serves PostgreSQL, and to run again.
 *
 *   npm run fields:reseal
 */

export interface ResealFieldsOutput {
  log(line: string): void;
}

/** Runs the command against an open database; answers the process exit code. */
export async function runResealFields(
  config: Pick<Config, 'dataEncryptionKey' | 'dataEncryptionAcceptedKeys' | 'dataDir'>,
  database: DatabaseConnection,
  output: ResealFieldsOutput = console,
): Promise<number> {
  const encryption = await loadFieldEncryption({
    key: config.dataEncryptionKey,
    acceptedKeys: config.dataEncryptionAcceptedKeys,
    dataDir: config.dataDir,
  });
  const resealed =
    (await resealNationalIds({ db: database.db, encryption })) +
    (await resealWebhookSecrets({ db: database.db, encryption }));
  output.log(
    `${resealed} encrypted field(s) sealed again with key ${encryption.keyId}; none is left under another key.`,
  );
  return 0;
}

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const database = await openConfiguredDatabase(config);
  let code = 1;
  try {
    code = await runResealFields(config, database);
  } finally {
    await database.close();
  }
  process.exit(code);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main();
}
