import { and, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { theftReports } from '../../db/schema/theft.ts';

export type TheftReportRow = typeof theftReports.$inferSelect;
export type TheftReportInsert = typeof theftReports.$inferInsert;
export type TheftReportChanges = Partial<Omit<TheftReportInsert, 'id' | 'bikeId' | 'createdAt'>>;

/** The one open report (draft or submitted) of a bike; `lock` holds it FOR UPDATE. */
export async function findOpenReportOfBike(
  executor: Executor,
  bikeId: string,
  lock = false,
): Promise<TheftReportRow | null> {
  const query = executor
    .select()
    .from(theftReports)
    .where(and(eq(theftReports.bikeId, bikeId), ne(theftReports.status, 'closed')));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** The newest submitted or closed report a party made of a bike (its own history). */
export async function findLatestSentReport(
  executor: Executor,
  bikeId: string,
  ownerPartyId: string,
): Promise<TheftReportRow | null> {
  const [row] = await executor
    .select()
    .from(theftReports)
    .where(
      and(
        eq(theftReports.bikeId, bikeId),
        eq(theftReports.ownerPartyId, ownerPartyId),
        inArray(theftReports.status, ['submitted', 'closed']),
      ),
    )
    .orderBy(desc(theftReports.submittedAt), desc(theftReports.id))
    .limit(1);
  return row ?? null;
}

/** One submitted or closed report of a bike by id (the PDF behind a signed address). */
export async function findSentReport(
  executor: Executor,
  bikeId: string,
  reportId: string,
): Promise<TheftReportRow | null> {
  const [row] = await executor
    .select()
    .from(theftReports)
    .where(
      and(
        eq(theftReports.id, reportId),
        eq(theftReports.bikeId, bikeId),
        inArray(theftReports.status, ['submitted', 'closed']),
      ),
    );
  return row ?? null;
}

export async function insertReport(executor: Executor, values: TheftReportInsert): Promise<TheftReportRow> {
  const [row] = await executor.insert(theftReports).values(values).returning();
  if (!row) throw new Error('insert into theft_reports returned no row');
  return row;
}

export async function updateReport(
  executor: Executor,
  reportId: string,
  changes: TheftReportChanges,
): Promise<TheftReportRow> {
  const [row] = await executor
    .update(theftReports)
    .set(changes)
    .where(eq(theftReports.id, reportId))
    .returning();
  if (!row) throw new Error('update of theft_reports returned no row');
  return row;
}

export async function deleteReport(executor: Executor, reportId: string): Promise<void> {
  await executor.delete(theftReports).where(eq(theftReports.id, reportId));
}

/** Every report a party made, whatever its state (the party's account is being deleted). */
export async function deleteReportsOfOwner(executor: Executor, ownerPartyId: string): Promise<void> {
  await executor.delete(theftReports).where(eq(theftReports.ownerPartyId, ownerPartyId));
}

/**
 * The sent reports of these bikes whose owner acknowledged they may be shared with their insurer
 * and has not withdrawn it (insurance.md §6), newest first.
 */
export async function listSharedReportsOfBikes(
  executor: Executor,
  bikeIds: readonly string[],
): Promise<TheftReportRow[]> {
  if (bikeIds.length === 0) return [];
  return executor
    .select()
    .from(theftReports)
    .where(
      and(
        inArray(theftReports.bikeId, [...bikeIds]),
        inArray(theftReports.status, ['submitted', 'closed']),
        isNull(theftReports.dataShareWithdrawnAt),
        sql`(${theftReports.fields} ->> 'acknowledgement_data_share') = 'true'`,
      ),
    )
    .orderBy(desc(theftReports.submittedAt), desc(theftReports.id));
}

/**
 * When a bike was reported stolen and when it was found again, oldest first (resale certificates,
 * issue 32 §4): sent reports only, never drafts, and nothing of what their makers wrote.
 */
export async function theftHistoryOfBike(
  executor: Executor,
  bikeId: string,
): Promise<Array<{ reportedAt: Date; recoveredAt: Date | null }>> {
  const rows = await executor
    .select({
      submittedAt: theftReports.submittedAt,
      closedReason: theftReports.closedReason,
      closedAt: theftReports.closedAt,
    })
    .from(theftReports)
    .where(and(eq(theftReports.bikeId, bikeId), ne(theftReports.status, 'draft')))
    .orderBy(theftReports.submittedAt);
  return rows.flatMap((row) =>
    row.submittedAt
      ? [{ reportedAt: row.submittedAt, recoveredAt: row.closedReason === 'found' ? row.closedAt : null }]
      : [],
  );
}
