import { z } from 'zod';

/*
 * Referrals (issue 30 §1, /app/referencing). Every person has a referral code of their own; their
 * invitation link is the sign-up page with it as `friend_ref` (SPEC §3's sign-up payload). When a
 * person who signed up through it has their first paid registration settled, the inviter gets one
 * free credit: once per invited person, never for inviting oneself, at most
 * REFERRAL_REWARDS_PER_MONTH a calendar month (UTC). A refund of that purchase takes the credit back
 * while it is unused. docs/product.md ("Referrals") says the same for people.
 */

/** How many rewards one person may earn in a calendar month (UTC); later ones are refused. */
export const REFERRAL_REWARDS_PER_MONTH = 5;
/** Credits one reward gives. */
export const REFERRAL_REWARD_CREDITS = 1;

/**
 * Referral codes: 10 characters of an alphabet without look-alikes (no 0/O, 1/I/L, U), about 49 bits
 * of randomness: not guessable, short enough to read aloud, and neither the party id nor the address.
 */
export const REFERRAL_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';
export const REFERRAL_CODE_LENGTH = 10;
export const ReferralCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(new RegExp(`^[${REFERRAL_CODE_ALPHABET}]{${REFERRAL_CODE_LENGTH}}$`));

/** A new code from random bytes (one byte per character; the API passes crypto random bytes). */
export function referralCodeFrom(bytes: Uint8Array): string {
  if (bytes.length < REFERRAL_CODE_LENGTH) throw new Error('not enough random bytes for a referral code');
  let code = '';
  for (let index = 0; index < REFERRAL_CODE_LENGTH; index += 1) {
    code += REFERRAL_CODE_ALPHABET[(bytes[index] ?? 0) % REFERRAL_CODE_ALPHABET.length];
  }
  return code;
}

