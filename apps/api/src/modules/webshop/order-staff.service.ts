import {
  canOrderMove,
  canShipmentMove,
  type OrderStatus,
  type ShipmentStatus,
  STAFF_ORDERS_PAGE_SIZE,
  type StaffOrderList,
  type StaffOrderQuery,
} from '@nbr/domain/webshop';
import type { Executor } from '../../db/client.ts';
import { recordAuditEventBy } from '../../platform/audit/audit.ts';
import type { RequestAuth } from '../../platform/auth/authenticate.ts';
import { AppError } from '../../platform/errors.ts';
import { type IdempotencyClaim, keepAnswer } from '../../platform/http/idempotency.ts';
import { isUuid } from '../../platform/ids.ts';
import { mailLanguage } from '../../platform/mail/mail-language.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import type { CheckoutDeps } from './checkout.service.ts';
import { shipmentMail } from './orders.mails.ts';
import { formatReceiptNumber, presentOrder } from './orders.presenter.ts';
import * as repository from './orders.repository.ts';
import { receiptSettings } from './receipt-settings.ts';
import { ordersLink, queueRefundMail } from './receipts.service.ts';
import { settleReferralRewardOnRefund } from './referrals.service.ts';
import type { VippsCheckoutDeps } from './vipps-checkout.service.ts';
import * as credits from './webshop.repository.ts';

/*
 * What staff do with orders (backoffice /v2/orders, issue 17 §1): find them, move a plate shipment
 * on (waiting → packed → shipped, which mails the buyer), and refund an order in full through the
 * provider, e.g. on withdrawal within 14 days (payments.md §4.3).
 */

/**
 * GET /api/backoffice/orders (staff): the shop's orders, newest first, by order number, order id,
 * buyer's address, status and shipment status. The search is audited like the people search: the
 * answer shows buyers' addresses.
 */
export async function searchOrders(
  deps: CheckoutDeps,
  auth: RequestAuth,
  query: StaffOrderQuery,
): Promise<StaffOrderList> {
  await recordAuditEventBy(deps.db, auth, {
    action: 'webshop.orders_searched_by_staff',
    targetPartyId: null,
    details: {
      query: query.query,
      status: query.status ?? null,
      shipment_status: query.shipment_status ?? null,
      page: query.page,
    },
  });
  const rows = await repository.searchOrders(deps.db, {
    query: query.query,
    ...(query.status ? { status: query.status } : {}),
    ...(query.shipment_status ? { shipmentStatus: query.shipment_status } : {}),
    limit: STAFF_ORDERS_PAGE_SIZE,
    offset: (query.page - 1) * STAFF_ORDERS_PAGE_SIZE,
  });
  return {
    items: rows.slice(0, STAFF_ORDERS_PAGE_SIZE).map((row) => ({
      ...presentOrder(row),
      buyer_email: row.buyerEmail,
      buyer_party_id: row.partyId,
    })),
    has_more: rows.length > STAFF_ORDERS_PAGE_SIZE,
  };
}

/** The buyer's mail that the plates are on their way, in the shipping transaction. */
async function queueShipmentMail(executor: Executor, orderId: string): Promise<void> {
  const order = await repository.findOrder(executor, orderId);
  if (!order?.buyerEmail) return;
  await enqueueMail(
    executor,
    shipmentMail({
      to: order.buyerEmail,
      language: mailLanguage(order.language),
      orderNumber:
        order.receiptNumber === null ? order.id : formatReceiptNumber(order.region, order.receiptNumber),
      trackingNumber: order.trackingNumber,
      ordersLink: ordersLink(receiptSettings().publicUrl),
    }),
  );
}

async function lockedOrder(deps: CheckoutDeps, orderId: string) {
  if (!isUuid(orderId)) throw new AppError('not_found');
  return deps.db.transaction(async (tx) => {
    const order = await repository.findOrder(tx, orderId, true);
    if (!order) throw new AppError('not_found');
    return order;
  });
}

/**
 * POST /api/webshop/orders/{order_id}/shipment (staff): one step at a time, only once fulfilled;
 * shipping may give the carrier's tracking number, which the buyer sees on the order.
 */
export async function moveShipment(
  deps: CheckoutDeps,
  auth: RequestAuth,
  orderId: string,
  to: 'packed' | 'shipped',
  /** The carrier's tracking number, given when shipping. */
  trackingNumber?: string,
) {
  if (!isUuid(orderId)) throw new AppError('not_found');
  return deps.db.transaction(async (tx) => {
    const order = await repository.findOrder(tx, orderId, true);
    if (!order) throw new AppError('not_found');
    if (!canShipmentMove(order.status as OrderStatus, order.shipmentStatus as ShipmentStatus, to)) {
      throw new AppError('shipment_step_invalid');
    }
    const now = new Date();
    await repository.setShipmentStatus(tx, orderId, to, now, trackingNumber);
    await recordAuditEventBy(tx, auth, {
      action: 'webshop.order_shipment_moved',
      targetPartyId: order.partyId,
      details: {
        order_id: orderId,
        from: order.shipmentStatus,
        to,
        before: { shipment_status: order.shipmentStatus, tracking_number: order.trackingNumber },
        after: { shipment_status: to, tracking_number: trackingNumber ?? order.trackingNumber },
        tracking_number: trackingNumber ?? null,
      },
      now,
    });
    // The buyer hears that the plates are on their way, committed with the step (issue 17 §1).
    if (to === 'shipped') await queueShipmentMail(tx, orderId);
    const moved = await repository.findOrder(tx, orderId);
    if (!moved) throw new Error('the order vanished');
    return presentOrder(moved);
  });
}

