import type { Refund, RefundCreate } from '@nbr/domain/webshop-receipts';
import { WITHDRAWAL_DAYS } from '@nbr/domain/webshop-receipts';
import { recordAuditEventBy } from '../../platform/audit/audit.ts';
import type { RequestAuth } from '../../platform/auth/authenticate.ts';
import { AppError } from '../../platform/errors.ts';
import { isUuid, uuidv7 } from '../../platform/ids.ts';
import { mailLanguage } from '../../platform/mail/mail-language.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import type { CheckoutDeps } from './checkout.service.ts';
import { formatReceiptNumber } from './orders.presenter.ts';
import * as orders from './orders.repository.ts';
import { moneyFormatter } from './receipt.ts';
import { receiptSettings } from './receipt-settings.ts';
import { refundMail } from './receipts.mails.ts';
import { ordersLink } from './receipts.service.ts';
import * as refunds from './refunds.repository.ts';

/*
 * Refunds (issue 15 §7: the 14-day right of withdrawal, payments.md §4.3), made by backoffice
 * admins through the card provider. Exactly once, in three steps so no lock is held while the
 * provider is asked: (1) under the order's row lock the amount is checked against what is left and
 * held by a `pending` refund; (2) the provider refunds it, keyed by that refund's id (asked twice,
 * it refunds once); (3) in one transaction the refund is marked done, and once the whole order is
 * given back the order becomes `refunded` and its unused credits are taken back (a registration
 * already used on a bike stays), the audit event is written and the buyer's mail queued. A
 * provider that refuses or is down marks the refund failed: nothing was given back, and it may be
 * asked again. The Idempotency-Key of the route answers a repeated request with the first answer.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** Orders paid by card at Reepay, for one invoice (a subscription's invoices are refunded at the provider). */
function refundableInvoice(order: orders.OrderWithLines): string | null {
  if (order.paymentMethod !== 'reepay' || !order.providerReference || !order.paidAt) return null;
  if (order.lines.some((line) => line.kind === 'subscription')) return null;
  return order.providerReference;
}

export async function refundOrder(
  deps: CheckoutDeps,
  auth: RequestAuth,
  orderId: string,
  input: RefundCreate,
): Promise<Refund> {
  if (!isUuid(orderId)) throw new AppError('not_found');
  const started = new Date();
  const held = await deps.db.transaction(async (tx) => {
    const order = await orders.findOrder(tx, orderId, true);
    if (!order) throw new AppError('not_found');
    const invoice = refundableInvoice(order);
    if (!invoice || (order.status !== 'paid' && order.status !== 'fulfilled')) {
      throw new AppError('order_not_refundable');
    }
    const left = order.totalMinor - (await refunds.heldRefundMinor(tx, order.id));
    if (left <= 0) throw new AppError('order_not_refundable');
    const amount = input.amount_minor ?? left;
    if (amount > left) throw new AppError('refund_exceeds_paid');
    const refundId = uuidv7(started.getTime());
    await refunds.insertRefund(tx, {
      id: refundId,
      orderId: order.id,
      amountMinor: amount,
      state: 'pending',
      createdByPartyId: auth.identityPartyId,
      createdAt: started,
    });
    return { order, invoice, refundId, amount, whole: amount === left };
  });

  let providerRefund: Awaited<ReturnType<CheckoutDeps['reepay']['client']['refund']>>;
  try {
    providerRefund = await deps.reepay.client.refund({
      invoice: held.invoice,
      idempotencyKey: held.refundId,
      amount: held.amount,
    });
  } catch (error) {
    await refunds.updateRefund(deps.db, held.refundId, { state: 'failed', completedAt: new Date() });
    throw error;
  }
  if (providerRefund.state === 'failed') {
    await refunds.updateRefund(deps.db, held.refundId, { state: 'failed', completedAt: new Date() });
    throw new AppError('payment_provider_rejected');
  }

  const now = new Date();
  const { order } = held;
  return deps.db.transaction(async (tx) => {
    let withdrawn = 0;
    let kept = 0;
    let status = order.status;
    if (held.whole) {
      // The order is given back in full: its credits go, except those used on a bike.
      const subscription = await refunds.findSubscriptionOfOrder(tx, order.id);
      const granted: Array<{ subscriptionId: string; count: number }> = [];
      if (subscription) granted.push({ subscriptionId: subscription.id, count: Number.POSITIVE_INFINITY });
      for (const line of order.lines) {
        if (line.kind === 'subscription_credit' && line.subscriptionId) {
          granted.push({ subscriptionId: line.subscriptionId, count: line.quantity });
        }
      }
      for (const grant of granted) {
        const total =
          grant.count === Number.POSITIVE_INFINITY
            ? await refunds.countCredits(tx, grant.subscriptionId)
            : grant.count;
        const gone = await refunds.withdrawFreeCredits(tx, grant.subscriptionId, total);
        withdrawn += gone;
        kept += total - gone;
      }
      if (subscription) await refunds.endSubscriptionPeriod(tx, subscription.id, now);
      await orders.updateOrderIf(tx, order.id, ['paid', 'fulfilled'], {
        status: 'refunded',
        closedAt: now,
        updatedAt: now,
      });
      status = 'refunded';
    }
    await refunds.updateRefund(tx, held.refundId, {
      state: 'refunded',
      providerRefundId: providerRefund.id,
      creditsWithdrawn: withdrawn,
      creditsKept: kept,
      completedAt: now,
    });
    const receiptNumber =
      order.receiptNumber === null ? order.id : formatReceiptNumber(order.region, order.receiptNumber);
    await recordAuditEventBy(tx, auth, {
      action: 'webshop.order_refunded',
      targetPartyId: order.partyId,
      details: {
        order_id: order.id,
        receipt_number: receiptNumber,
        refund_id: held.refundId,
        amount_minor: held.amount,
        currency: order.currency,
        credits_withdrawn: withdrawn,
        credits_kept: kept,
      },
      now,
    });
    if (order.buyerEmail) {
      const language = mailLanguage(order.language);
      await enqueueMail(
        tx,
        refundMail({
          to: order.buyerEmail,
          language,
          receiptNumber,
          amount: moneyFormatter(language, order.currency)(held.amount),
          creditsWithdrawn: withdrawn,
          creditsKept: kept,
          ordersLink: ordersLink(receiptSettings().publicUrl),
        }),
      );
    }
    return {
      id: held.refundId,
      order_id: order.id,
      amount_minor: held.amount,
      currency: order.currency as 'DKK' | 'NOK',
      state: providerRefund.state === 'processing' ? 'processing' : 'refunded',
      order_status: status,
      within_withdrawal_period: order.paidAt
        ? now.getTime() - order.paidAt.getTime() <= WITHDRAWAL_DAYS * DAY_MS
        : false,
      credits_withdrawn: withdrawn,
      credits_kept: kept,
    };
  });
}
