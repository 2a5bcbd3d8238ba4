import type { Database } from '../../db/client.ts';

/** What the insurance module needs from the platform; app.ts builds it. */
export interface InsuranceDeps {
  db: Database;
}
