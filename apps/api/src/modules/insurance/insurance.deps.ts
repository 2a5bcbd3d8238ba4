import type { Database } from '../../db/client.ts';
import type { FieldEncryption } from '../../platform/crypto/field-encryption.ts';
import type { FileUrlSigner } from '../../platform/storage/signed-urls.ts';

/** What the insurance module needs from the platform; app.ts builds it. */
export interface InsuranceDeps {
  db: Database;
  /** Signs the addresses of the bike files that prove possession (issue 16 §2). */
  fileUrls: FileUrlSigner;
  /** The web app's address, for links in mails. */
  publicUrl: string;
  /** Seals the holder's national id number at rest (checkout.service.ts). */
  encryption: FieldEncryption;
}

/**
 * What the insurer's admin (issue 16 §4) needs: the database, and the web app's address for the
 * links in the holders' mails. Its reading calls need only `db` (Pick<InsuranceDeps, 'db'>).
 */
export interface InsurerAdminDeps {
  db: Database;
  publicUrl: string;
}
