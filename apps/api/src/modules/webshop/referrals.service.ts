import {
  decideReferralReward,
  REFERRAL_REWARD_CREDITS,
  REFERRAL_REWARDS_PER_MONTH,
  type ReferralNotice,
  type ReferralOverview,
  type ReferralRefusal,
  type ReferralRewardStatus,
  type ReferredPerson,
  referralLink,
  referralMonthStart,
  type StaffReferrals,
} from '@nbr/domain/referrals';
import QRCode from 'qrcode';
import type { Executor } from '../../db/client.ts';
import { recordAuditEvent, recordAuditEventBy } from '../../platform/audit/audit.ts';
import type { RequestAuth } from '../../platform/auth/authenticate.ts';
import { AppError } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { mailLanguage } from '../../platform/mail/mail-language.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import {
  ensureReferralCode,
  findPeopleByIds,
  findReferredIdentities,
  type Person,
  referralFactsOf,
} from '../identity/identity.facade.ts';
import type { OrderWithLines } from './orders.repository.ts';
import { receiptSettings } from './receipt-settings.ts';
import { referralRewardMail } from './referrals.mails.ts';
import * as repository from './referrals.repository.ts';
import * as credits from './webshop.repository.ts';
import type { WebshopDeps } from './webshop.service.ts';

/*
 * Referrals' rewards (issue 30 §1). The reward is decided inside `settleOrder`, in the transaction
 * that pays the order, so it commits with the payment or not at all; `referral_rewards` holds one
 * row per invited person (a unique key), so no replayed webhook, second event or concurrent
 * settlement can decide it twice. A refund (order-staff.service.ts) takes an unused credit back in
 * the refund's transaction. Every decision is audited with the system as actor.
 */

/** The page the mails and the export point to. */
function referralsPage(): string {
  return `${receiptSettings().publicUrl}/app/referencing`;
}

/** An order pays a registration with money: a registration or subscription line, a total above 0. */
function paysRegistration(order: OrderWithLines): boolean {
  return (
    order.totalMinor > 0 &&
    order.paymentMethod !== 'voucher' &&
    order.lines.some((line) => line.kind === 'registration' || line.kind === 'subscription')
  );
}

function addressOf(person: Person | undefined) {
  return person
    ? {
        streetAddress: person.streetAddress,
        floor: person.floor,
        side: person.side,
        door: person.door,
        zipCode: person.zipCode,
      }
    : null;
}

/**
 * Decides the reward of the person who invited the buyer, in the settlement's transaction: only for
 * the buyer's first registration paid with money, and only once per buyer. Granted: one free credit
 * (a subscription of source `referral` without a period end) and a mail and an in-app notice to the
 * inviter. Refused (self-referral, the monthly cap): recorded with the reason, nothing given.
 */
export async function rewardReferrerOfOrder(
  executor: Executor,
  order: OrderWithLines,
  now: Date,
): Promise<void> {
  if (!paysRegistration(order)) return;
  const facts = await referralFactsOf(executor, order.partyId);
  const referrerPartyId = facts?.referredByPartyId;
  if (!referrerPartyId) return;
  if (await repository.hasRewardFor(executor, order.partyId)) return;
  if (await repository.hasEarlierPaidRegistration(executor, order.partyId, order.id)) return;
  // The inviter's rewards of the month are counted under a lock of the inviter: two friends'
  // purchases settling at once cannot both take the month's last reward.
  await credits.lockParty(executor, referrerPartyId);
  const people = await findPeopleByIds(executor, [referrerPartyId, order.partyId]);
  const referrer = people.get(referrerPartyId);
  if (!referrer || referrer.deletedAt) return;
  const referred = people.get(order.partyId);
  const shipping = order.shippingAddress
    ? { streetAddress: order.shippingAddress.street_address, zipCode: order.shippingAddress.zip_code }
    : null;
  const base = {
    referrerPartyId,
    referredPartyId: order.partyId,
    referrerCards: await repository.cardsOfParty(executor, referrerPartyId),
    referredCard: order.paidWithCard,
    referrerAddress: addressOf(referrer),
    grantedThisMonth: await repository.countGrantsSince(executor, referrerPartyId, referralMonthStart(now)),
  };
  // The buyer's profile address and the address the purchase was shipped to are both compared.
  const byProfile = decideReferralReward({ ...base, referredAddress: addressOf(referred) });
  const decision =
    byProfile.grant && shipping ? decideReferralReward({ ...base, referredAddress: shipping }) : byProfile;
  const reward = await repository.insertRewardOnce(executor, {
    referrerPartyId,
    referredPartyId: order.partyId,
    orderId: order.id,
    status: decision.grant ? 'granted' : 'refused',
    refusal: decision.grant ? null : decision.reason,
    decidedAt: now,
    // A refusal is no news for the inviter's screen.
    referrerSeenAt: decision.grant ? null : now,
  });
  if (!reward) return;
  if (!decision.grant) {
    await recordAuditEvent(executor, {
      action: 'webshop.referral_reward_refused',
      actorPartyId: null,
      targetPartyId: referrerPartyId,
      sessionId: null,
      details: {
        reward_id: reward.id,
        referred_party_id: order.partyId,
        order_id: order.id,
        reason: decision.reason,
      },
      now,
    });
    return;
  }
  const subscriptionId = await credits.insertSubscriptionWithCredits(executor, {
    partyId: referrerPartyId,
    plan: 'SINGLE',
    currentPeriodEnd: null,
    source: 'referral',
    count: REFERRAL_REWARD_CREDITS,
    now,
  });
  await repository.setRewardSubscription(executor, reward.id, subscriptionId);
  await recordAuditEvent(executor, {
    action: 'webshop.referral_reward_granted',
    actorPartyId: null,
    targetPartyId: referrerPartyId,
    sessionId: null,
    details: {
      reward_id: reward.id,
      referred_party_id: order.partyId,
      order_id: order.id,
      subscription_id: subscriptionId,
      credits: REFERRAL_REWARD_CREDITS,
    },
    now,
  });
  await enqueueMail(
    executor,
    referralRewardMail({
      to: referrer.email,
      language: mailLanguage(referrer.language),
      kind: 'granted',
      friendFirstName: referred?.firstName ?? null,
      referralsLink: referralsPage(),
    }),
  );
}

