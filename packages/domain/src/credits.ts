import { z } from 'zod';

/*
 * Subscriptions and bike-ownership credits (SPEC §3 Credit/Subscription, §4, §9). A credit lets one
 * bike be registered: it is free while bike_ownership_id is empty and used once attached to a bike
 * ownership. Adding a bike needs an active subscription and a free credit.
 */

export const PLAN_KINDS = ['SINGLE', 'FAMILY', 'ORGANISATION'] as const;
export const PlanKindSchema = z.enum(PLAN_KINDS);
export type PlanKind = z.infer<typeof PlanKindSchema>;

/** Accounts created before this day that have an identity count as holding LEGACY_FREE_CREDITS. */
export const LEGACY_CUTOFF = '2023-02-07T00:00:00Z';
export const LEGACY_FREE_CREDITS = 100;
/** How far ahead a subscription without a period end (VIP) and a legacy account count as active. */
export const VIP_PERIOD_DAYS = 365;
/** SPEC §9: the client polls the credits every 30 s. */
export const CREDITS_POLL_INTERVAL_MS = 30_000;

const DAY_MS = 24 * 60 * 60 * 1000;

export interface SubscriptionFacts {
  /** Credits the party holds (free and used). */
  credits: number;
  /** The subscription's paid period end, or null when it has none. */
  currentPeriodEnd: Date | null;
}

export interface SubscriptionState {
  active: boolean;
  /** The paid period end, or for VIP one year ahead of now; null when inactive and without one. */
  effectivePeriodEnd: Date | null;
  /** Credits without a period end: VIP, treated as active one year ahead. */
  vip: boolean;
}

/**
 * SPEC §4: active if current_period_end is in the future, or if credits exist and no period end
 * exists (VIP, one year ahead).
 */
export function subscriptionState(facts: SubscriptionFacts, now: Date): SubscriptionState {
  if (facts.currentPeriodEnd) {
    return {
      active: facts.currentPeriodEnd.getTime() > now.getTime(),
      effectivePeriodEnd: facts.currentPeriodEnd,
      vip: false,
    };
  }
  if (facts.credits > 0) {
    return {
      active: true,
      effectivePeriodEnd: new Date(now.getTime() + VIP_PERIOD_DAYS * DAY_MS),
      vip: true,
    };
  }
  return { active: false, effectivePeriodEnd: null, vip: false };
}

/** SPEC §4: created before 2023-02-07 and having an identity party → 100 free credits, one year active. */
export function isLegacyAccount(account: { createdAt: Date; hasIdentityParty: boolean }): boolean {
  return account.hasIdentityParty && account.createdAt.getTime() < Date.parse(LEGACY_CUTOFF);
}

/** A credit is free while it is attached to no bike ownership. */
export function isCreditFree(credit: { bikeOwnershipId: string | null }): boolean {
  return credit.bikeOwnershipId === null;
}

/** GET /api/webshop/bike-ownership-credits/overview */
export const CreditOverviewSchema = z.object({
  subscription_active: z.boolean(),
  /** Paid period end, or one year ahead for VIP and legacy accounts; null without a subscription. */
  current_period_end: z.string().nullable(),
  vip: z.boolean(),
  legacy: z.boolean(),
  plan: PlanKindSchema.nullable(),
  credits_total: z.number().int(),
  credits_free: z.number().int(),
  credits_used: z.number().int(),
  /** True when a bike can be added now (active subscription and a free credit). */
  can_add_bike: z.boolean(),
  /**
   * A sticker activated before subscribing (already_activated_plate_id), kept for the first bike
   * registered next; null when none waits.
   */
  waiting_plate_id: z.string().nullable(),
});
export type CreditOverview = z.infer<typeof CreditOverviewSchema>;

/** One credit (SPEC §3 Credit), as GET /api/webshop/bike-activations lists them. */
export const CreditSchema = z.object({
  id: z.uuid(),
  bike_ownership_id: z.uuid().nullable(),
  party_id: z.uuid(),
  created_on: z.string(),
  modified_on: z.string(),
  /** The subscription's id at the card payment provider; null for granted credits. */
  subscription_id: z.string().nullable(),
  /** The bike the credit is used on, for display; null while free. */
  bike_id: z.uuid().nullable(),
  bike_nickname: z.string().nullable(),
});
export type Credit = z.infer<typeof CreditSchema>;
export const CreditListSchema = z.array(CreditSchema);

/** POST /api/webshop/bike-activations/{creditId} */
export const BikeActivationSchema = z.object({ bike_ownership_id: z.uuid({ error: 'invalid_value' }) });
export const CreditParamsSchema = z.object({ credit_id: z.string() });

/** POST /dev/credits — development stand-in for buying: grants credits to an account. */
export const DevCreditGrantSchema = z.object({
  email: z.string().trim().toLowerCase().min(3),
  count: z.number().int().min(1).max(100),
});
