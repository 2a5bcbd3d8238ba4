import type { Database } from '../../db/client.ts';
import type { SigningKeys } from '../../platform/auth/keys.ts';

/** What resale certificates need from the platform; app.ts builds it once. */
export interface CertificatesDeps {
  db: Database;
  /** The certificate key (CERTIFICATE_PRIVATE_KEY) and every published public key. */
  keys: SigningKeys;
  /** The web app's address: a certificate's page and QR code point there. */
  publicUrl: string;
}
