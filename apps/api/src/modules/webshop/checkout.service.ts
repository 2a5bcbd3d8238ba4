import type { Language } from '@nbr/domain/locale';
import {
  canOrderMove,
  isAwaitingPayment,
  ORDER_BUNDLES,
  type OrderBundleId,
  type OrderCreate,
  type OrderInitiation,
  type OrderStatus,
  wasPaid,
} from '@nbr/domain/webshop';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/client.ts';
import type { RequestAuth } from '../../platform/auth/authenticate.ts';
import { AppError } from '../../platform/errors.ts';
import { type IdempotencyClaim, keepAnswer, recordProgress } from '../../platform/http/idempotency.ts';
import type { Payments } from '../../platform/payments/payments.ts';
import type { ReepayInvoice, ReepaySubscription } from '../../platform/payments/reepay/reepay-client.ts';
import { countPaymentEvent } from '../../platform/telemetry/metrics.ts';
import { listActiveProducts } from './catalogue.repository.ts';
import { CARD_WINDOW_TTL, PROVIDER_LOCALE, regionOfPerson } from './catalogue.service.ts';
import { settleOrder } from './order-fulfilment.service.ts';
import * as repository from './orders.repository.ts';
import { buyerEmailOf, type PlaceOrderInput, placeOrder } from './orders.service.ts';
import * as credits from './webshop.repository.ts';
import type { WebshopDeps } from './webshop.service.ts';

/*
 * Checkout at the card provider (issue 15 §2). The order is priced and stored first, then a charge
 * session is opened at Reepay with our order id as the invoice handle, and the browser is sent to
 * its window. The provider decides, never the browser: the order becomes paid only when a verified
 * webhook's invoice, re-read from the provider's API, says so, or when the reconciliation pass
 * asks the provider about an order left pending. Return-address parameters are never read.
 */

export interface CheckoutDeps extends WebshopDeps {
  reepay: Payments['reepay'];
  /** Where the provider sends the browser back to (the web app's return pages). */
  publicUrl: string;
  log: FastifyBaseLogger;
}

/** What a checkout answers: the order, and the provider's window to send the browser to. */
export interface CheckoutStarted {
  order_id: string;
  payment_url: string;
}

/**
 * POST /api/webshop/orders/reepay: prices and stores the order, then opens the provider's charge
 * session for it. The provider being down answers payment_provider_unavailable and leaves the order
 * cancelled (its voucher given back): nothing is paid. An order a voucher covers in full needs no
 * card and is fulfilled at once. With an Idempotency-Key, a retry after a crash between placing
 * the order and recording its session continues with that order (orderToResume).
 */
export async function startReepayCheckout(
  deps: CheckoutDeps,
  auth: RequestAuth,
  input: OrderCreate,
  language: Language,
  idempotency: IdempotencyClaim | null,
): Promise<CheckoutStarted> {
  const resumed = await orderToResume(deps.db, auth, idempotency);
  if (resumed) return openChargeSession(deps, resumed, language, idempotency);
  const { order, settled } = await placeAndSettleIfFree(
    deps,
    auth,
    {
      items: input.items,
      ...(input.shipping_address ? { shippingAddress: input.shipping_address } : {}),
      ...(input.voucher_code ? { voucherCode: input.voucher_code } : {}),
      immediateStartConsent: input.immediate_start_consent,
      paymentMethod: 'reepay',
      language,
      now: new Date(),
    },
    idempotency,
  );
  return settled ?? openChargeSession(deps, order, language, idempotency);
}

/** What a checkout records before it calls the provider: the order it placed. */
interface CheckoutProgress {
  order_id: string;
}

/**
 * The order an earlier attempt with the request's Idempotency-Key placed before it died, while it
 * still waits for its payment window; null to place one (no key, no earlier attempt, or its order
 * has moved on).
 */
export async function orderToResume(
  executor: Executor,
  auth: RequestAuth,
  idempotency: IdempotencyClaim | null,
): Promise<repository.OrderWithLines | null> {
  const progress = idempotency?.progress as CheckoutProgress | null | undefined;
  if (!progress?.order_id) return null;
  const order = await repository.findOrder(executor, progress.order_id);
  if (order?.partyId !== auth.partyId || order.status !== 'pending') return null;
  return order;
}

