import type { PlanKind } from '@nbr/domain/credits';
import { canOrderMove, type OrderStatus, wasPaid } from '@nbr/domain/webshop';
import type { Executor } from '../../db/client.ts';
import * as catalogue from './catalogue.repository.ts';
import * as orders from './orders.repository.ts';
import { queueReceiptMail } from './receipts.service.ts';
import { rewardReferrerOfOrder } from './referrals.service.ts';
import * as credits from './webshop.repository.ts';

/*
 * Paying an order and delivering what it bought, in ONE transaction (issue 15 §2): the order row is
 * locked, moved pending|failed → paid only if it still is in one of those (so a replayed webhook,
 * a second event of the same payment and the reconciliation pass cannot pay it twice), given the
 * next receipt number of its region, then fulfilled (credits and the subscription period, plates
 * to ship, add-ons) and marked fulfilled. The subscription row carries the order id under a unique
 * index: a second fulfilment could not commit even if the guard above were bypassed.
 */

export type SettleOutcome = 'settled' | 'already_paid' | 'closed' | 'not_found';

/** Months later on the calendar; 31 January + 1 month runs on into March, never short of a month. */
function addMonths(from: Date, months: number): Date {
  const end = new Date(from);
  end.setUTCMonth(end.getUTCMonth() + months);
  return end;
}

/**
 * Marks the order paid and fulfils it, in the caller's transaction. Answers what happened;
 * `already_paid` and `closed` change nothing.
 */
export async function settleOrder(
  executor: Executor,
  orderId: string,
  now: Date,
  options: {
    externalSubscriptionId?: string | null;
    /** The card the provider says paid (type and masked number): kept against self-referral. */
    paidWithCard?: string | null;
  } = {},
): Promise<SettleOutcome> {
  const order = await orders.findOrder(executor, orderId, true);
  if (!order) return 'not_found';
  const status = order.status as OrderStatus;
  if (wasPaid(status)) return 'already_paid';
  if (!canOrderMove(status, 'paid')) return 'closed';
  const receiptNumber = order.totalMinor > 0 ? await orders.nextReceiptNumber(executor, order.region) : null;
  const paid = await orders.updateOrderIf(executor, orderId, ['pending', 'failed'], {
    status: 'paid',
    paidAt: now,
    receiptNumber,
    paidWithCard: options.paidWithCard ?? null,
    updatedAt: now,
  });
  if (!paid) return 'already_paid';
  await fulfil(executor, order, now, options.externalSubscriptionId ?? null);
  await orders.updateOrderIf(executor, orderId, ['paid'], {
    status: 'fulfilled',
    fulfilledAt: now,
    shipmentStatus: order.lines.some((line) => line.kind === 'plates' || line.kind === 'bikedna')
      ? 'waiting'
      : 'none',
    updatedAt: now,
  });
  // The receipt mail commits with the payment, or not at all (issue 15 §7).
  await queueReceiptMail(executor, orderId);
  // So does the inviter's reward for a first paid registration (issue 30 §1), once per buyer.
  await rewardReferrerOfOrder(executor, { ...order, paidWithCard: options.paidWithCard ?? null }, now);
  return 'settled';
}

async function fulfil(
  executor: Executor,
  order: orders.OrderWithLines,
  now: Date,
  externalSubscriptionId: string | null,
): Promise<void> {
  const products = await catalogue.findProductsByIds(
    executor,
    order.lines.map((line) => line.productId),
  );
  const productOf = (id: string) => {
    const product = products.find((candidate) => candidate.id === id);
    if (!product) throw new Error(`order ${order.id} names a product that does not exist`);
    return product;
  };
  let creditCount = 0;
  let plan: PlanKind | null = null;
  let periodMonths: number | null = null;
  const bikesToRegister: string[] = [];
  for (const line of order.lines) {
    // The line's kind decides: a subscription_credit line names its plan's product but adds credits.
    const product = productOf(line.productId);
    if (line.kind === 'subscription') {
      plan = product.plan as PlanKind;
      periodMonths = product.periodMonths;
      creditCount += product.credits * line.quantity;
    } else if (line.kind === 'registration') {
      creditCount += product.credits * line.quantity;
      if (line.bikeId) bikesToRegister.push(line.bikeId);
    }
  }
  // Credits added to a running subscription go into it (its period is the subscription's).
  for (const line of order.lines) {
    if (line.kind === 'subscription_credit' && line.subscriptionId) {
      await credits.insertCredits(executor, order.partyId, line.subscriptionId, line.quantity, now);
    }
  }
  if (creditCount === 0) return;
  // One subscription per order holds all its credits: a plan with its paid period, or (only
  // one-time registrations) no period end, which SPEC §4 treats as active (VIP) for good.
  const subscriptionId = await credits.insertSubscriptionWithCredits(executor, {
    partyId: order.partyId,
    plan: plan ?? 'SINGLE',
    currentPeriodEnd: periodMonths ? addMonths(now, periodMonths) : null,
    source: order.paymentMethod === 'voucher' ? 'voucher' : 'purchase',
    externalId: externalSubscriptionId,
    orderId: order.id,
    count: creditCount,
    now,
  });
  // A registration bought for a bike goes onto it at once, if the buyer still owns it without one.
  for (const bikeId of bikesToRegister) {
    const bike = await catalogue.findOwnedBike(executor, order.partyId, bikeId);
    if (!bike || bike.hasCredit) continue;
    await credits.claimFreeCredit(executor, {
      partyId: order.partyId,
      subscriptionIds: [subscriptionId],
      includeLoose: false,
      ownershipId: bike.ownershipId,
      now,
    });
  }
}
