import { and, eq, gte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { organisationBikeChecks } from '../../db/schema/organisations.ts';

/*
 * Checks by API (issue 32 §1) find their bikes with the public search's statement
 * (search.repository.ts findCandidates: exact and look-alike keys, bikes nobody else may see left
 * out). This reads what a check needs beyond it: whose bike it is (for the audit and the owner's
 * access log, never for the answer) and the open theft report of a stolen one (for the police).
 */

export interface CheckedBikeRow {
  bikeId: string;
  ownerPartyId: string;
  /** The bike's submitted theft report; null unless it is reported stolen. */
  theftReportId: string | null;
  /** When it was last seen (or reported, when the owner did not say). */
  stolenSince: Date | null;
}

export async function findCheckedBikes(
  executor: Executor,
  bikeIds: readonly string[],
): Promise<Map<string, CheckedBikeRow>> {
  if (bikeIds.length === 0) return new Map();
  const result = await executor.execute(sql`
    select b.id as bike_id, b.owner_party_id, r.id as report_id,
           coalesce(r.stolen_at, r.submitted_at) as stolen_since
      from bikes b
      left join lateral (
        select t.id, t.stolen_at, t.submitted_at from theft_reports t
         where t.bike_id = b.id and t.status = 'submitted'
         order by t.submitted_at desc limit 1
      ) r on true
     where b.id = any(${sql.param([...new Set(bikeIds)])}::uuid[])
  `);
  const rows = (result as unknown as { rows: Array<Record<string, unknown>> }).rows;
  return new Map(
    rows.map((row) => [
      String(row.bike_id),
      {
        bikeId: String(row.bike_id),
        ownerPartyId: String(row.owner_party_id),
        theftReportId: row.report_id === null || row.report_id === undefined ? null : String(row.report_id),
        stolenSince:
          row.stolen_since === null || row.stolen_since === undefined
            ? null
            : new Date(row.stolen_since as string | Date),
      },
    ]),
  );
}

/**
 * Keeps, per organisation and bike, the latest check and the identifier it was sent as (issue 32 §1:
 * a bike reported stolen within CHECK_WEBHOOK_WINDOW_DAYS is pushed to the organisation's webhook).
 */
export async function recordBikeChecks(
  executor: Executor,
  organisationPartyId: string,
  checks: ReadonlyArray<{ bikeId: string; identifier: string }>,
  now: Date,
): Promise<void> {
  if (checks.length === 0) return;
  await executor
    .insert(organisationBikeChecks)
    .values(checks.map((check) => ({ organisationPartyId, ...check, checkedAt: now })))
    .onConflictDoUpdate({
      target: [organisationBikeChecks.organisationPartyId, organisationBikeChecks.bikeId],
      set: { identifier: sql`excluded.identifier`, checkedAt: sql`excluded.checked_at` },
    });
}

/** The organisations that checked the bike at or after `since`, with the identifier each sent last. */
export function recentChecksOfBike(
  executor: Executor,
  bikeId: string,
  since: Date,
): Promise<Array<{ organisationPartyId: string; identifier: string }>> {
  return executor
    .select({
      organisationPartyId: organisationBikeChecks.organisationPartyId,
      identifier: organisationBikeChecks.identifier,
    })
    .from(organisationBikeChecks)
    .where(and(eq(organisationBikeChecks.bikeId, bikeId), gte(organisationBikeChecks.checkedAt, since)));
}
