import { isAwaitingPayment, type OrderStatus } from '@nbr/domain/webshop';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import type { IdempotencyClaim } from '../../platform/http/idempotency.ts';
import type { Payments } from '../../platform/payments/payments.ts';
import type { VippsPayment } from '../../platform/payments/vipps/vipps-client.ts';
import { countPaymentEvent } from '../../platform/telemetry/metrics.ts';
import { type CheckoutDeps, type CheckoutStarted, recordPaymentSession } from './checkout.service.ts';
import { settleOrder } from './order-fulfilment.service.ts';
import type { ReconciliationReport } from './order-reconciliation.notifier.ts';
import * as repository from './orders.repository.ts';

/*
 * Paying an order with Vipps MobilePay ePayment (issue 15 §5; payments.md §2, docs/payments.md).
 * Our order id is the payment's reference. As with cards the provider decides, never the browser
 * (Vipps adds nothing to the return address anyway): a verified webhook names the payment, the
 * payment is re-read from the API, an AUTHORIZED payment is captured (the registration is delivered
 * at once) and then the order is marked paid and fulfilled in one transaction by the shop's own
 * settleOrder, exactly once. ABORTED, EXPIRED and TERMINATED cancel the order. The reconciliation
 * pass asks Vipps about orders whose webhooks never came.
 */

export interface VippsCheckoutDeps extends CheckoutDeps {
  vipps: Payments['vipps'];
}

const FINAL_UNPAID_STATES = new Set(['ABORTED', 'EXPIRED', 'TERMINATED']);

/** The key of a capture: one per order, so repeated webhooks and the reconciliation capture once. */
const captureKey = (orderId: string) => `capture-${orderId}`;

/**
 * Creates the ePayment of a stored pending order (WEB_REDIRECT, our order id as reference and
 * Idempotency-Key, so creating it again answers the same payment) and keeps where to send the
 * browser, with the checkout's answer. The provider down or refusing cancels the order, then
 * answers the provider's error: nothing is paid.
 */
export async function openVippsPayment(
  deps: VippsCheckoutDeps,
  order: repository.OrderWithLines,
  description: string,
  idempotency: IdempotencyClaim | null,
): Promise<CheckoutStarted> {
  let redirectUrl: string;
  try {
    ({ redirectUrl } = await deps.vipps.client.createPayment({
      reference: order.id,
      amount: { currency: order.currency as 'NOK' | 'DKK', value: order.totalMinor },
      paymentDescription: description.slice(0, 100).padEnd(3, '.'),
      returnUrl: `${deps.publicUrl}/purchase-complete-redirect?order_id=${order.id}`,
      idempotencyKey: order.id,
    }));
  } catch (error) {
    const now = new Date();
    await repository.updateOrderIf(deps.db, order.id, ['pending'], {
      status: 'cancelled',
      closedAt: now,
      updatedAt: now,
    });
    throw error;
  }
  return recordPaymentSession(deps.db, order.id, redirectUrl, idempotency);
}

/**
 * Captures what is left of an AUTHORIZED payment for an order still waiting for it, with one key
 * per order (a second capture of the same order is answered from the first). Answers the payment
 * as it is afterwards; anything else is answered unchanged.
 */
async function captureIfDue(
  deps: VippsCheckoutDeps,
  order: repository.OrderWithLines,
  payment: VippsPayment,
): Promise<VippsPayment> {
  if (payment.state !== 'AUTHORIZED' || !isAwaitingPayment(order.status as OrderStatus)) return payment;
  if (payment.amount.currency !== order.currency) return payment;
  const { authorizedAmount, capturedAmount, cancelledAmount } = payment.aggregate;
  if (authorizedAmount - cancelledAmount < order.totalMinor || capturedAmount >= order.totalMinor)
    return payment;
  return deps.vipps.client.capturePayment(order.id, {
    amount: { currency: order.currency as 'NOK' | 'DKK', value: order.totalMinor - capturedAmount },
    idempotencyKey: captureKey(order.id),
  });
}

/**
 * Brings an order in line with its payment as Vipps reports it, in the caller's transaction:
 * captured in full → paid and fulfilled (once, settleOrder); ABORTED, EXPIRED or TERMINATED →
 * cancelled while it still waits. Anything else changes nothing.
 */
export async function applyVippsPayment(
  executor: Executor,
  orderId: string,
  payment: VippsPayment,
  now: Date,
): Promise<string> {
  const order = await repository.findOrder(executor, orderId);
  if (!order) return 'unknown_order';
  if (payment.state === 'AUTHORIZED') {
    if (payment.amount.currency !== order.currency) return 'amount_mismatch';
    if (payment.aggregate.capturedAmount < order.totalMinor) return 'not_captured';
    return settleOrder(executor, orderId, now);
  }
  if (FINAL_UNPAID_STATES.has(payment.state) && isAwaitingPayment(order.status as OrderStatus)) {
    const cancelled = await repository.updateOrderIf(executor, orderId, ['pending', 'failed'], {
      status: 'cancelled',
      closedAt: now,
      updatedAt: now,
    });
    return cancelled ? 'cancelled' : 'unchanged';
  }
  return 'unchanged';
}

