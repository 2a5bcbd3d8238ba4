import { desc, eq, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { itemPickups, theftReports } from '../../db/schema/theft.ts';

/**
 * Theft's section of the personal data export (use-cases/export-personal-data.ts): the theft reports
 * the person made, and bikes held for them or by them for pickup.
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
  return {
    theft_reports: reports,
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
