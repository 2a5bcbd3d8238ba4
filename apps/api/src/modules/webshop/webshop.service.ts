import {
  type Credit,
  type CreditOverview,
  isLegacyAccount,
  LEGACY_FREE_CREDITS,
  type PlanKind,
  subscriptionState,
} from '@nbr/domain/credits';
import type { Database, Executor } from '../../db/client.ts';
import type { RequestAuth } from '../../platform/auth/authenticate.ts';
import { AppError } from '../../platform/errors.ts';
import { type IdempotencyClaim, keepAnswer } from '../../platform/http/idempotency.ts';
import { isUuid } from '../../platform/ids.ts';
import { findWaitingPlate } from './orders.repository.ts';
import { presentCredit, presentOverview } from './webshop.presenter.ts';
import * as repository from './webshop.repository.ts';

/*
 * Subscriptions and bike-ownership credits (SPEC §3, §4, §9). A credit lets one bike be registered;
 * it is free while attached to no bike ownership. Adding a bike needs an active subscription and a
 * free credit in it. Credits are bought (orders: order-fulfilment.service.ts), given by vouchers,
 * granted (demo seed, POST /dev/credits) or, for legacy accounts, created on first need. Other
 * modules reach credits only through here.
 */

export interface WebshopDeps {
  db: Database;
}

/** Where a party stands: its subscriptions' state and its credits. */
export interface CreditStanding {
  /** Some subscription (or the credits granted outside one) is active. */
  active: boolean;
  /** The latest end among the active ones (one year ahead for VIP and legacy). */
  effectivePeriodEnd: Date | null;
  /** An active subscription without a paid period end (legacy ones are reported as legacy). */
  vip: boolean;
  legacy: boolean;
  plan: PlanKind | null;
  /** The party holds a subscription or a credit at all. */
  known: boolean;
  total: number;
  free: number;
  /** Free credits of active subscriptions: what a new bike can use. */
  usableFree: number;
  activeSubscriptionIds: string[];
  /** Credits granted outside any subscription count as one VIP subscription. */
  looseActive: boolean;
}

/**
 * SPEC §4: a person who signed up before 2023-02-07 is treated as holding 100 free credits and an
 * active subscription for a year. Modelled explicitly: on first need they get a subscription of
 * source `legacy` without a period end (so it is active one year ahead, every day, like VIP) and
 * 100 credits. Created once: the party row is locked while checking, so two requests at once
 * cannot both grant it. Run inside a transaction.
 */
async function ensureLegacyCredits(executor: Executor, partyId: string, now: Date): Promise<void> {
  const person = await repository.findPersonFacts(executor, partyId);
  if (!person || !isLegacyAccount({ createdAt: person.signedUpAt, hasIdentityParty: true })) return;
  if (await repository.hasSubscriptionFrom(executor, partyId, 'legacy')) return;
  await repository.lockParty(executor, partyId);
  if (await repository.hasSubscriptionFrom(executor, partyId, 'legacy')) return;
  await repository.insertSubscriptionWithCredits(executor, {
    partyId,
    plan: 'SINGLE',
    currentPeriodEnd: null,
    source: 'legacy',
    count: LEGACY_FREE_CREDITS,
    now,
  });
}

