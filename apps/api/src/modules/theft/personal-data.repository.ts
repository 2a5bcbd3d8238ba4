import { desc, eq, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { foundBikeMatches, itemPickups, theftReports } from '../../db/schema/theft.ts';

/**
 * Theft's section of the personal data export (use-cases/export-personal-data.ts): the theft reports
 * the person made, bikes held for them or by them for pickup, and found bikes that may be their stolen
 * one (issue 32 §2: the match with its reasons; never who found it).
 */
export async function theftPersonalData(executor: Executor, partyId: string) {
  const reports = await executor
    .select({
      id: theftReports.id,
      bike_id: theftReports.bikeId,
      status: theftReports.status,
      fields: theftReports.fields,
      submitted_at: theftReports.submittedAt,
      closed_reason: theftReports.closedReason,
      closed_at: theftReports.closedAt,
      data_share_withdrawn_at: theftReports.dataShareWithdrawnAt,
      // Our staff's review of the report (issue 17 §1) is data about the person too.
      reviewed_at: theftReports.reviewedAt,
      marked_suspicious_at: theftReports.suspiciousAt,
      suspicious_note: theftReports.suspiciousNote,
      found_pickup_id: theftReports.foundPickupId,
      created_at: theftReports.createdAt,
      updated_at: theftReports.updatedAt,
    })
    .from(theftReports)
    .where(eq(theftReports.ownerPartyId, partyId))
    .orderBy(desc(theftReports.createdAt));
  const pickups = await executor
    .select()
    .from(itemPickups)
    .where(or(eq(itemPickups.ownerPartyId, partyId), eq(itemPickups.holderPartyId, partyId)))
    .orderBy(desc(itemPickups.createdAt));
  const matches = await executor
    .select({
      id: foundBikeMatches.id,
      theft_report_id: foundBikeMatches.theftReportId,
      bike_id: foundBikeMatches.bikeId,
      source: foundBikeMatches.source,
      score: foundBikeMatches.score,
      reasons: foundBikeMatches.reasons,
      strong: foundBikeMatches.strong,
      notified_at: foundBikeMatches.notifiedAt,
      decision: foundBikeMatches.decision,
      decided_at: foundBikeMatches.decidedAt,
      claimed_at: foundBikeMatches.claimedAt,
      chat_id: foundBikeMatches.chatId,
      created_at: foundBikeMatches.createdAt,
    })
    .from(foundBikeMatches)
    .where(eq(foundBikeMatches.ownerPartyId, partyId))
    .orderBy(desc(foundBikeMatches.createdAt));
  return {
    theft_reports: reports,
    found_bike_matches: matches,
    item_pickups: pickups.map((pickup) => ({
      id: pickup.id,
      bike_id: pickup.bikeId,
      your_role: pickup.ownerPartyId === partyId ? 'owner' : 'holder',
      status: pickup.status,
      place: pickup.place,
      collect_until: pickup.collectUntil,
      note: pickup.note,
      found_on: pickup.foundOn,
      created_at: pickup.createdAt,
      closed_at: pickup.closedAt,
    })),
  };
}
