import type { Executor } from '../../db/client.ts';
import { listCertificatesIssuedBy } from './resale-certificates.repository.ts';

/** The resale certificates the person issued, with the statement exactly as signed (export-personal-data.ts). */
export async function certificatesPersonalData(executor: Executor, partyId: string) {
  const rows = await listCertificatesIssuedBy(executor, partyId);
  return {
    resale_certificates: rows.map((row) => ({
      id: row.id,
      bike_id: row.bikeId,
      issued_at: row.issuedAt,
      revoked_at: row.revokedAt,
      kid: row.kid,
      statement: row.statement,
      signature: row.signature,
    })),
  };
}
