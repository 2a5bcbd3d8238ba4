import { z } from 'zod';
import { ClubMembershipNumberSchema } from './identity.ts';
import { RegionSchema } from './locale.ts';
import { discountedGross, ProductSchema } from './webshop.ts';

/*
 * The club variant of the shop (issue 15 §5, SPEC §1): a motoring club's members (NAF, Norway) get a
 * member discount on the registration and on an extra bike registration, and pay with Vipps
 * MobilePay. What a club offers and at what discount is data (the clubs and club_offers tables), not
 * code. The membership number is the person's (SPEC §3 User) and is checked by the one shared
 * schema, in the browser and on the server: 6–8 characters (SPEC §5), else 'Ugyldig NAF-nummer'.
 */

/** A club's address in the shop (`/webshop/naf/`). */
export const ClubSlugSchema = z.string().regex(/^[a-z0-9-]{2,40}$/, { error: 'invalid_value' });

export const CLUB_OFFER_ROLES = ['offer', 'extra_registration'] as const;
export const ClubOfferRoleSchema = z.enum(CLUB_OFFER_ROLES);
export type ClubOfferRole = z.infer<typeof ClubOfferRoleSchema>;

/** A member discount: a percentage off the catalogue price, or a fixed member price. */
export interface MemberDiscount {
  discountPercent: number | null;
  memberPriceMinor: number | null;
}

/**
 * What a member pays for one unit (minor units incl. VAT): the fixed member price, or the
 * percentage off in whole kroner rounded down in the member's favour; never more than the list price.
 */
export function memberUnitPrice(listPriceMinor: number, discount: MemberDiscount): number {
  if (discount.memberPriceMinor !== null) return Math.min(discount.memberPriceMinor, listPriceMinor);
  if (discount.discountPercent !== null) return discountedGross(listPriceMinor, discount.discountPercent);
  return listPriceMinor;
}

const MoneySchema = ProductSchema.shape.price;

export const ClubOfferItemSchema = z.object({
  role: ClubOfferRoleSchema,
  product: ProductSchema,
  /** The catalogue price. */
  price_before: MoneySchema,
  /** What a member with a membership number pays. */
  price_after: MoneySchema,
  discount_percent: z.number().int().nullable(),
});
export type ClubOfferItem = z.infer<typeof ClubOfferItemSchema>;

/** GET /api/webshop/{club}/ */
export const ClubOfferSchema = z.object({
  club: z.string(),
  name: z.string(),
  region: RegionSchema,
  currency: z.enum(['DKK', 'NOK']),
  /** How members pay: the mobile payment app. */
  payment_method: z.literal('vipps'),
  items: z.array(ClubOfferItemSchema),
});
export type ClubOffer = z.infer<typeof ClubOfferSchema>;

export const ClubParamsSchema = z.object({ club: ClubSlugSchema });

/** POST /api/webshop/{club}/apply-member-discount/{member_id} */
export const ClubMemberParamsSchema = z.object({
  club: ClubSlugSchema,
  member_id: ClubMembershipNumberSchema,
});

/** The form of the club page: the membership number, checked as the server checks it. */
export const ClubMemberFormSchema = z.object({ member_id: ClubMembershipNumberSchema });
export type ClubMemberForm = z.infer<typeof ClubMemberFormSchema>;

export const ClubMemberDiscountSchema = z.object({
  club_membership_number: z.string(),
  offer: ClubOfferSchema,
});

/** POST /api/webshop/{club}/ */
export const ClubOrderCreateSchema = z.object({
  /**
   * The buyer asks for the registration to start at once and accepts that the 14-day right of
   * withdrawal ends once it is fully delivered (payments.md §4.3); an active choice, never preset.
   */
  immediate_start_consent: z.boolean().default(false),
});
export type ClubOrderCreate = z.infer<typeof ClubOrderCreateSchema>;

/** POST /api/webshop/{club}/extra-bike-registration */
export const ClubExtraRegistrationCreateSchema = z.object({
  /** The bike of the buyer the registration goes onto at once (it has none yet). */
  bike_id: z.uuid().optional(),
  immediate_start_consent: z.boolean().default(false),
});
export type ClubExtraRegistrationCreate = z.infer<typeof ClubExtraRegistrationCreateSchema>;

