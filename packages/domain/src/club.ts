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
