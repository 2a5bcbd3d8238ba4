import type { Database } from '../../db/client.ts';
import type { FileUrlSigner } from '../../platform/storage/signed-urls.ts';

/** What the insurance module needs from the platform; app.ts builds it. */
export interface InsuranceDeps {
  db: Database;
  /** Signs the addresses of the bike files that prove possession (issue 16 §2). */
  fileUrls: FileUrlSigner;
  /** The web app's address, for links in mails. */
  publicUrl: string;
}