/**
 * POST /api/webshop/orders/{order_id}/refunds (backoffice admins): the whole amount back through the
 * provider that took it — the card provider or Vipps MobilePay (one refund per order: the order id
 * is the refund's idempotency key) — then the order refunded and what it gave withdrawn — its unused
 * credits removed and its subscription's period ended; a bike already registered with one of its
 * credits stays registered. Orders nothing was paid for (vouchers), subscriptions (their invoices
 * are the provider's), orders not settled or captured, or refunded already: 409
 * order_not_refundable.
 */
export async function refundOrder(
  deps: VippsCheckoutDeps,
  auth: RequestAuth,
  orderId: string,
  /** The request's Idempotency-Key: the answer commits with the refunded order. */
  idempotency: IdempotencyClaim | null,
) {
  const order = await lockedOrder(deps, orderId);
  if (
    !order.providerReference ||
    order.totalMinor === 0 ||
    !canOrderMove(order.status as OrderStatus, 'refunded')
  ) {
    throw new AppError('order_not_refundable');
  }
  const refund =
    order.paymentMethod === 'reepay'
      ? await refundCardOrder(deps, order.id, order.providerReference)
      : order.paymentMethod === 'vipps'
        ? await refundVippsOrder(deps, order)
        : null;
  if (!refund) throw new AppError('order_not_refundable');
  return deps.db.transaction(async (tx) => {
    const now = new Date();
    const moved = await repository.updateOrderIf(tx, order.id, ['paid', 'fulfilled'], {
      status: 'refunded',
      closedAt: now,
      updatedAt: now,
    });
    if (moved) {
      await credits.withdrawCreditsOfOrder(tx, order.id, now);
      // A referral reward this order earned its buyer's inviter goes back while unused (issue 30 §1).
      await settleReferralRewardOnRefund(tx, order.id, now);
      // The buyer's mail commits with the refund (issue 15 §7).
      await queueRefundMail(tx, order.id);
      await recordAuditEventBy(tx, auth, {
        action: 'webshop.order_refunded',
        targetPartyId: order.partyId,
        details: { order_id: order.id, amount_minor: refund.amount, currency: refund.currency },
        now,
      });
    }
    const refunded = await repository.findOrder(tx, order.id);
    if (!refunded) throw new Error('the order vanished');
    return keepAnswer(tx, idempotency, presentOrder(refunded));
  });
}

type OrderRefund = { amount: number; currency: string };

/**
 * A card order's invoice has the order's handle; a subscription's invoices are the provider's own
 * (inv-<n>), refunded there, not here: no settled invoice of the order's handle, no refund.
 */
async function refundCardOrder(
  deps: CheckoutDeps,
  orderId: string,
  providerReference: string,
): Promise<OrderRefund | null> {
  const invoice = await deps.reepay.client.getInvoice(providerReference);
  if (invoice?.state !== 'settled') return null;
  const refund = await deps.reepay.client.refund({
    invoice: invoice.handle,
    idempotencyKey: `refund-${orderId}`,
    text: `Refund of order ${orderId}`,
  });
  return refund.state === 'failed' ? null : { amount: refund.amount, currency: refund.currency };
}

/**
 * A Vipps MobilePay order is refunded from what was captured: the whole amount once, nothing while
 * the capture has not happened or after a refund was made there already.
 */
async function refundVippsOrder(
  deps: VippsCheckoutDeps,
  order: { id: string; providerReference: string | null; totalMinor: number; currency: string },
): Promise<OrderRefund | null> {
  const reference = order.providerReference ?? order.id;
  const payment = await deps.vipps.client.getPayment(reference);
  if (!payment || payment.aggregate.capturedAmount < order.totalMinor) return null;
  const amount = { currency: order.currency as 'NOK' | 'DKK', value: order.totalMinor };
  if (payment.aggregate.refundedAmount === 0) {
    await deps.vipps.client.refundPayment(reference, { amount, idempotencyKey: `refund-${order.id}` });
  } else if (payment.aggregate.refundedAmount !== order.totalMinor) {
    return null;
  }
  // A refund already made with our key (an earlier attempt that failed after it) is the same refund.
  return { amount: amount.value, currency: amount.currency };
}