/**
 * Places an order in one transaction with the buyer's address. One that costs nothing (a voucher,
 * a member price) is settled in that same transaction, which keeps the answer (`settled` sends the
 * browser straight to the return page); any other waits for the provider's payment window, and
 * its transaction records the order as the key's progress.
 */
export async function placeAndSettleIfFree(
  deps: Pick<CheckoutDeps, 'db' | 'publicUrl'>,
  auth: RequestAuth,
  input: Omit<PlaceOrderInput, 'buyerEmail'>,
  idempotency: IdempotencyClaim | null,
): Promise<{ order: repository.OrderWithLines; settled: CheckoutStarted | null }> {
  return deps.db.transaction(async (tx) => {
    const order = await placeOrder(tx, auth.partyId, { ...input, buyerEmail: await buyerEmailOf(tx, auth) });
    if (order.totalMinor !== 0) {
      await recordProgress(tx, idempotency, { order_id: order.id } satisfies CheckoutProgress);
      return { order, settled: null };
    }
    await settleOrder(tx, order.id, input.now);
    const settled = await keepAnswer(tx, idempotency, {
      order_id: order.id,
      payment_url: `${deps.publicUrl}/purchase-complete-redirect?order_id=${order.id}`,
    });
    return { order, settled };
  });
}

/**
 * Opens the provider's charge session for a stored pending order (our order id is the invoice
 * handle and the idempotency key, so opening it again answers the same session). The provider being
 * down cancels the order and gives its voucher back, then answers payment_provider_unavailable:
 * nothing is paid. The session is recorded, and the answer kept, in one transaction; `extra` joins
 * the answer.
 */
export async function openChargeSession<Extra extends object = object>(
  deps: CheckoutDeps,
  order: repository.OrderWithLines,
  language: Language,
  idempotency: IdempotencyClaim | null,
  extra?: Extra,
): Promise<CheckoutStarted & Extra> {
  const returnPage = `${deps.publicUrl}/purchase-complete-redirect?order_id=${order.id}`;
  let session: { id: string; url: string };
  try {
    session = await deps.reepay.client.createChargeSession({
      handle: order.id,
      idempotencyKey: order.id,
      currency: order.currency as 'DKK' | 'NOK',
      // Each line as one amount: a discounted line's unit price need not be whole øre.
      orderLines: order.lines.map((line) => ({
        ordertext: line.quantity > 1 ? `${line.description} × ${line.quantity}` : line.description,
        amount: line.totalMinor,
        quantity: 1,
        vat: line.vatRatePercent / 100,
      })),
      customer: { handle: order.partyId, email: order.buyerEmail ?? `${order.partyId}@invalid` },
      acceptUrl: returnPage,
      cancelUrl: `${deps.publicUrl}/purchase-failed?order_id=${order.id}`,
      settle: true,
      locale: PROVIDER_LOCALE[language],
      ttl: CARD_WINDOW_TTL,
    });
  } catch (error) {
    const now = new Date();
    await deps.db.transaction(async (tx) => {
      await repository.updateOrderIf(tx, order.id, ['pending'], {
        status: 'cancelled',
        closedAt: now,
        updatedAt: now,
      });
      if (order.voucherId) await repository.releaseVoucherOfOrder(tx, order.id, order.voucherId);
    });
    throw error;
  }
  return recordPaymentSession(deps.db, order.id, session.url, idempotency, extra);
}

/**
 * Stores the provider's payment window on the order and keeps the checkout's answer (the order
 * and the window, plus `extra`), in one transaction.
 */
export async function recordPaymentSession<Extra extends object = object>(
  db: Database,
  orderId: string,
  paymentUrl: string,
  idempotency: IdempotencyClaim | null,
  extra?: Extra,
): Promise<CheckoutStarted & Extra> {
  return db.transaction(async (tx) => {
    await repository.setPaymentSession(tx, orderId, {
      providerReference: orderId,
      paymentUrl,
      now: new Date(),
    });
    return keepAnswer(tx, idempotency, {
      order_id: orderId,
      payment_url: paymentUrl,
      ...extra,
    } as CheckoutStarted & Extra);
  });
}

/** The order an invoice pays: by its own handle, or a subscription's invoice by the subscription's. */
async function orderIdOfInvoice(executor: Executor, invoice: ReepayInvoice): Promise<string | null> {
  return (
    (await repository.findOrderIdByProviderReference(executor, 'reepay', invoice.handle)) ??
    (invoice.subscription
      ? await repository.findOrderIdByProviderReference(executor, 'reepay', invoice.subscription)
      : null)
  );
}

