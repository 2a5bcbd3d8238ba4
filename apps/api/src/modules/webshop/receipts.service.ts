import type { Executor } from '../../db/client.ts';
import type { RequestAuth } from '../../platform/auth/authenticate.ts';
import { AppError } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { mailLanguage } from '../../platform/mail/mail-language.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { formatReceiptNumber, hasReceipt, receiptPathOf } from './orders.presenter.ts';
import * as orders from './orders.repository.ts';
import { buildReceipt, moneyFormatter, type ReceiptDocument } from './receipt.ts';
import { renderReceiptPdf } from './receipt-pdf.ts';
import { receiptSettings } from './receipt-settings.ts';
import { receiptMail, refundMail } from './receipts.mails.ts';
import { countUsedCreditsOfOrder } from './receipts.repository.ts';
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

function receiptOf(order: orders.OrderWithLines): ReceiptDocument | null {
  if (!hasReceipt(order)) return null;
  const seller = receiptSettings().sellers[order.region === 'no' ? 'no' : 'dk'];
  // A refund gives the whole order back (order-staff.service): the receipt says so, with the day.
  return buildReceipt(
    order,
    seller,
    order.status === 'refunded' ? { refundedMinor: order.totalMinor, refundedAt: order.closedAt } : {},
  );
}

/**
 * Queues the receipt mail of an order just paid, in the paying transaction (settleOrder): nothing
 * when the order had nothing to pay (a voucher covered it) or there is no address to send it to.
 */
export async function queueReceiptMail(executor: Executor, orderId: string): Promise<void> {
  const order = await orders.findOrder(executor, orderId);
  if (!order?.buyerEmail) return;
  const receipt = receiptOf(order);
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
  const receipt = receiptOf(order);
  if (!receipt) throw new AppError('not_found');
  return { pdf: await renderReceiptPdf(receipt), fileName: `receipt-${receipt.number}.pdf` };
}

/**
 * Queues the refund mail of an order just refunded in full, in the refunding transaction
 * (order-staff.service refundOrder, after the unused credits are withdrawn): how much, and whether
 * a registration of the order stays on a bike.
 */
export async function queueRefundMail(executor: Executor, orderId: string): Promise<void> {
  const order = await orders.findOrder(executor, orderId);
  if (!order?.buyerEmail || order.status !== 'refunded') return;
  const language = mailLanguage(order.language);
  await enqueueMail(
    executor,
    refundMail({
      to: order.buyerEmail,
      language,
      receiptNumber:
        order.receiptNumber === null ? order.id : formatReceiptNumber(order.region, order.receiptNumber),
      amount: moneyFormatter(language, order.currency)(order.totalMinor),
      creditsKept: await countUsedCreditsOfOrder(executor, order.id),
      ordersLink: ordersLink(receiptSettings().publicUrl),
    }),
  );
}

/** What the personal data export adds to an order (issue 15 §7): where its receipt is. */
export function receiptUrlOf(order: orders.OrderWithLines): string | null {
  const path = receiptPathOf(order);
  return path ? `${receiptSettings().publicUrl}${path}` : null;
}
