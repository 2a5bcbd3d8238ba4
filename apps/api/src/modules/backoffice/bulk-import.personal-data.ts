import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { bulkImportJobs, bulkImportOwners, bulkImportRows } from '../../db/schema/onboarding.ts';

/*
 * What bulk onboarding holds about a person (docs/personal-data-export.md): the rows of imported
 * registers that named one of their addresses (kept until IMPORT_ROWS_KEPT_DAYS after the import),
 * and the people-of-a-list entries for their address or claimed by them.
 */

export async function bulkImportPersonalData(
  executor: Executor,
  partyId: string,
  addresses: readonly string[],
) {
  const lowered = addresses.map((address) => address.toLowerCase());
  const owners = await executor
    .select({
      source: bulkImportJobs.sourceName,
      importedAt: bulkImportJobs.createdAt,
      email: bulkImportOwners.email,
      name: bulkImportOwners.name,
      invitedAt: bulkImportOwners.invitedAt,
      claimedAt: bulkImportOwners.claimedAt,
    })
    .from(bulkImportOwners)
    .innerJoin(bulkImportJobs, eq(bulkImportJobs.id, bulkImportOwners.jobId))
    .where(
      or(
        eq(bulkImportOwners.claimedByPartyId, partyId),
        lowered.length > 0 ? inArray(bulkImportOwners.email, lowered) : undefined,
      ),
    );
  const rows =
    lowered.length === 0
      ? []
      : await executor
          .select({
            source: bulkImportJobs.sourceName,
            rowNumber: bulkImportRows.rowNumber,
            email: bulkImportRows.ownerEmail,
            name: bulkImportRows.ownerName,
            frameNumber: bulkImportRows.frameNumber,
            plateId: bulkImportRows.plateId,
            outcome: bulkImportRows.outcome,
          })
          .from(bulkImportRows)
          .innerJoin(bulkImportJobs, eq(bulkImportJobs.id, bulkImportRows.jobId))
          .where(inArray(bulkImportRows.ownerEmail, lowered))
          .orderBy(bulkImportRows.jobId, bulkImportRows.rowNumber);
  return {
    imported_registers: {
      people: owners.map((owner) => ({
        register: owner.source,
        imported_at: owner.importedAt,
        email: owner.email,
        name: owner.name,
        invited_at: owner.invitedAt,
        claimed_at: owner.claimedAt,
      })),
      rows: rows.map((row) => ({
        register: row.source,
        row_number: row.rowNumber,
        email: row.email,
        name: row.name,
        frame_number: row.frameNumber,
        plate_id: row.plateId,
        outcome: row.outcome,
      })),
    },
  };
}

/** Deleting an account: the imported rows naming its addresses go; the people entries forget them. */
export async function forgetImportedRowsOf(
  executor: Executor,
  partyId: string,
  addresses: readonly string[],
) {
  const lowered = addresses.map((address) => address.toLowerCase());
  if (lowered.length > 0) {
    await executor.delete(bulkImportRows).where(inArray(bulkImportRows.ownerEmail, lowered));
    await executor
      .update(bulkImportOwners)
      .set({ email: null, name: null })
      .where(and(inArray(bulkImportOwners.email, lowered), isNull(bulkImportOwners.claimedAt)));
  }
  await executor
    .update(bulkImportOwners)
    .set({ email: null, name: null, claimedByPartyId: null })
    .where(eq(bulkImportOwners.claimedByPartyId, partyId));
}
