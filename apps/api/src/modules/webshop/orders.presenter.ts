import {
  type Order,
  type OrderLineKind,
  type OrderStatus,
  PLATE_DELIVERY_BUSINESS_DAYS,
  type ShipmentStatus,
} from '@nbr/domain/webshop';
import type { OrderWithLines } from './orders.repository.ts';

/** Whether the order has a receipt: it was paid with money and given its number then. */
export function hasReceipt(order: OrderWithLines): order is OrderWithLines & {
  receiptNumber: number;
  paidAt: Date;
} {
  return order.receiptNumber !== null && order.paidAt !== null;
}

/** Where the order's receipt PDF is (GET with the buyer's bearer token), or null before it has one. */
export function receiptPathOf(order: OrderWithLines): string | null {
  return hasReceipt(order) ? `/api/webshop/orders/${order.id}/receipt` : null;
}

/** A receipt number as printed: the region's series and the number (DK-000042). */
export function formatReceiptNumber(region: string, number: number): string {
  return `${region.toUpperCase()}-${String(number).padStart(6, '0')}`;
}

/** One order as its buyer sees it (GET /api/webshop/orders, …/{order_id}). */
export function presentOrder(order: OrderWithLines): Order {
  const physical = order.shipmentStatus !== 'none';
  return {
    id: order.id,
    status: order.status as OrderStatus,
    shipment_status: order.shipmentStatus as ShipmentStatus,
    region: order.region as 'dk' | 'no',
    currency: order.currency as 'DKK' | 'NOK',
    subtotal_minor: order.subtotalMinor,
    discount_minor: order.discountMinor,
    total_minor: order.totalMinor,
    vat_minor: order.vatMinor,
    payment_method: order.paymentMethod,
    receipt_number:
      order.receiptNumber === null ? null : formatReceiptNumber(order.region, order.receiptNumber),
    receipt_url: receiptPathOf(order),
    tracking_number: order.trackingNumber ?? null,
    waiting_plate_id: order.waitingPlateTakenAt === null ? (order.waitingPlateCode ?? null) : null,
    lines: order.lines.map((line) => ({
      product_id: line.productId,
      kind: line.kind as OrderLineKind,
      description: line.description,
      quantity: line.quantity,
      unit_price_minor: line.unitPriceMinor,
      vat_rate_percent: line.vatRatePercent,
      total_minor: line.totalMinor,
      vat_minor: line.vatMinor,
      bike_id: line.bikeId,
    })),
    shipping_address: order.shippingAddress ?? null,
    delivery_business_days:
      physical || order.lines.some((line) => line.kind === 'plates')
        ? { ...PLATE_DELIVERY_BUSINESS_DAYS }
        : null,
    created_at: order.createdAt.toISOString(),
    paid_at: order.paidAt?.toISOString() ?? null,
    fulfilled_at: order.fulfilledAt?.toISOString() ?? null,
  };
}
