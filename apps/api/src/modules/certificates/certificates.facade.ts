import type { Executor } from '../../db/client.ts';
import * as repository from './resale-certificates.repository.ts';

/*
 * What the use cases may use of resale certificates (issue 32 §4): deleting a bike revokes its
 * certificates (the rows stay, so a scanned one says the bike left the register); deleting an
 * account deletes the certificates the person issued; the personal data export lists them.
 * Everything runs in the caller's transaction.
 */

export type { CertificatesDeps } from './certificates.deps.ts';
export { certificatesPersonalData } from './personal-data.repository.ts';

export async function revokeCertificatesOfBike(executor: Executor, bikeId: string, now = new Date()) {
  await repository.revokeCertificatesOfBike(executor, bikeId, now);
}

export async function forgetCertificatesOf(executor: Executor, partyId: string) {
  await repository.deleteCertificatesIssuedBy(executor, partyId);
}