async function standingOf(executor: Executor, partyId: string, now: Date): Promise<CreditStanding> {
  await ensureLegacyCredits(executor, partyId, now);
  const [subscriptions, counts] = await Promise.all([
    repository.listSubscriptions(executor, partyId),
    repository.countCredits(executor, partyId),
  ]);
  const countOf = (subscriptionId: string | null) =>
    counts.find((count) => count.subscriptionId === subscriptionId) ?? { total: 0, free: 0 };
  const standing: CreditStanding = {
    active: false,
    effectivePeriodEnd: null,
    vip: false,
    legacy: false,
    plan: null,
    known: subscriptions.length > 0 || counts.length > 0,
    total: counts.reduce((sum, count) => sum + count.total, 0),
    free: counts.reduce((sum, count) => sum + count.free, 0),
    usableFree: 0,
    activeSubscriptionIds: [],
    looseActive: false,
  };
  let latest: { end: Date; plan: PlanKind } | null = null;
  for (const subscription of subscriptions) {
    const count = countOf(subscription.id);
    const state = subscriptionState(
      { credits: count.total, currentPeriodEnd: subscription.currentPeriodEnd },
      now,
    );
    if (!state.active || !state.effectivePeriodEnd) continue;
    standing.active = true;
    standing.activeSubscriptionIds.push(subscription.id);
    standing.usableFree += count.free;
    if (subscription.source === 'legacy') standing.legacy = true;
    else if (state.vip) standing.vip = true;
    if (!latest || state.effectivePeriodEnd.getTime() >= latest.end.getTime()) {
      latest = { end: state.effectivePeriodEnd, plan: subscription.plan as PlanKind };
    }
  }
  const loose = countOf(null);
  const looseState = subscriptionState({ credits: loose.total, currentPeriodEnd: null }, now);
  if (looseState.active && looseState.effectivePeriodEnd) {
    standing.active = true;
    standing.looseActive = true;
    standing.vip = true;
    standing.usableFree += loose.free;
    if (!latest || looseState.effectivePeriodEnd.getTime() > latest.end.getTime()) {
      latest = { end: looseState.effectivePeriodEnd, plan: latest?.plan ?? 'SINGLE' };
    }
  }
  standing.effectivePeriodEnd = latest?.end ?? null;
  // Without an active subscription, the plan of the newest one still tells what the party had.
  standing.plan = latest?.plan ?? (subscriptions.at(-1)?.plan as PlanKind | undefined) ?? null;
  return standing;
}

/**
 * Refuses to add a bike unless the party has an active subscription with a free credit: 403
 * no_subscription without one (none, or only expired ones), 403 no_free_credit when all are used.
 * Run in the transaction that creates the bike.
 */
export async function assertCanAddBike(executor: Executor, partyId: string, now = new Date()): Promise<void> {
  const standing = await standingOf(executor, partyId, now);
  if (!standing.known || !standing.active) throw new AppError('no_subscription');
  if (standing.usableFree === 0) throw new AppError('no_free_credit');
}

/**
 * Attaches the party's oldest usable free credit to a new bike ownership, in the caller's
 * transaction; 403 no_free_credit when another request took the last one first.
 */
export async function useCreditForOwnership(
  executor: Executor,
  partyId: string,
  ownershipId: string,
  now = new Date(),
): Promise<string> {
  const standing = await standingOf(executor, partyId, now);
  if (!standing.known || !standing.active) throw new AppError('no_subscription');
  const creditId = await repository.claimFreeCredit(executor, {
    partyId,
    subscriptionIds: standing.activeSubscriptionIds,
    includeLoose: standing.looseActive,
    ownershipId,
    now,
  });
  if (!creditId) throw new AppError('no_free_credit');
  return creditId;
}

/** Grants a subscription without a paid period (VIP) with `count` credits (demo seed, /dev/credits). */
export async function grantCredits(
  executor: Executor,
  partyId: string,
  input: { count: number; source: 'seed' | 'dev' | 'staff'; plan?: PlanKind; now?: Date },
): Promise<string> {
  return repository.insertSubscriptionWithCredits(executor, {
    partyId,
    plan: input.plan ?? 'SINGLE',
    currentPeriodEnd: null,
    source: input.source,
    count: input.count,
    now: input.now ?? new Date(),
  });
}

/** Whether the party was ever granted credits from this source (keeps the demo seed idempotent). */
export async function hasCreditsFrom(executor: Executor, partyId: string, source: string): Promise<boolean> {
  return repository.hasSubscriptionFrom(executor, partyId, source);
}

/** GET /api/webshop/bike-ownership-credits/overview: the acting party's subscription and credits. */
export async function getOverview(deps: WebshopDeps, auth: RequestAuth): Promise<CreditOverview> {
  return deps.db.transaction(async (tx) =>
    presentOverview(await standingOf(tx, auth.partyId, new Date()), await findWaitingPlate(tx, auth.partyId)),
  );
}

