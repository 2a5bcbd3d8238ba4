import type { Executor } from '../../db/client.ts';
import type { RequestAuth } from '../../platform/auth/authenticate.ts';
import { AppError } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import * as orders from './orders.repository.ts';
import { buildReceipt, hasReceipt, type ReceiptDocument } from './receipt.ts';
import { renderReceiptPdf } from './receipt-pdf.ts';
import { receiptSettings } from './receipt-settings.ts';
import { receiptMail } from './receipts.mails.ts';
import * as refunds from './refunds.repository.ts';
import type { WebshopDeps } from './webshop.service.ts';

/*
 * Receipts (issue 15 §7): every order paid with money has one, numbered in its region's series in
 * the paying transaction (settleOrder). The mail goes out through the outbox from that same
 * transaction, so it is sent exactly when the payment commits; the PDF is made on request from the
 * stored order, the same every time (with the refunds made since).
 */

/** Where the buyer finds their orders and the receipts as PDF. */
export function ordersLink(publicUrl: string): string {
  return `${publicUrl}/app/orders`;
}

async function receiptOf(executor: Executor, order: orders.OrderWithLines): Promise<ReceiptDocument | null> {
  if (!hasReceipt(order)) return null;
  const seller = receiptSettings().sellers[order.region === 'no' ? 'no' : 'dk'];
  const refunded = await refunds.listCompletedRefunds(executor, order.id);
  const last = refunded.at(-1);
  return buildReceipt(order, seller, {
    refundedMinor: refunded.reduce((sum, refund) => sum + refund.amountMinor, 0),
    refundedAt: last?.completedAt ?? null,
  });
}

/**
 * Queues the receipt mail of an order just paid, in the paying transaction (settleOrder): nothing
 * when the order had nothing to pay (a voucher covered it) or there is no address to send it to.
 */
export async function queueReceiptMail(executor: Executor, orderId: string): Promise<void> {
  const order = await orders.findOrder(executor, orderId);
  if (!order?.buyerEmail) return;
  const receipt = await receiptOf(executor, order);
  if (!receipt) return;
  await enqueueMail(
    executor,
    receiptMail({ to: order.buyerEmail, receipt, ordersLink: ordersLink(receiptSettings().publicUrl) }),
  );
}

/**
 * GET /api/webshop/orders/{order_id}/receipt: the receipt as a PDF, to the order's buyer only
 * (anyone else, and an order without a receipt, 404).
 */
export async function receiptPdf(
  deps: WebshopDeps,
  auth: RequestAuth,
  orderId: string,
): Promise<{ pdf: Buffer; fileName: string }> {
  if (!isUuid(orderId)) throw new AppError('not_found');
  const order = await orders.findOrder(deps.db, orderId);
  if (!order || order.partyId !== auth.partyId) throw new AppError('not_found');
  const receipt = await receiptOf(deps.db, order);
  if (!receipt) throw new AppError('not_found');
  return { pdf: await renderReceiptPdf(receipt), fileName: `receipt-${receipt.number}.pdf` };
}

/**
 * What the personal data export adds to an order (issue 15 §7): where its receipt is (the PDF for
 * the signed-in buyer) and the refunds made of it.
 */
export async function receiptsPersonalData(executor: Executor, order: orders.OrderWithLines) {
  const made = await refunds.listRefundsOfOrder(executor, order.id);
  return {
    receipt_url: hasReceipt(order)
      ? `${receiptSettings().publicUrl}/api/webshop/orders/${order.id}/receipt`
      : null,
    refunds: made.map((refund) => ({
      amount_minor: refund.amountMinor,
      state: refund.state,
      credits_withdrawn: refund.creditsWithdrawn,
      credits_kept: refund.creditsKept,
      created_at: refund.createdAt.toISOString(),
      completed_at: refund.completedAt?.toISOString() ?? null,
    })),
  };
}