/** What the webhook route hands over: the request as it reached us (docs/payments.md). */
export interface VippsWebhookRequest {
  method: string;
  pathAndQuery: string;
  headers: Record<string, string | string[] | undefined>;
  rawBody: Buffer;
}

/**
 * POST /api/webshop/webhooks/vipps: a delivery that does not verify (bad or stale signature, body
 * changed, another address, malformed) answers 401 and changes nothing. A verified one is processed
 * once per event (Vipps sends no event id: reference, name, pspReference and timestamp name it):
 * the payment is re-read from the API and captured when due, then the event is recorded and the
 * order brought in line in one transaction. The provider down answers 503, so Vipps retries.
 */
export async function receiveVippsWebhook(
  deps: VippsCheckoutDeps,
  request: VippsWebhookRequest,
): Promise<{ outcome: string }> {
  const verification = deps.vipps.verifyWebhook(request);
  if (!verification.ok || verification.event.msn !== deps.vipps.merchantSerialNumber) {
    if (!verification.ok) deps.log.warn({ reason: verification.reason }, 'vipps webhook refused');
    countPaymentEvent('vipps', 'webhook', 'refused');
    throw new AppError('webhook_signature_invalid');
  }
  const { event } = verification;
  const eventId = `${event.reference}:${event.name}:${event.pspReference}:${event.timestamp}`;
  if (await repository.hasWebhookEvent(deps.db, 'vipps', eventId)) {
    countPaymentEvent('vipps', 'webhook', 'duplicate');
    return { outcome: 'duplicate' };
  }
  const orderId = await repository.findOrderIdByProviderReference(deps.db, 'vipps', event.reference);
  const order = orderId ? await repository.findOrder(deps.db, orderId) : null;
  let payment = order ? await deps.vipps.client.getPayment(event.reference) : null;
  if (order && payment) payment = await captureIfDue(deps, order, payment);
  const now = new Date();
  const result = await deps.db.transaction(async (tx) => {
    const recorded = await repository.recordWebhookEvent(tx, {
      provider: 'vipps',
      eventId,
      eventType: event.name,
      objectReference: event.reference,
      now,
    });
    if (!recorded) return { outcome: 'duplicate' };
    if (!order || !payment) return { outcome: 'unknown_order' };
    return { outcome: await applyVippsPayment(tx, order.id, payment, now) };
  });
  countPaymentEvent('vipps', 'webhook', result.outcome);
  return result;
}

/**
 * The reconciliation pass for Vipps (run by the shop's order reconciler): orders paid with Vipps
 * left waiting longer than `minimumAgeMs` are asked about at Vipps and brought in line as a webhook
 * would. An order whose payment Vipps never got (the create call failed midway) is cancelled after
 * `abandonAfterMs`. Vipps itself expires a payment nobody answered after 10 minutes.
 */
export async function reconcileVippsOrders(
  deps: VippsCheckoutDeps,
  logger: FastifyBaseLogger,
  now: Date,
  limits: { minimumAgeMs: number; abandonAfterMs: number; batchSize: number },
): Promise<ReconciliationReport> {
  const report: ReconciliationReport = { checked: 0, changed: 0, unreachable: 0 };
  const waiting = await repository.listAwaitingPayment(
    deps.db,
    'vipps',
    new Date(now.getTime() - limits.minimumAgeMs),
    limits.batchSize,
  );
  for (const entry of waiting) {
    report.checked += 1;
    let payment: VippsPayment | null;
    try {
      const order = await repository.findOrder(deps.db, entry.id);
      if (!order) continue;
      payment = await deps.vipps.client.getPayment(entry.providerReference ?? entry.id);
      if (payment) payment = await captureIfDue(deps, order, payment);
    } catch (error) {
      report.unreachable += 1;
      countPaymentEvent('vipps', 'reconciliation', 'unreachable');
      logger.warn({ err: error, orderId: entry.id }, 'reconciliation could not ask Vipps');
      continue;
    }
    const found = payment;
    const outcome = await deps.db.transaction(async (tx) => {
      if (found) return applyVippsPayment(tx, entry.id, found, now);
      if (entry.createdAt.getTime() >= now.getTime() - limits.abandonAfterMs) return 'unchanged';
      const cancelled = await repository.updateOrderIf(tx, entry.id, ['pending'], {
        status: 'cancelled',
        closedAt: now,
        updatedAt: now,
      });
      return cancelled ? 'cancelled' : 'unchanged';
    });
    countPaymentEvent('vipps', 'reconciliation', outcome);
    if (outcome !== 'unchanged' && outcome !== 'already_paid') report.changed += 1;
  }
  return report;
}
