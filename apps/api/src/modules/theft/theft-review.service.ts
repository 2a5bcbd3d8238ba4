import {
  STAFF_THEFT_REPORTS_PAGE_SIZE,
  type StaffTheftReportDetail,
  type StaffTheftReportSummary,
  type TheftReviewFilter,
} from '@nbr/domain/theft';
import type { Executor } from '../../db/client.ts';
import { recordAuditEventBy } from '../../platform/audit/audit.ts';
import type { RequestAuth } from '../../platform/auth/authenticate.ts';
import { AppError } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { announceQuietly, writeToBikeOwner } from '../chats/chats.facade.ts';
import type { TheftDeps } from './theft.deps.ts';
import { presentReport, type StoredTheftFields } from './theft-reports.presenter.ts';
import type { TheftReportRow } from './theft-reports.repository.ts';
import * as reports from './theft-reports.repository.ts';
import * as repository from './theft-review.repository.ts';

/*
 * Our staff's review of theft reports (issue 17 §1, /backoffice/v2/stolen-bikes). The queue shows
 * the stolen bike as the public sees it (frame number, plate) and the review's state, never the
 * owner; opening a report's private data (name, address, what happened) asks for a reason and is
 * audited with the owner as target, so it is in their access log. Reviewing, marking suspicious,
 * linking the found bike's pickup and writing to the owner are audited with before and after.
 */

function presentSummary(row: TheftReportRow): StaffTheftReportSummary {
  const bike = (row.fields as Partial<StoredTheftFields> | null)?.submitted_bike;
  return {
    report_id: row.id,
    bike_id: row.bikeId,
    status: row.status === 'closed' ? 'closed' : 'submitted',
    submitted_at: (row.submittedAt ?? row.updatedAt).toISOString(),
    region: row.region,
    bike: {
      nickname: bike?.nickname ?? null,
      brand: bike?.brand ?? null,
      model: bike?.model ?? null,
      frame_number: bike?.frame_number ?? null,
      plate_id: bike?.plate_id ?? null,
    },
    reviewed_at: row.reviewedAt?.toISOString() ?? null,
    suspicious_at: row.suspiciousAt?.toISOString() ?? null,
    found_pickup_id: row.foundPickupId,
  };
}

/** GET /api/backoffice/theft-reports: the queue (new ones oldest first), 50 at most. */
export async function listTheftReportsForReview(
  deps: TheftDeps,
  filter: TheftReviewFilter,
): Promise<{ items: StaffTheftReportSummary[] }> {
  const rows = await repository.listSentReports(deps.db, filter, STAFF_THEFT_REPORTS_PAGE_SIZE);
  return { items: rows.map(presentSummary) };
}

async function sentReport(deps: TheftDeps, reportId: string): Promise<TheftReportRow> {
  if (!isUuid(reportId)) throw new AppError('not_found');
  const row = await repository.findSentReportById(deps.db, reportId);
  if (!row) throw new AppError('not_found');
  return row;
}

async function presentDetail(deps: TheftDeps, row: TheftReportRow): Promise<StaffTheftReportDetail> {
  const { pdf_url: _pdf, ...report } = presentReport(row, '');
  const pickups = await repository.listPickupsOfBike(deps.db, row.bikeId);
  return {
    ...report,
    summary: presentSummary(row),
    suspicious_note: row.suspiciousNote,
    pickups: pickups.map((pickup) => ({
      pickup_id: pickup.id,
      status: pickup.status,
      place: pickup.place,
      collect_until: pickup.collectUntil,
      created_at: pickup.createdAt.toISOString(),
    })),
  };
}

/**
 * GET /api/backoffice/theft-reports/{reportId}?reason=…: the report's private data, with the reason
 * the staff member gave; audited with the owner as target (their access log shows it).
 */
export async function openTheftReport(
  deps: TheftDeps,
  auth: RequestAuth,
  reportId: string,
  reason: string,
): Promise<StaffTheftReportDetail> {
  const row = await sentReport(deps, reportId);
  await recordAuditEventBy(deps.db, auth, {
    action: 'theft.report_viewed_by_staff',
    targetPartyId: row.ownerPartyId,
    details: { report_id: row.id, bike_id: row.bikeId, reason },
  });
  return presentDetail(deps, row);
}