// --- membership checked against the club's member list (issue 27) --------------------------------

/**
 * A club's member list, uploaded by staff from the club's own export, counts this many days: an
 * older list is stale and confirms nobody (the club is asked for a new one each month).
 */
export const CLUB_MEMBER_LIST_FRESH_DAYS = 45;

/**
 * Whether a person gets the member price: `confirmed` (their number is on the club's current
 * list), `not_on_list` (a current list without it), `unconfirmable` (no list, or a stale one: the
 * number cannot be checked, so the list price applies), `none` (no number given).
 */
export const CLUB_MEMBERSHIP_STATES = ['confirmed', 'not_on_list', 'unconfirmable', 'none'] as const;
export const ClubMembershipStateSchema = z.enum(CLUB_MEMBERSHIP_STATES);
export type ClubMembershipState = z.infer<typeof ClubMembershipStateSchema>;

/** Whether a list uploaded at `uploadedAt` still counts at `now`. */
export function isMemberListFresh(uploadedAt: Date | null, now: Date): boolean {
  if (!uploadedAt) return false;
  return now.getTime() - uploadedAt.getTime() <= CLUB_MEMBER_LIST_FRESH_DAYS * 24 * 60 * 60 * 1000;
}

/** The membership state of a number given the club's list (on it or not) and its upload time. */
export function clubMembershipState(
  memberNumber: string | null,
  list: { uploadedAt: Date | null; onList: boolean },
  now: Date,
): ClubMembershipState {
  if (!memberNumber) return 'none';
  if (!isMemberListFresh(list.uploadedAt, now)) return 'unconfirmable';
  return list.onList ? 'confirmed' : 'not_on_list';
}

/** GET /api/webshop/{club}/membership: the signed-in person's number and whether it gets the member price. */
export const ClubMembershipSchema = z.object({
  club_membership_number: z.string().nullable(),
  membership: ClubMembershipStateSchema,
});
export type ClubMembership = z.infer<typeof ClubMembershipSchema>;

/** How a membership number is compared with the club's list: trimmed, in capitals. */
export function memberNumberKey(memberNumber: string): string {
  return memberNumber.trim().toUpperCase();
}

/**
 * The membership numbers in a CSV text from the club: the first cell of each line (`,` `;` or tab
 * separated, quotes stripped), as memberNumberKey; a line whose first cell is no membership number (a header,
 * a blank line) is skipped and counted. Each number once.
 */
export function parseMemberListCsv(csv: string): { numbers: string[]; skipped: number } {
  const numbers = new Set<string>();
  let skipped = 0;
  for (const line of csv.split(/\r\n|\n|\r/)) {
    if (line.trim() === '') continue;
    const cell = (line.split(/[,;\t]/)[0] ?? '').trim().replace(/^"(.*)"$/, '$1');
    const parsed = ClubMembershipNumberSchema.safeParse(cell);
    if (parsed.success && /^[A-Za-z0-9-]+$/.test(parsed.data)) numbers.add(memberNumberKey(parsed.data));
    else skipped += 1;
  }
  return { numbers: [...numbers], skipped };
}

/** PUT /api/backoffice/clubs/{club}/member-list: the club's CSV export, replacing the list. */
export const ClubMemberListUploadSchema = z.object({
  csv: z.string().max(16_000_000, { error: 'invalid_value' }),
});

/** The state of a club's member list for staff (never the numbers). */
export const ClubMemberListSchema = z.object({
  club: z.string(),
  name: z.string(),
  member_count: z.number().int(),
  uploaded_at: z.iso.datetime({ offset: true }).nullable(),
  fresh: z.boolean(),
  fresh_days: z.number().int(),
  /** Lines of the upload that held no membership number (answered by the upload only). */
  skipped_lines: z.number().int().optional(),
});
export type ClubMemberList = z.infer<typeof ClubMemberListSchema>;

/** POST /api/webshop/{club}/apply-member-discount/{member_id}: the number kept and its state. */
export const ClubMemberDiscountResultSchema = ClubMemberDiscountSchema.extend({
  membership: ClubMembershipStateSchema,
});
