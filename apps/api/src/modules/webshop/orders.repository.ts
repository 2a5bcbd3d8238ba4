import { and, asc, desc, eq, ilike, inArray, isNotNull, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import { organisations } from '../../db/schema/organisations.ts';
import {
  orderLines,
  orders,
  paymentWebhookEvents,
  receiptSequences,
  voucherRedemptions,
  vouchers,
} from '../../db/schema/webshop.ts';

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;
export type NewOrderLine = typeof orderLines.$inferInsert;

export interface OrderWithLines extends OrderRow {
  lines: OrderLineRow[];
}

export async function insertOrder(executor: Executor, order: NewOrder, lines: NewOrderLine[]): Promise<void> {
  await executor.insert(orders).values(order);
  if (lines.length > 0) await executor.insert(orderLines).values(lines);
}

async function withLines(executor: Executor, rows: OrderRow[]): Promise<OrderWithLines[]> {
  if (rows.length === 0) return [];
  const lines = await executor
    .select()
    .from(orderLines)
    .where(
      inArray(
        orderLines.orderId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(orderLines.position));
  return rows.map((row) => ({ ...row, lines: lines.filter((line) => line.orderId === row.id) }));
}

export async function findOrder(
  executor: Executor,
  orderId: string,
  lock = false,
): Promise<OrderWithLines | null> {
  const query = executor.select().from(orders).where(eq(orders.id, orderId));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) return null;
  const [order] = await withLines(executor, [row]);
  return order ?? null;
}

export async function findOrderIdByProviderReference(
  executor: Executor,
  paymentMethod: string,
  reference: string,
): Promise<string | null> {
  const [row] = await executor
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.paymentMethod, paymentMethod), eq(orders.providerReference, reference)));
  return row?.id ?? null;
}

export async function listOrdersOfParty(executor: Executor, partyId: string): Promise<OrderWithLines[]> {
  const rows = await executor
    .select()
    .from(orders)
    .where(eq(orders.partyId, partyId))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  return withLines(executor, rows);
}

/** Changes an order only if it is still in one of `from` (the state machine's guard under concurrency). */
export async function updateOrderIf(
  executor: Executor,
  orderId: string,
  from: string[],
  values: Partial<NewOrder>,
): Promise<boolean> {
  const rows = await executor
    .update(orders)
    .set(values)
    .where(and(eq(orders.id, orderId), inArray(orders.status, from)))
    .returning({ id: orders.id });
  return rows.length === 1;
}

export async function setPaymentSession(
  executor: Executor,
  orderId: string,
  values: { providerReference: string; paymentUrl: string; now: Date },
): Promise<void> {
  await executor
    .update(orders)
    .set({
      providerReference: values.providerReference,
      paymentUrl: values.paymentUrl,
      updatedAt: values.now,
    })
    .where(eq(orders.id, orderId));
}

/** The next receipt number of a region's series; the row lock keeps the series gap-free and unique. */
export async function nextReceiptNumber(executor: Executor, region: string): Promise<number> {
  const [row] = await executor
    .update(receiptSequences)
    .set({ lastNumber: sql`${receiptSequences.lastNumber} + 1` })
    .where(eq(receiptSequences.region, region))
    .returning({ number: receiptSequences.lastNumber });
  if (!row) throw new Error(`no receipt series for region ${region}`);
  return row.number;
}

/** Orders of a payment method still waiting for their payment since before `before`, oldest first. */
export async function listAwaitingPayment(
  executor: Executor,
  paymentMethod: string,
  before: Date,
  limit: number,
): Promise<Array<{ id: string; providerReference: string | null; createdAt: Date }>> {
  return executor
    .select({ id: orders.id, providerReference: orders.providerReference, createdAt: orders.createdAt })
    .from(orders)
    .where(
      and(
        inArray(orders.status, ['pending', 'failed']),
        eq(orders.paymentMethod, paymentMethod),
        lt(orders.createdAt, before),
      ),
    )
    .orderBy(asc(orders.createdAt))
    .limit(limit);
}

/**
 * Records a webhook event by the provider's event id; false when it was recorded before (a replay
 * or a second delivery), so the caller processes each event once.
 */
export async function recordWebhookEvent(
  executor: Executor,
  event: { provider: string; eventId: string; eventType: string; objectReference: string | null; now: Date },
): Promise<boolean> {
  const rows = await executor
    .insert(paymentWebhookEvents)
    .values({
      provider: event.provider,
      eventId: event.eventId,
      eventType: event.eventType,
      objectReference: event.objectReference,
      receivedAt: event.now,
      processedAt: event.now,
    })
    .onConflictDoNothing()
    .returning({ eventId: paymentWebhookEvents.eventId });
  return rows.length === 1;
}

/** Account deletion: the orders stay for bookkeeping, without the buyer's address or where to ship. */
export async function pseudonymiseOrdersOf(executor: Executor, partyId: string, now: Date): Promise<void> {
  await executor
    .update(orders)
    .set({
      buyerEmail: null,
      shippingAddress: null,
      paymentUrl: null,
      // The carrier's record behind it holds the address.
      trackingNumber: null,
      // The card's type and masked number were kept against self-referral only (issue 30 §1).
      paidWithCard: null,
      pseudonymisedAt: now,
      updatedAt: now,
    })
    .where(eq(orders.partyId, partyId));
}