/** The code a sign-up's `friend_ref` names, or null when it is no referral code of ours. */
export function parseReferralCode(value: string | null | undefined): string | null {
  if (!value) return null;
  const parsed = ReferralCodeSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** The invitation link: the sign-up page with the code (the sign-up form sends it as friend_ref). */
export function referralLink(origin: string, code: string): string {
  return `${origin.replace(/\/+$/, '')}/signup?friend_ref=${encodeURIComponent(code)}`;
}

/** A postal address as the profile holds it. */
export interface ReferralPostalAddress {
  streetAddress: string | null;
  floor?: string | null;
  side?: string | null;
  door?: string | null;
  zipCode: string | null;
}

const squeeze = (value: string | null | undefined) =>
  (value ?? '')
    .toLowerCase()
    .replace(/[\s.,-]+/g, ' ')
    .trim();

/**
 * One spelling of a postal address for comparing two people's: street with number, floor, side and
 * door, and postal code, case and punctuation ignored. Null without a street and postal code (a
 * postal code alone is shared by thousands and proves nothing).
 */
export function normalisedPostalAddress(address: ReferralPostalAddress | null): string | null {
  if (!address) return null;
  const street = squeeze(address.streetAddress);
  const zip = squeeze(address.zipCode);
  if (!street || !zip) return null;
  return [street, squeeze(address.floor), squeeze(address.side), squeeze(address.door), zip].join('|');
}

export const REFERRAL_REFUSALS = ['same_person', 'same_card', 'same_address', 'monthly_cap'] as const;
export type ReferralRefusal = (typeof REFERRAL_REFUSALS)[number];

export interface ReferralRewardFacts {
  referrerPartyId: string;
  referredPartyId: string;
  /** Card identifiers (provider's card type and masked number) the referrer has paid with. */
  referrerCards: readonly string[];
  /** The card the referred person's purchase was paid with; null when not by card. */
  referredCard: string | null;
  referrerAddress: ReferralPostalAddress | null;
  referredAddress: ReferralPostalAddress | null;
  /** Rewards the referrer was granted this calendar month already. */
  grantedThisMonth: number;
}

/**
 * Whether the referrer earns the reward for this settled first purchase: refused when it is the
 * same person, paid with a card the referrer paid with, sent to the referrer's own postal address,
 * or when the referrer had the month's REFERRAL_REWARDS_PER_MONTH already.
 */
export function decideReferralReward(
  facts: ReferralRewardFacts,
): { grant: true } | { grant: false; reason: ReferralRefusal } {
  if (facts.referrerPartyId === facts.referredPartyId) return { grant: false, reason: 'same_person' };
  if (facts.referredCard && facts.referrerCards.includes(facts.referredCard)) {
    return { grant: false, reason: 'same_card' };
  }
  const referrerAddress = normalisedPostalAddress(facts.referrerAddress);
  if (referrerAddress && referrerAddress === normalisedPostalAddress(facts.referredAddress)) {
    return { grant: false, reason: 'same_address' };
  }
  if (facts.grantedThisMonth >= REFERRAL_REWARDS_PER_MONTH) return { grant: false, reason: 'monthly_cap' };
  return { grant: true };
}

/** The start of the calendar month (UTC) of `now`: the monthly cap counts from there. */
export function referralMonthStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/**
 * What became of a referral's reward: granted (the credit is the referrer's), taken back (the
 * purchase was refunded while the credit was unused), kept (refunded after the credit was used),
 * refused (self-referral or the monthly cap).
 */
export const REFERRAL_REWARD_STATUSES = ['granted', 'taken_back', 'kept_after_refund', 'refused'] as const;
export type ReferralRewardStatus = (typeof REFERRAL_REWARD_STATUSES)[number];

/** Where an invited person is: signed up, or their first paid registration settled. */
export const REFERRED_PERSON_STATUSES = ['signed_up', 'bought'] as const;

export const ReferredPersonSchema = z.object({
  /** First name only (null when not given yet); `deleted` when the account was deleted since. */
  first_name: z.string().nullable(),
  deleted: z.boolean(),
  status: z.enum(REFERRED_PERSON_STATUSES),
  reward: z.enum(REFERRAL_REWARD_STATUSES).nullable(),
  refusal: z.enum(REFERRAL_REFUSALS).nullable(),
  signed_up_at: z.string(),
});
export type ReferredPerson = z.infer<typeof ReferredPersonSchema>;

export const ReferralNoticeSchema = z.object({
  id: z.string(),
  kind: z.enum(['reward_granted', 'reward_taken_back']),
  first_name: z.string().nullable(),
  at: z.string(),
});
export type ReferralNotice = z.infer<typeof ReferralNoticeSchema>;

/** GET /api/referrals/me: the person's own code, link, invited people and earned credits. */
export const ReferralOverviewSchema = z.object({
  code: z.string(),
  link: z.string(),
  /** The link as a QR code, an SVG drawn by the API (the web app's first route stays without a QR library). */
  qr_svg: z.string(),
  rewards_per_month: z.number().int(),
  credits_earned: z.number().int(),
  referred: z.array(ReferredPersonSchema),
  /** Rewards granted or taken back that the person has not seen in the app yet, newest first. */
  notices: z.array(ReferralNoticeSchema),
});
export type ReferralOverview = z.infer<typeof ReferralOverviewSchema>;

/** GET /api/backoffice/people/{partyId}/referrals (staff): who invited the person and whom they invited. */
export const StaffReferralsSchema = z.object({
  code: z.string().nullable(),
  referred_by: z.object({ party_id: z.string(), name: z.string().nullable() }).nullable(),
  referred: z.array(
    z.object({
      party_id: z.string(),
      name: z.string().nullable(),
      deleted: z.boolean(),
      signed_up_at: z.string(),
      status: z.enum(REFERRED_PERSON_STATUSES),
      reward: z.enum(REFERRAL_REWARD_STATUSES).nullable(),
      refusal: z.enum(REFERRAL_REFUSALS).nullable(),
      order_id: z.string().nullable(),
      rewarded_at: z.string().nullable(),
    }),
  ),
});
export type StaffReferrals = z.infer<typeof StaffReferralsSchema>;