/** GET /api/webshop/bike-activations: the acting party's credits, newest first. */
export async function listCredits(deps: WebshopDeps, auth: RequestAuth): Promise<Credit[]> {
  return deps.db.transaction(async (tx) => {
    await ensureLegacyCredits(tx, auth.partyId, new Date());
    return (await repository.listCredits(tx, auth.partyId)).map(presentCredit);
  });
}

/**
 * POST /api/webshop/bike-activations/{creditId}: puts a free credit of the caller on an open
 * ownership of the caller's bike that has none. Naturally idempotent, so a retry with the same
 * Idempotency-Key (or without one) answers the same credit and changes nothing: attaching credit X
 * to ownership Y again is a success. Someone else's credit or ownership answers 404; a credit of a
 * subscription that is not active answers 403 no_subscription.
 */
export async function activateBike(
  deps: WebshopDeps,
  auth: RequestAuth,
  creditId: string,
  ownershipId: string,
  /** The request's Idempotency-Key: the answer commits with the activation. */
  idempotency: IdempotencyClaim | null,
): Promise<Credit> {
  if (!isUuid(creditId)) throw new AppError('not_found');
  try {
    return await deps.db.transaction(async (tx) => {
      const credit = await repository.findCredit(tx, creditId, true);
      if (!credit || credit.partyId !== auth.partyId) throw new AppError('not_found');
      const ownership = await repository.findOpenOwnership(tx, ownershipId);
      if (!ownership || ownership.ownerPartyId !== auth.partyId) throw new AppError('not_found');
      if (credit.bikeOwnershipId === ownershipId) return keepAnswer(tx, idempotency, presentCredit(credit));
      if (credit.bikeOwnershipId) throw new AppError('credit_in_use');
      // As for registering (assertCanAddBike): only a credit of an active subscription (or one
      // granted outside any, VIP) may be used; a lapsed subscription's free credits wait for renewal.
      const standing = await standingOf(tx, auth.partyId, new Date());
      const usable = credit.subscriptionId
        ? standing.activeSubscriptionIds.includes(credit.subscriptionId)
        : standing.looseActive;
      if (!usable) throw new AppError('no_subscription');
      if (await repository.findCreditOfOwnership(tx, ownershipId)) throw new AppError('bike_has_credit');
      if (!(await repository.attachCredit(tx, creditId, ownershipId, new Date()))) {
        throw new AppError('credit_in_use');
      }
      const attached = await repository.findCredit(tx, creditId);
      if (!attached) throw new Error('credit vanished while attaching it');
      return keepAnswer(tx, idempotency, presentCredit(attached));
    });
  } catch (error) {
    // Another credit reached the same ownership at the same moment (the unique index).
    if (repository.isUniqueViolation(error)) throw new AppError('bike_has_credit');
    throw error;
  }
}

/** POST /dev/credits: grants `count` credits to the account with this address (development only). */
export async function grantDevCredits(
  deps: WebshopDeps,
  input: { email: string; count: number },
): Promise<{ party_id: string; subscription_id: string; credits_free: number }> {
  return deps.db.transaction(async (tx) => {
    const partyId = await repository.findPartyByEmail(tx, input.email);
    if (!partyId) throw new AppError('not_found');
    const now = new Date();
    const subscriptionId = await grantCredits(tx, partyId, { count: input.count, source: 'dev', now });
    const standing = await standingOf(tx, partyId, now);
    return { party_id: partyId, subscription_id: subscriptionId, credits_free: standing.free };
  });
}

/**
 * A bike changed hands (an accepted transfer): the credit follows the person, not the bike. The old
 * owner's credit on the ended ownership becomes free again, so they can register another bike with
 * it, and their credit list stops showing a bike that is no longer theirs; the new owner's ownership
 * starts without a credit (they attach one of their own, POST /api/webshop/bike-activations/{id}).
 * Run in the transfer's transaction.
 */
export async function releaseCreditOfOwnership(
  executor: Executor,
  ownershipId: string,
  now = new Date(),
): Promise<void> {
  await repository.detachCreditOfOwnership(executor, ownershipId, now);
}
