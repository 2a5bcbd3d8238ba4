import type { Database } from '../../db/client.ts';

/** What the insurance module needs from the platform; app.ts builds it. */
export interface InsuranceDeps {
  db: Database;
}

/** The insurer's admin (issue 16 §4) also mails holders, with links into the web app. */
export interface InsurerAdminDeps extends InsuranceDeps {
  publicUrl: string;
}