/**
 * Account deletion: orders the person placed for someone else (an organisation they administered)
 * stay the organisation's, for bookkeeping, but no longer carry the person's address: the receipt
 * address becomes the organisation's own invoice address, or none (issue 27). `addresses` are the
 * person's, lower-case.
 */
export async function forgetBuyerAddressOnOrdersOfOthers(
  executor: Executor,
  partyId: string,
  addresses: readonly string[],
  now: Date,
): Promise<void> {
  const lowered = addresses.map((address) => address.toLowerCase());
  if (lowered.length === 0) return;
  // The organisation's invoice address, unless that too is one of the person's.
  const invoiceAddress = sql`(select ${organisations.billingEmail} from ${organisations}
    where ${organisations.partyId} = ${orders.partyId}
      and not (${inArray(sql`lower(${organisations.billingEmail})`, lowered)}))`;
  await executor
    .update(orders)
    .set({ buyerEmail: invoiceAddress, updatedAt: now })
    .where(and(sql`${orders.partyId} <> ${partyId}`, inArray(sql`lower(${orders.buyerEmail})`, lowered)));
}

/** Gives a voucher use back when its order could not even be started (the provider was down). */
export async function releaseVoucherOfOrder(
  executor: Executor,
  orderId: string,
  voucherId: string,
): Promise<void> {
  const released = await executor
    .delete(voucherRedemptions)
    .where(and(eq(voucherRedemptions.orderId, orderId), eq(voucherRedemptions.voucherId, voucherId)))
    .returning({ id: voucherRedemptions.id });
  if (released.length > 0) {
    await executor
      .update(vouchers)
      .set({ redemptions: sql`greatest(${vouchers.redemptions} - 1, 0)` })
      .where(eq(vouchers.id, voucherId));
  }
}

/** Whether the provider's event was processed before. */
export async function hasWebhookEvent(
  executor: Executor,
  provider: string,
  eventId: string,
): Promise<boolean> {
  const [row] = await executor
    .select({ eventId: paymentWebhookEvents.eventId })
    .from(paymentWebhookEvents)
    .where(and(eq(paymentWebhookEvents.provider, provider), eq(paymentWebhookEvents.eventId, eventId)));
  return row !== undefined;
}

export async function setShipmentStatus(
  executor: Executor,
  orderId: string,
  status: string,
  now: Date,
  trackingNumber?: string,
): Promise<void> {
  await executor
    .update(orders)
    .set({
      shipmentStatus: status,
      ...(trackingNumber === undefined ? {} : { trackingNumber }),
      updatedAt: now,
    })
    .where(eq(orders.id, orderId));
}

/** The oldest paid order whose sticker still waits for the person's first bike, or none. */
async function findWaitingPlateOrder(executor: Executor, partyId: string) {
  const [row] = await executor
    .select({ id: orders.id, code: orders.waitingPlateCode })
    .from(orders)
    .where(
      and(
        eq(orders.partyId, partyId),
        isNotNull(orders.waitingPlateCode),
        isNull(orders.waitingPlateTakenAt),
        inArray(orders.status, ['paid', 'fulfilled']),
      ),
    )
    .orderBy(asc(orders.paidAt))
    .limit(1);
  return row ?? null;
}

/** The sticker a paid subscription keeps for the person's first bike, or null. */
export async function findWaitingPlate(executor: Executor, partyId: string): Promise<string | null> {
  return (await findWaitingPlateOrder(executor, partyId))?.code ?? null;
}

/**
 * Takes the sticker a paid subscription kept for the person's first bike: answered once (the
 * conditional update makes two registrations at once take it once), null when none waits.
 */
export async function takeWaitingPlate(
  executor: Executor,
  partyId: string,
  now: Date,
): Promise<string | null> {
  const waiting = await findWaitingPlateOrder(executor, partyId);
  if (!waiting) return null;
  const [taken] = await executor
    .update(orders)
    .set({ waitingPlateTakenAt: now, updatedAt: now })
    .where(and(eq(orders.id, waiting.id), isNull(orders.waitingPlateTakenAt)))
    .returning({ code: orders.waitingPlateCode });
  return taken?.code ?? null;
}

/**
 * Staff's search of the shop's orders, newest first: by receipt number (its digits, in any region),
 * order id, or part of the buyer's address; by status and shipment status. Answers one more row than
 * `limit` when there are more.
 */
export async function searchOrders(
  executor: Executor,
  filter: { query: string; status?: string; shipmentStatus?: string; limit: number; offset: number },
): Promise<OrderWithLines[]> {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(orders.status, filter.status));
  if (filter.shipmentStatus) conditions.push(eq(orders.shipmentStatus, filter.shipmentStatus));
  const text = filter.query.trim();
  if (text !== '') {
    const matches: SQL[] = [];
    const receipt = /^(?:([a-z]{2})-)?0*(\d{1,9})$/i.exec(text);
    if (receipt?.[2]) {
      const number = eq(orders.receiptNumber, Number(receipt[2]));
      matches.push(receipt[1] ? (and(number, eq(orders.region, receipt[1].toLowerCase())) as SQL) : number);
    }
    if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(text)) {
      matches.push(eq(orders.id, text.toLowerCase()));
    }
    matches.push(ilike(orders.buyerEmail, containsPattern(text)));
    const any = or(...matches);
    if (any) conditions.push(any);
  }
  const rows = await executor
    .select()
    .from(orders)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(filter.limit + 1)
    .offset(filter.offset);
  return withLines(executor, rows);
}
