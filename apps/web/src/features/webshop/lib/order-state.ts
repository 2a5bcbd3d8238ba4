import type { Order, OrderStatus } from '@nbr/domain/webshop';

/*
 * What the return pages and the order list make of an order's state. The page never reads the
 * provider's return parameters: only the order as the API answers it (SPEC §4, issue 15 §2).
 */

/** Paid (and delivered) orders: the provider has confirmed the payment. */
export function isConfirmed(status: OrderStatus): boolean {
  return status === 'paid' || status === 'fulfilled';
}

/** States that will not change by waiting: the return page stops asking. */
export function isSettled(status: OrderStatus): boolean {
  return status !== 'pending' && status !== 'failed';
}

export type ReturnView = 'waiting' | 'confirmed' | 'not-paid' | 'refunded';

/**
 * What the return page shows for an order: still waiting for the provider (pending, and failed,
 * which the provider may still turn into paid), confirmed, or closed without payment.
 */
export function returnView(status: OrderStatus): ReturnView {
  if (isConfirmed(status)) return 'confirmed';
  if (status === 'refunded') return 'refunded';
  if (status === 'cancelled') return 'not-paid';
  return 'waiting';
}

/** Whether a paid order gave the person a registration (so the way on is registering a bike). */
export function boughtRegistration(order: Pick<Order, 'lines'>): boolean {
  return order.lines.some((line) => line.kind === 'registration' || line.kind === 'subscription');
}

/** Registrations bought for a named bike (they went straight onto it). */
export function registeredBikeIds(order: Pick<Order, 'lines'>): string[] {
  return order.lines
    .filter((line) => line.kind === 'registration' && line.bike_id !== null)
    .map((line) => line.bike_id as string);
}

/** Physical goods in the order (plates, the BikeDNA kit): shown with their delivery time. */
export function hasGoods(order: Pick<Order, 'lines' | 'shipment_status'>): boolean {
  return order.shipment_status !== 'none' || order.lines.some((line) => line.kind === 'plates');
}

/** One label for the order list: payment state, and for goods the shipping state once paid. */
export type OrderLabel =
  | 'pending'
  | 'failed'
  | 'cancelled'
  | 'refunded'
  | 'paid'
  | 'waiting'
  | 'packed'
  | 'shipped';

export function orderLabel(order: Pick<Order, 'status' | 'shipment_status'>): OrderLabel {
  if (order.status === 'fulfilled' || order.status === 'paid') {
    return order.shipment_status === 'none' ? 'paid' : order.shipment_status;
  }
  return order.status;
}