/**
 * A payment that reaches an order already closed (cancelled while a window opened before windows
 * had a ttl was still open, issue 27) buys nothing, so it is given back at the provider before the
 * event is recorded: an authorisation is cancelled, a settled charge refunded in full, each with
 * a key of its own so a redelivery gives nothing back twice. Answers the invoice as it is then.
 * The provider being away throws, the webhook answers 503 and the provider delivers it again.
 */
async function giveBackPaymentOfClosedOrder(
  deps: CheckoutDeps,
  invoice: ReepayInvoice,
): Promise<ReepayInvoice> {
  if (invoice.subscription || (invoice.state !== 'authorized' && invoice.state !== 'settled')) return invoice;
  const orderId = await orderIdOfInvoice(deps.db, invoice);
  const order = orderId ? await repository.findOrder(deps.db, orderId) : null;
  const status = order?.status as OrderStatus | undefined;
  if (!status || wasPaid(status) || canOrderMove(status, 'paid')) return invoice;
  countPaymentEvent('reepay', 'webhook', 'given_back');
  if (invoice.state === 'authorized') return deps.reepay.client.cancelCharge(invoice.handle);
  await deps.reepay.client.refund({
    invoice: invoice.handle,
    idempotencyKey: `give-back-${invoice.handle}`,
    text: `Order ${orderId} was closed before this payment`,
  });
  return (await deps.reepay.client.getInvoice(invoice.handle)) ?? invoice;
}

/**
 * Brings an order in line with its invoice as the provider reports it, in the caller's transaction:
 * authorized or settled for the order's amount and currency → paid and fulfilled (once); failed →
 * failed (it may still be paid later); cancelled → cancelled. Anything else changes nothing. A
 * subscription's invoices (`inv-<n>`) belong to the order that started the subscription (its
 * handle is the order id); a renewal's invoice finds that order paid already and changes nothing
 * here (the period follows the subscription: syncReepaySubscription).
 */
export async function applyReepayInvoice(
  executor: Executor,
  invoice: ReepayInvoice,
  now: Date,
): Promise<string> {
  const orderId = await orderIdOfInvoice(executor, invoice);
  if (!orderId) return 'unknown_order';
  const order = await repository.findOrder(executor, orderId);
  if (!order) return 'unknown_order';
  if (invoice.state === 'authorized' || invoice.state === 'settled') {
    const paidAmount = invoice.state === 'settled' ? invoice.settledAmount : invoice.authorizedAmount;
    if (invoice.currency !== order.currency || paidAmount < order.totalMinor) return 'amount_mismatch';
    const card = invoice.transactions.find((transaction) => transaction.maskedCard);
    return settleOrder(executor, orderId, now, {
      externalSubscriptionId: invoice.subscription,
      paidWithCard: card?.maskedCard ? `${card.cardType ?? 'card'} ${card.maskedCard}` : null,
    });
  }
  if (!isAwaitingPayment(order.status as OrderStatus)) return 'unchanged';
  if (invoice.state === 'failed') {
    await repository.updateOrderIf(executor, orderId, ['pending'], { status: 'failed', updatedAt: now });
    return 'failed';
  }
  if (invoice.state === 'cancelled') {
    // 'cancelled' only for the call that moved it: a second instance or delivery changed nothing.
    const moved = await repository.updateOrderIf(executor, orderId, ['pending', 'failed'], {
      status: 'cancelled',
      closedAt: now,
      updatedAt: now,
    });
    return moved ? 'cancelled' : 'unchanged';
  }
  return 'unchanged';
}

/**
 * The period of a subscription follows the provider's (SPEC §4: active while current_period_end is
 * ahead): active → the end of the paid period (a cancelled one: when it expires, never later);
 * on hold or expired (dunning gave up, or cancelled and run out) → ended, the bikes kept. Run for
 * every event of a subscription, so it is idempotent: it sets state, never adds to it blindly.
 */
