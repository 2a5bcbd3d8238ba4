import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { resaleCertificates } from '../../db/schema/certificates.ts';

export type CertificateRow = typeof resaleCertificates.$inferSelect;
export type CertificateInsert = typeof resaleCertificates.$inferInsert;

export async function insertCertificate(executor: Executor, row: CertificateInsert): Promise<CertificateRow> {
  const [inserted] = await executor.insert(resaleCertificates).values(row).returning();
  if (!inserted) throw new Error('resale certificate not inserted');
  return inserted;
}

export async function findCertificate(
  executor: Executor,
  certificateId: string,
  lock = false,
): Promise<CertificateRow | null> {
  const query = executor.select().from(resaleCertificates).where(eq(resaleCertificates.id, certificateId));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** The certificates a party issued for a bike, newest first. */
export async function listCertificatesOfBikeBy(
  executor: Executor,
  bikeId: string,
  issuerPartyId: string,
): Promise<CertificateRow[]> {
  return executor
    .select()
    .from(resaleCertificates)
    .where(and(eq(resaleCertificates.bikeId, bikeId), eq(resaleCertificates.issuerPartyId, issuerPartyId)))
    .orderBy(desc(resaleCertificates.issuedAt), desc(resaleCertificates.id));
}

export async function revokeCertificate(executor: Executor, certificateId: string, at: Date): Promise<void> {
  await executor
    .update(resaleCertificates)
    .set({ revokedAt: at })
    .where(and(eq(resaleCertificates.id, certificateId), isNull(resaleCertificates.revokedAt)));
}

/** A bike is being deleted: its live certificates are revoked (the rows stay, bike_id goes null with it). */
export async function revokeCertificatesOfBike(executor: Executor, bikeId: string, at: Date): Promise<void> {
  await executor
    .update(resaleCertificates)
    .set({ revokedAt: at })
    .where(and(eq(resaleCertificates.bikeId, bikeId), isNull(resaleCertificates.revokedAt)));
}

export async function deleteCertificatesIssuedBy(executor: Executor, issuerPartyId: string): Promise<void> {
  await executor.delete(resaleCertificates).where(eq(resaleCertificates.issuerPartyId, issuerPartyId));
}

export async function listCertificatesIssuedBy(
  executor: Executor,
  issuerPartyId: string,
): Promise<CertificateRow[]> {
  return executor
    .select()
    .from(resaleCertificates)
    .where(eq(resaleCertificates.issuerPartyId, issuerPartyId))
    .orderBy(desc(resaleCertificates.issuedAt));
}
