import type { Database } from '../../db/client.ts';

/** What the insurance module needs from the platform; app.ts builds it. */
export interface InsuranceDeps {
  db: Database;
}

/**
 * What the insurer's admin (issue 16 §4) needs: the database, and the web app's address for the
 * links in the holders' mails. Its reading calls need only `db` (Pick<InsuranceDeps, 'db'>).
 */
export interface InsurerAdminDeps {
  db: Database;
  publicUrl: string;
}