/** Runs a staff change of a report in one transaction with its audit event; answers the summary. */
async function changeReport(
  deps: TheftDeps,
  auth: RequestAuth,
  reportId: string,
  change: (
    row: TheftReportRow,
    now: Date,
    executor: Executor,
  ) => Promise<{ changes: reports.TheftReportChanges; details: Record<string, unknown> } | null>,
  action: 'theft.report_reviewed' | 'theft.report_suspicion_changed' | 'theft.report_found_linked',
): Promise<StaffTheftReportSummary> {
  if (!isUuid(reportId)) throw new AppError('not_found');
  return deps.db.transaction(async (tx) => {
    const row = await repository.findSentReportById(tx, reportId, true);
    if (!row) throw new AppError('not_found');
    const now = new Date();
    const planned = await change(row, now, tx);
    if (!planned) return presentSummary(row);
    const updated = await reports.updateReport(tx, row.id, planned.changes);
    await recordAuditEventBy(tx, auth, {
      action,
      targetPartyId: row.ownerPartyId,
      details: { report_id: row.id, bike_id: row.bikeId, ...planned.details },
      now,
    });
    return presentSummary(updated);
  });
}

/** POST …/review: the report was looked at (once; a second time changes nothing). */
export function reviewTheftReport(deps: TheftDeps, auth: RequestAuth, reportId: string) {
  return changeReport(
    deps,
    auth,
    reportId,
    async (row, now) =>
      row.reviewedAt
        ? null
        : {
            changes: { reviewedAt: now, reviewedByPartyId: auth.identityPartyId },
            details: { before: { reviewed_at: null }, after: { reviewed_at: now.toISOString() } },
          },
    'theft.report_reviewed',
  );
}

/** PUT …/suspicion: marked suspicious with a note (which counts as reviewed), or cleared. */
export function setTheftReportSuspicion(
  deps: TheftDeps,
  auth: RequestAuth,
  reportId: string,
  input: { suspicious: boolean; note?: string | undefined },
) {
  return changeReport(
    deps,
    auth,
    reportId,
    async (row, now) => {
      const note = input.suspicious ? (input.note ?? null) : null;
      if (Boolean(row.suspiciousAt) === input.suspicious && row.suspiciousNote === note) return null;
      return {
        changes: {
          suspiciousAt: input.suspicious ? (row.suspiciousAt ?? now) : null,
          suspiciousNote: note,
          ...(row.reviewedAt ? {} : { reviewedAt: now, reviewedByPartyId: auth.identityPartyId }),
        },
        details: {
          before: { suspicious: row.suspiciousAt !== null, note: row.suspiciousNote },
          after: { suspicious: input.suspicious, note },
        },
      };
    },
    'theft.report_suspicion_changed',
  );
}

/** PUT …/found-link: the pickup of this bike that is the found report, or null to unlink. */
export function linkFoundPickup(
  deps: TheftDeps,
  auth: RequestAuth,
  reportId: string,
  pickupId: string | null,
) {
  return changeReport(
    deps,
    auth,
    reportId,
    async (row, _now, executor) => {
      if (pickupId !== null) {
        const pickups = await repository.listPickupsOfBike(executor, row.bikeId);
        if (!pickups.some((pickup) => pickup.id === pickupId)) throw new AppError('not_found');
      }
      if (row.foundPickupId === pickupId) return null;
      return {
        changes: { foundPickupId: pickupId },
        details: { before: { pickup_id: row.foundPickupId }, after: { pickup_id: pickupId } },
      };
    },
    'theft.report_found_linked',
  );
}

/**
 * POST …/messages: a message to the owner through the register, in the register's one chat with the
 * owner about the bike, whichever staff member wrote before (the owner answers there, and any staff
 * member continues it; the chats notifier mails the owner when they are away). Audited with the
 * owner as target; the text itself stays in the chat.
 */
export async function messageTheftReportOwner(
  deps: TheftDeps,
  auth: RequestAuth,
  reportId: string,
  text: string,
  log?: Parameters<typeof announceQuietly>[2],
): Promise<{ chat_id: string }> {
  const row = await sentReport(deps, reportId);
  if (row.ownerPartyId === auth.identityPartyId) throw new AppError('forbidden');
  const posted = await deps.db.transaction(async (tx) => {
    const message = await writeToBikeOwner(tx, {
      bikeId: row.bikeId,
      ownerPartyId: row.ownerPartyId,
      senderPartyId: auth.identityPartyId,
      senderRole: 'register',
      content: text,
    });
    await recordAuditEventBy(tx, auth, {
      action: 'theft.owner_contacted_by_staff',
      targetPartyId: row.ownerPartyId,
      details: { report_id: row.id, bike_id: row.bikeId, chat_id: message.chatId },
    });
    return message;
  });
  await announceQuietly(deps, [posted], log);
  return { chat_id: posted.chatId };
}
