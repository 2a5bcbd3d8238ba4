import type { Database } from '../../db/client.ts';
import type { FieldEncryption } from '../../platform/crypto/field-encryption.ts';

/** What the insurance module needs from the platform; app.ts builds it. */
export interface InsuranceDeps {
  db: Database;
  /** Seals the holder's national id number at rest (checkout.service.ts). */
  encryption: FieldEncryption;
}