/**
 * A refund of the order that decided a reward, in the refund's transaction: a credit still free is
 * taken back (and the inviter told); one already on a bike stays. Both are audited; anything else
 * (no reward, refused, refunded before) changes nothing.
 */
export async function settleReferralRewardOnRefund(
  executor: Executor,
  orderId: string,
  now: Date,
): Promise<void> {
  const reward = await repository.lockRewardOfOrder(executor, orderId);
  if (reward?.status !== 'granted' || !reward.subscriptionId) return;
  const taken = await repository.takeBackFreeCredit(executor, reward.subscriptionId, now);
  const status = taken ? 'taken_back' : 'kept_after_refund';
  await repository.updateRewardAfterRefund(executor, reward.id, status, now);
  await recordAuditEvent(executor, {
    action: taken ? 'webshop.referral_reward_taken_back' : 'webshop.referral_reward_kept',
    actorPartyId: null,
    targetPartyId: reward.referrerPartyId,
    sessionId: null,
    details: {
      reward_id: reward.id,
      referred_party_id: reward.referredPartyId,
      order_id: orderId,
      subscription_id: reward.subscriptionId,
    },
    now,
  });
  if (!taken) return;
  const people = await findPeopleByIds(executor, [reward.referrerPartyId, reward.referredPartyId]);
  const referrer = people.get(reward.referrerPartyId);
  if (!referrer || referrer.deletedAt) return;
  await enqueueMail(
    executor,
    referralRewardMail({
      to: referrer.email,
      language: mailLanguage(referrer.language),
      kind: 'taken_back',
      friendFirstName: people.get(reward.referredPartyId)?.firstName ?? null,
      referralsLink: referralsPage(),
    }),
  );
}

interface ReferredRow {
  partyId: string;
  firstName: string | null;
  lastName: string | null;
  deleted: boolean;
  signedUpAt: Date;
  reward: repository.ReferralRewardRow | null;
}

/**
 * The people the person invited: everyone who signed up with their code and confirmed, and anyone
 * rewarded for whose account was deleted since (as a deleted person, no name); oldest first.
 */
async function referredRows(executor: Executor, referrerPartyId: string): Promise<ReferredRow[]> {
  const people = await findReferredIdentities(executor, referrerPartyId);
  const rewards = await repository.listRewardsOfReferrer(executor, referrerPartyId);
  const rewardOf = new Map(rewards.map((reward) => [reward.referredPartyId, reward]));
  const rows: ReferredRow[] = people.map((person) => ({
    partyId: person.partyId,
    firstName: person.deletedAt ? null : person.firstName,
    lastName: person.deletedAt ? null : person.lastName,
    deleted: person.deletedAt !== null,
    signedUpAt: person.signedUpAt,
    reward: rewardOf.get(person.partyId) ?? null,
  }));
  const listed = new Set(people.map((person) => person.partyId));
  for (const reward of rewards) {
    if (listed.has(reward.referredPartyId)) continue;
    rows.push({
      partyId: reward.referredPartyId,
      firstName: null,
      lastName: null,
      deleted: true,
      signedUpAt: reward.decidedAt,
      reward,
    });
  }
  return rows.sort((a, b) => a.signedUpAt.getTime() - b.signedUpAt.getTime());
}

const isEarned = (status: string) => status === 'granted' || status === 'kept_after_refund';

function presentReferred(row: ReferredRow): ReferredPerson {
  return {
    first_name: row.firstName,
    deleted: row.deleted,
    status: row.reward ? 'bought' : 'signed_up',
    reward: (row.reward?.status as ReferralRewardStatus | undefined) ?? null,
    refusal: (row.reward?.refusal as ReferralRefusal | null | undefined) ?? null,
    signed_up_at: row.signedUpAt.toISOString(),
  };
}

