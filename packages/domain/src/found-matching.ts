import { z } from 'zod';
import { CLOSE_SERIAL_MAX_DISTANCE, editDistance } from './close-serial.ts';

/*
 * "Possibly yours" (issue 32 §2): a bike reported found, taken in by a town or left too long in a
 * dock (a found item) is held against the open theft reports. This file is the rule: how one found
 * item and one stolen bike compare, the reasons and the score, and which matches are strong enough
 * to tell the owner.
 *
 * Thresholds, and why:
 * - An identifier that is the same (frame number or sticker key) or the same once look-alikes are
 *   folded (O/0, I/1, S/5…, `lookAlikeKey`) is the same bike: strong, whatever else differs.
 * - A frame number one edit away (a misread or scratched character) is strong only when the brands
 *   agree, the colours do not differ (when both are known), and it is the item's only such match with
 *   no exact or look-alike one beside it (`settleStrong`): frame numbers are handed out in sequence,
 *   so a one-character slip often lands on another registered bike, and the brand alone (a maker's
 *   frames share their prefix) does not tell them apart (bench/found-matching.bench.ts: false
 *   alerts). Two edits, or one edit that fails these, is shown to our staff only.
 * - Brand, colour, category, place and time alone are never strong: many bikes look alike. They are
 *   shown to our staff when the brand agrees and the score reaches ATTRIBUTE_MIN_SCORE (brand with
 *   colour, or brand with a place near the theft), and never when the bike was found before it was
 *   stolen.
 */

/** What is known of a found item: its identifiers when it has any, what it looks like, where and when. */
export interface FoundItemFacts {
  /** Normalised frame number key and its look-alike key (identifierKeys); null without one. */
  frameKey: string | null;
  frameLookAlike: string | null;
  /** Normalised sticker code and its look-alike key; null without one. */
  stickerKey: string | null;
  stickerLookAlike: string | null;
  brand: string | null;
  colour: string | null;
  category: string | null;
  location: { latitude: number; longitude: number } | null;
  foundAt: Date;
}

/** What is known of a stolen bike with an open theft report. */
export interface StolenBikeFacts {
  frameKey: string | null;
  frameLookAlike: string | null;
  stickerKey: string | null;
  stickerLookAlike: string | null;
  brand: string | null;
  colour: string | null;
  category: string | null;
  /** The report's (rounded) place; null when the owner picked none. */
  location: { latitude: number; longitude: number } | null;
  stolenAt: Date | null;
}

export const FOUND_MATCH_REASON_KINDS = [
  'frame_exact',
  'frame_look_alike',
  'sticker_exact',
  'sticker_look_alike',
  'frame_close_serial',
  'brand',
  'colour',
  'category',
  'near',
  'after_theft',
] as const;

export const FoundMatchReasonSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('frame_exact') }),
  z.object({ kind: z.literal('frame_look_alike') }),
  z.object({ kind: z.literal('sticker_exact') }),
  z.object({ kind: z.literal('sticker_look_alike') }),
  /** Edits between the two frame numbers (1 or 2). */
  z.object({ kind: z.literal('frame_close_serial'), distance: z.number().int() }),
  z.object({ kind: z.literal('brand') }),
  z.object({ kind: z.literal('colour') }),
  z.object({ kind: z.literal('category') }),
  /** Kilometres between where it was found and where it was stolen (one decimal). */
  z.object({ kind: z.literal('near'), km: z.number() }),
  /** Whole days between the theft and the find. */
  z.object({ kind: z.literal('after_theft'), days: z.number().int() }),
]);
export type FoundMatchReason = z.infer<typeof FoundMatchReasonSchema>;

/** Points per reason; the candidates are ranked by their sum. */
export const FOUND_MATCH_POINTS = {
  frame_exact: 100,
  sticker_exact: 100,
  frame_look_alike: 90,
  sticker_look_alike: 90,
  close_serial_1: 60,
  close_serial_2: 40,
  brand: 15,
  colour: 10,
  category: 5,
  near_1km: 15,
  near_3km: 10,
  near_10km: 5,
  after_theft_30d: 5,
  after_theft_365d: 2,
} as const;

/** Farther than this from the theft, the place is no reason. */
export const FOUND_MATCH_NEAR_KM = 10;
/** Found this long after the theft, the time is no reason (and attribute candidates are not looked for). */
export const FOUND_MATCH_WINDOW_DAYS = 365;
/** An attribute-only candidate needs the brand and at least this many points (brand and colour, or brand and near). */
export const ATTRIBUTE_MIN_SCORE = 25;
/** Candidates shown to our staff per found item, at most. */
export const FOUND_MATCH_LIMIT = 20;

export interface FoundMatchScore {
  score: number;
  reasons: FoundMatchReason[];
  /** Tell the owner: an exact or look-alike identifier, or one edit with the same brand. */
  strong: boolean;
}