export async function syncReepaySubscription(
  executor: Executor,
  subscription: ReepaySubscription,
  now: Date,
): Promise<boolean> {
  // Locked: two events of one subscription at once must not both top its credits up.
  const row = await credits.lockSubscriptionByExternalId(executor, subscription.handle);
  if (!row) return false;
  if (subscription.state === 'active') {
    const end = subscription.expires ?? subscription.nextPeriodStart;
    if (end) await credits.setPeriodEndByExternalId(executor, subscription.handle, new Date(end));
    // ORGANISATION is bought per bike: its credits follow the quantity at the provider (a raise
    // is billed there, prorated to the stored card). Credits are never taken away here.
    if (row.plan === 'ORGANISATION') {
      const held = await credits.countCreditsOfSubscription(executor, row.id);
      if (subscription.quantity > held) {
        await credits.insertCredits(executor, row.partyId, row.id, subscription.quantity - held, now);
      }
    }
    return true;
  }
  const expired = subscription.expiredDate ? Date.parse(subscription.expiredDate) : now.getTime();
  const periodEnd = new Date(Math.min(expired, now.getTime()));
  return credits.setPeriodEndByExternalId(executor, subscription.handle, periodEnd);
}

/**
 * POST /api/webshop/webhooks/reepay: a delivery that does not verify (bad or stale signature,
 * malformed) answers 401 and changes nothing. A verified one is processed once per event id: the
 * invoice it names is re-read from the provider (the body is only a hint, payments.md §1.7), then
 * the event is recorded and the order brought in line in one transaction. Replays, duplicates and
 * events out of order are harmless: the invoice's current state decides, and paying is guarded.
 * The provider being down answers 503, so the provider retries later.
 */
export async function receiveReepayWebhook(deps: CheckoutDeps, body: unknown): Promise<{ outcome: string }> {
  const verification = deps.reepay.verifyWebhook(body);
  if (!verification.ok) {
    deps.log.warn({ reason: verification.reason }, 'reepay webhook refused');
    countPaymentEvent('reepay', 'webhook', 'refused');
    throw new AppError('webhook_signature_invalid');
  }
  const { event } = verification;
  if (await repository.hasWebhookEvent(deps.db, 'reepay', event.eventId)) {
    countPaymentEvent('reepay', 'webhook', 'duplicate');
    return { outcome: 'duplicate' };
  }
  const read = event.invoice ? await deps.reepay.client.getInvoice(event.invoice) : null;
  const invoice = read ? await giveBackPaymentOfClosedOrder(deps, read) : null;
  const subscriptionHandle = event.subscription ?? invoice?.subscription ?? null;
  const subscription = subscriptionHandle
    ? await deps.reepay.client.getSubscription(subscriptionHandle)
    : null;
  const now = new Date();
  const result = await deps.db.transaction(async (tx) => {
    const recorded = await repository.recordWebhookEvent(tx, {
      provider: 'reepay',
      eventId: event.eventId,
      eventType: event.eventType,
      objectReference: event.invoice ?? event.subscription,
      now,
    });
    if (!recorded) return { outcome: 'duplicate' };
    const outcome = invoice ? await applyReepayInvoice(tx, invoice, now) : 'ignored';
    // After the order: a first payment has just created the subscription row this updates.
    if (subscription) await syncReepaySubscription(tx, subscription, now);
    return { outcome };
  });
  countPaymentEvent('reepay', 'webhook', result.outcome);
  return result;
}

/**
 * POST /api/webshop/orders/initiations?config_id=: an order started from a configured bundle, its
 * products taken from the buyer's region, then the same checkout as a basket.
 */
export async function startBundleCheckout(
  deps: CheckoutDeps,
  auth: RequestAuth,
  bundleId: OrderBundleId,
  input: OrderInitiation,
  language: Language,
  idempotency: IdempotencyClaim | null,
): Promise<CheckoutStarted> {
  const region = await regionOfPerson(deps.db, auth);
  const onSale = await listActiveProducts(deps.db, region);
  const items = ORDER_BUNDLES[bundleId].map((part) => {
    const product = onSale.find(
      (candidate) => candidate.kind === part.kind && (!('plan' in part) || candidate.plan === part.plan),
    );
    if (!product) throw new AppError('product_unavailable');
    if (part.perBike && !input.bike_id) throw new AppError('bike_service_unavailable');
    return {
      product_id: product.id,
      quantity: part.quantity,
      ...(part.perBike && input.bike_id ? { bike_id: input.bike_id } : {}),
    };
  });
  return startReepayCheckout(
    deps,
    auth,
    {
      items,
      ...(input.shipping_address ? { shipping_address: input.shipping_address } : {}),
      ...(input.voucher_code ? { voucher_code: input.voucher_code } : {}),
      immediate_start_consent: input.immediate_start_consent,
    },
    language,
    idempotency,
  );
}
