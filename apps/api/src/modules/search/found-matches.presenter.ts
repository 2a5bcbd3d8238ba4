import type {
  FoundItemSource,
  FoundMatchReason,
  OwnerFoundNotice,
  StaffFoundItem,
  StaffFoundMatch,
} from '@nbr/domain/found-matching';
import type { FoundMatchRow, FoundPickupRow, StolenBikeRow } from './found-matches.repository.ts';

/*
 * "Possibly yours" as each audience sees it. Our staff: the found bike, the holding organisation and
 * every candidate with its reasons. The owner: their own bike, who holds the found one when it is an
 * organisation (a finder is never named, nor anything of them), when, and why it may be theirs.
 */

function presentCandidate(match: FoundMatchRow, report: StolenBikeRow | undefined): StaffFoundMatch {
  return {
    match_id: match.id,
    theft_report_id: match.theftReportId,
    bike_id: match.bikeId,
    frame_number: report?.frameNumber ?? null,
    brand: report?.brand ?? null,
    model: report?.model ?? null,
    colour: report?.colour ?? null,
    stolen_at: report?.stolenAt?.toISOString() ?? null,
    score: match.score,
    strong: match.strong,
    reasons: match.reasons as FoundMatchReason[],
    notified_at: match.notifiedAt?.toISOString() ?? null,
    decision: (match.decision as StaffFoundMatch['decision']) ?? null,
    decided_at: match.decidedAt?.toISOString() ?? null,
  };
}

export function presentStaffFoundItem(
  pickup: FoundPickupRow,
  matches: FoundMatchRow[],
  reports: Map<string, StolenBikeRow>,
  extra: { source: FoundItemSource; holder: string | null; foundOn: string },
): StaffFoundItem {
  return {
    pickup_id: pickup.pickupId,
    source: extra.source,
    bike_id: pickup.bikeId,
    registered: pickup.bikeId !== null,
    // An unregistered bike's identifier is the one its holder typed.
    frame_number: pickup.frameNumber ?? pickup.foundIdentifier,
    brand: pickup.brand,
    model: pickup.model,
    colour: pickup.colour,
    category: pickup.category,
    holder_organisation: extra.holder,
    found_at: extra.foundOn,
    candidates: matches.map((match) => presentCandidate(match, reports.get(match.theftReportId))),
  };
}

export function presentOwnerNotice(
  match: FoundMatchRow,
  extra: { bikeName: string; holder: string | null; foundOn: string },
): OwnerFoundNotice {
  return {
    match_id: match.id,
    bike_id: match.bikeId,
    bike_name: extra.bikeName,
    source: match.source as FoundItemSource,
    holder_organisation: extra.holder,
    found_at: extra.foundOn,
    reasons: match.reasons as FoundMatchReason[],
    chat_id: match.chatId,
  };
}
