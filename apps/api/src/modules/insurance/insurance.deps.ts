import type { Database } from '../../db/client.ts';

/** What the insurance module needs from the platform; app.ts builds it. */
export interface InsuranceDeps {
  db: Database;
  /** The web app's address, for links in mails (PUBLIC_URL). */
  publicUrl: string;
}
