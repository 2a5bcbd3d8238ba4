import { and, asc, desc, eq, isNotNull, isNull, ne, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { itemPickups, theftReports } from '../../db/schema/theft.ts';
import type { TheftReportRow } from './theft-reports.repository.ts';

/** Our staff's queue of sent reports, by filter (see THEFT_REVIEW_FILTERS), `limit` at most. */
export async function listSentReports(
  executor: Executor,
  filter: 'new' | 'suspicious' | 'reviewed' | 'all',
  limit: number,
): Promise<TheftReportRow[]> {
  const sent = ne(theftReports.status, 'draft');
  const [where, order]: [SQL | undefined, SQL] =
    filter === 'new'
      ? [
          and(eq(theftReports.status, 'submitted'), isNull(theftReports.reviewedAt)),
          asc(theftReports.submittedAt),
        ]
      : filter === 'suspicious'
        ? [and(sent, isNotNull(theftReports.suspiciousAt)), desc(theftReports.suspiciousAt)]
        : filter === 'reviewed'
          ? [
              and(sent, isNotNull(theftReports.reviewedAt), isNull(theftReports.suspiciousAt)),
              desc(theftReports.reviewedAt),
            ]
          : [sent, desc(theftReports.submittedAt)];
  return executor.select().from(theftReports).where(where).orderBy(order, desc(theftReports.id)).limit(limit);
}

/** A submitted or closed report by id, locked for an update when asked. */
export async function findSentReportById(
  executor: Executor,
  reportId: string,
  lock = false,
): Promise<TheftReportRow | null> {
  const query = executor
    .select()
    .from(theftReports)
    .where(and(eq(theftReports.id, reportId), ne(theftReports.status, 'draft')));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** The pickups of a bike (someone holds it for its owner), newest first. */
export async function listPickupsOfBike(executor: Executor, bikeId: string) {
  return executor
    .select({
      id: itemPickups.id,
      status: itemPickups.status,
      place: itemPickups.place,
      collectUntil: itemPickups.collectUntil,
      createdAt: itemPickups.createdAt,
    })
    .from(itemPickups)
    .where(eq(itemPickups.bikeId, bikeId))
    .orderBy(desc(itemPickups.createdAt));
}