/**
 * GET /api/referrals/me: the signed-in person's code (made on first asking), invitation link, the
 * people who came through it (first name and status only), credits earned and the news not seen.
 */
export async function referralOverview(
  deps: WebshopDeps & { publicUrl: string },
  auth: RequestAuth,
): Promise<ReferralOverview> {
  const partyId = auth.identityPartyId;
  const code = await ensureReferralCode(deps.db, partyId);
  const rows = await referredRows(deps.db, partyId);
  const nameOf = new Map(rows.map((row) => [row.partyId, row.firstName]));
  const rewards = await repository.listRewardsOfReferrer(deps.db, partyId);
  const notices: ReferralNotice[] = rewards.flatMap((reward) =>
    reward.referrerSeenAt === null && (reward.status === 'granted' || reward.status === 'taken_back')
      ? [
          {
            id: reward.id,
            kind: reward.status === 'granted' ? ('reward_granted' as const) : ('reward_taken_back' as const),
            first_name: nameOf.get(reward.referredPartyId) ?? null,
            at: (reward.refundedAt ?? reward.decidedAt).toISOString(),
          },
        ]
      : [],
  );
  const link = referralLink(deps.publicUrl, code);
  return {
    code,
    link,
    qr_svg: await QRCode.toString(link, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }),
    rewards_per_month: REFERRAL_REWARDS_PER_MONTH,
    credits_earned: rewards.filter((reward) => isEarned(reward.status)).length * REFERRAL_REWARD_CREDITS,
    referred: rows.map(presentReferred),
    notices,
  };
}

/** POST /api/referrals/me/notices/seen: the person has seen the news on their referrals page. */
export async function markReferralNoticesSeen(deps: WebshopDeps, auth: RequestAuth): Promise<void> {
  await repository.markRewardsSeen(deps.db, auth.identityPartyId, new Date());
}

/**
 * GET /api/backoffice/identities/{identityPartyId}/referrals (staff): who invited the person and
 * whom they invited, with names and the reward of each; the look is audited.
 */
export async function staffReferralsOf(
  deps: WebshopDeps,
  auth: RequestAuth,
  partyId: string,
): Promise<StaffReferrals> {
  if (!isUuid(partyId)) throw new AppError('not_found');
  const facts = await referralFactsOf(deps.db, partyId);
  if (!facts) throw new AppError('not_found');
  const rows = await referredRows(deps.db, partyId);
  const referrer = facts.referredByPartyId
    ? (await findPeopleByIds(deps.db, [facts.referredByPartyId])).get(facts.referredByPartyId)
    : undefined;
  await recordAuditEventBy(deps.db, auth, {
    action: 'webshop.referrals_viewed_by_staff',
    targetPartyId: partyId,
    details: {},
  });
  const fullName = (first: string | null, last: string | null) =>
    [first, last].filter(Boolean).join(' ') || null;
  return {
    code: facts.referralCode,
    referred_by:
      facts.referredByPartyId === null
        ? null
        : {
            party_id: facts.referredByPartyId,
            name: referrer && !referrer.deletedAt ? fullName(referrer.firstName, referrer.lastName) : null,
          },
    referred: rows.map((row) => ({
      party_id: row.partyId,
      name: fullName(row.firstName, row.lastName),
      deleted: row.deleted,
      signed_up_at: row.signedUpAt.toISOString(),
      status: row.reward ? ('bought' as const) : ('signed_up' as const),
      reward: (row.reward?.status as ReferralRewardStatus | undefined) ?? null,
      refusal: (row.reward?.refusal as ReferralRefusal | null | undefined) ?? null,
      order_id: row.reward?.orderId ?? null,
      rewarded_at: row.reward?.decidedAt.toISOString() ?? null,
    })),
  };
}

/**
 * The person's referrals in their personal data export (issue 30 §1), both sides: the people they
 * invited, by role only (`invited_person`: when they signed up, whether they bought, the reward and
 * its history), and whether someone invited them (`inviter`) with the reward their purchase decided.
 */
export async function referralsPersonalData(executor: Executor, partyId: string) {
  const rows = await referredRows(executor, partyId);
  const invitedBy = (await referralFactsOf(executor, partyId))?.referredByPartyId ?? null;
  const own = await repository.findRewardOfReferred(executor, partyId);
  const rewardFacts = (reward: repository.ReferralRewardRow) => ({
    reward: reward.status,
    refusal: reward.refusal,
    order_id: reward.referredPartyId === partyId ? reward.orderId : null,
    decided_at: reward.decidedAt.toISOString(),
    refunded_at: reward.refundedAt?.toISOString() ?? null,
  });
  return {
    invited: rows.map((row) => ({
      role: 'invited_person' as const,
      signed_up_at: row.signedUpAt.toISOString(),
      status: row.reward ? ('bought' as const) : ('signed_up' as const),
      ...(row.reward ? rewardFacts(row.reward) : {}),
    })),
    invited_by:
      invitedBy || own ? { role: 'inviter' as const, ...(own ? rewardFacts(own) : { reward: null }) } : null,
  };
}