const DAY_MS = 24 * 60 * 60 * 1000;

function sameText(a: string | null, b: string | null): boolean {
  return a !== null && b !== null && a.trim() !== '' && a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** Great-circle distance in kilometres. */
export function distanceKm(
  a: { latitude: number; longitude: number },
  b: { latitude: number; longitude: number },
): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The identifier reason of a pair, if any: the strongest one only (exact before look-alike before close). */
function identifierReason(item: FoundItemFacts, bike: StolenBikeFacts): FoundMatchReason | null {
  if (item.frameKey && bike.frameKey && item.frameKey === bike.frameKey) return { kind: 'frame_exact' };
  if (item.stickerKey && bike.stickerKey && item.stickerKey === bike.stickerKey)
    return { kind: 'sticker_exact' };
  if (item.frameLookAlike && bike.frameLookAlike && item.frameLookAlike === bike.frameLookAlike) {
    return { kind: 'frame_look_alike' };
  }
  if (item.stickerLookAlike && bike.stickerLookAlike && item.stickerLookAlike === bike.stickerLookAlike) {
    return { kind: 'sticker_look_alike' };
  }
  if (item.frameKey && bike.frameKey) {
    // On the look-alike keys: a misread O for 0 is no edit, so the edits counted are real ones.
    const distance = editDistance(item.frameLookAlike ?? item.frameKey, bike.frameLookAlike ?? bike.frameKey);
    if (distance >= 1 && distance <= CLOSE_SERIAL_MAX_DISTANCE)
      return { kind: 'frame_close_serial', distance };
  }
  return null;
}

function points(reason: FoundMatchReason): number {
  switch (reason.kind) {
    case 'frame_close_serial':
      return reason.distance <= 1 ? FOUND_MATCH_POINTS.close_serial_1 : FOUND_MATCH_POINTS.close_serial_2;
    case 'near':
      if (reason.km <= 1) return FOUND_MATCH_POINTS.near_1km;
      return reason.km <= 3 ? FOUND_MATCH_POINTS.near_3km : FOUND_MATCH_POINTS.near_10km;
    case 'after_theft':
      return reason.days <= 30 ? FOUND_MATCH_POINTS.after_theft_30d : FOUND_MATCH_POINTS.after_theft_365d;
    default:
      return FOUND_MATCH_POINTS[reason.kind];
  }
}

/**
 * How a found item compares with a stolen bike: the reasons, their score and whether it is strong;
 * null when it is no candidate at all (no identifier in common and too little else, or found before
 * it was stolen without an identifier to say otherwise).
 */
export function scoreFoundMatch(item: FoundItemFacts, bike: StolenBikeFacts): FoundMatchScore | null {
  const identifier = identifierReason(item, bike);
  const reasons: FoundMatchReason[] = identifier ? [identifier] : [];
  const sameBrand = sameText(item.brand, bike.brand);
  if (sameBrand) reasons.push({ kind: 'brand' });
  if (sameText(item.colour, bike.colour)) reasons.push({ kind: 'colour' });
  if (sameText(item.category, bike.category)) reasons.push({ kind: 'category' });
  if (item.location && bike.location) {
    const km = distanceKm(item.location, bike.location);
    if (km <= FOUND_MATCH_NEAR_KM) reasons.push({ kind: 'near', km: Math.round(km * 10) / 10 });
  }
  let foundBeforeTheft = false;
  if (bike.stolenAt) {
    const days = Math.floor((item.foundAt.getTime() - bike.stolenAt.getTime()) / DAY_MS);
    if (item.foundAt.getTime() < bike.stolenAt.getTime()) foundBeforeTheft = true;
    else if (days <= FOUND_MATCH_WINDOW_DAYS) reasons.push({ kind: 'after_theft', days });
  }
  const score = reasons.reduce((sum, reason) => sum + points(reason), 0);
  if (!identifier) {
    if (!sameBrand || foundBeforeTheft || score < ATTRIBUTE_MIN_SCORE) return null;
    return { score, reasons, strong: false };
  }
  const colourDiffers = item.colour !== null && bike.colour !== null && !sameText(item.colour, bike.colour);
  const strong =
    identifier.kind !== 'frame_close_serial' || (identifier.distance <= 1 && sameBrand && !colourDiffers);
  return { score, reasons, strong };
}

/**
 * The strong matches of one found item, settled together: a close serial stays strong only when it
 * is the item's one strong close serial and no identifier of the item matched exactly or by
 * look-alike (then that one is the bike, and a near miss beside it is another). Exact and look-alike
 * matches stay strong.
 */
export function settleStrong<T extends { match: FoundMatchScore }>(candidates: readonly T[]): T[] {
  const isClose = (candidate: T) =>
    candidate.match.reasons.some((reason) => reason.kind === 'frame_close_serial');
  const strongClose = candidates.filter((candidate) => candidate.match.strong && isClose(candidate));
  const hasIdentifier = candidates.some((candidate) => candidate.match.strong && !isClose(candidate));
  if (strongClose.length === 0 || (strongClose.length === 1 && !hasIdentifier)) return [...candidates];
  return candidates.map((candidate) =>
    candidate.match.strong && isClose(candidate)
      ? { ...candidate, match: { ...candidate.match, strong: false } }
      : candidate,
  );
}

/** Where a found item comes from: reported found by a finder, taken in by a town or the police, left in a dock. */
export const FOUND_ITEM_SOURCES = ['reported_found', 'taken_in', 'left_in_dock'] as const;
export const FoundItemSourceSchema = z.enum(FOUND_ITEM_SOURCES);
export type FoundItemSource = z.infer<typeof FoundItemSourceSchema>;

export const FOUND_MATCH_DECISIONS = ['dismissed', 'confirmed'] as const;
export const FoundMatchDecisionSchema = z.enum(FOUND_MATCH_DECISIONS);

export const FoundItemParamsSchema = z.object({ pickupId: z.string() });
export const FoundMatchParamsSchema = z.object({ matchId: z.string() });

/** PUT /api/backoffice/found-match-candidates/{match_id}/decision: our staff dismiss or confirm a candidate. */
export const FoundMatchDecisionInputSchema = z.object({ decision: FoundMatchDecisionSchema });
export type FoundMatchDecisionInput = z.infer<typeof FoundMatchDecisionInputSchema>;

/** A candidate as our staff see it: the stolen bike, its report and why it may be the found one. */
export const StaffFoundMatchSchema = z.object({
  match_id: z.uuid(),
  theft_report_id: z.uuid(),
  bike_id: z.uuid(),
  frame_number: z.string().nullable(),
  brand: z.string().nullable(),
  model: z.string().nullable(),
  colour: z.string().nullable(),
  stolen_at: z.string().nullable(),
  score: z.number().int(),
  strong: z.boolean(),
  reasons: z.array(FoundMatchReasonSchema),
  /** When the owner was told (strong matches only); null when not. */
  notified_at: z.string().nullable(),
  decision: FoundMatchDecisionSchema.nullable(),
  decided_at: z.string().nullable(),
});
export type StaffFoundMatch = z.infer<typeof StaffFoundMatchSchema>;

/** A found item with its candidates, best first. */
export const StaffFoundItemSchema = z.object({
  pickup_id: z.uuid(),
  source: FoundItemSourceSchema,
  /** The bike as found: the registered bike the finder or town named; null for one the register does not know. */
  bike_id: z.uuid().nullable(),
  /** Whether the bike is in the register (false: a town or the police took in a bike it does not know). */
  registered: z.boolean(),
  /** The frame number (or, for an unregistered bike, the identifier its holder typed). */
  frame_number: z.string().nullable(),
  brand: z.string().nullable(),
  model: z.string().nullable(),
  colour: z.string().nullable(),
  category: z.string().nullable(),
  /** The organisation holding it, by name; null for a finder (a person is never named here). */
  holder_organisation: z.string().nullable(),
  found_at: z.string(),
  candidates: z.array(StaffFoundMatchSchema),
});
export type StaffFoundItem = z.infer<typeof StaffFoundItemSchema>;

export const StaffFoundItemListSchema = z.object({ items: z.array(StaffFoundItemSchema) });
export type StaffFoundItemList = z.infer<typeof StaffFoundItemListSchema>;

/** Found items listed for our staff, newest first. */
export const STAFF_FOUND_ITEMS_LIMIT = 50;

/** A strong match as the stolen bike's owner sees it: who holds the bike (an organisation by name), when. */
export const OwnerFoundNoticeSchema = z.object({
  match_id: z.uuid(),
  /** The owner's stolen bike. */
  bike_id: z.uuid(),
  bike_name: z.string(),
  source: FoundItemSourceSchema,
  /** The town, police or dock operator holding it; null when a person found it (never named). */
  holder_organisation: z.string().nullable(),
  found_at: z.string(),
  reasons: z.array(FoundMatchReasonSchema),
  /** The chat with the holder once the owner claimed it; null before. */
  chat_id: z.uuid().nullable(),
});
export type OwnerFoundNotice = z.infer<typeof OwnerFoundNoticeSchema>;

export const OwnerFoundNoticeListSchema = z.object({ notices: z.array(OwnerFoundNoticeSchema) });
export type OwnerFoundNoticeList = z.infer<typeof OwnerFoundNoticeListSchema>;

/** POST /api/found-matches/{match_id}/claim: the chat with the holder, where the owner continues. */
export const FoundMatchClaimResultSchema = z.object({ chat_id: z.uuid() });
export type FoundMatchClaimResult = z.infer<typeof FoundMatchClaimResultSchema>;
