/*
 * What other modules may use of the webshop (bikes: whether the party may add a bike, and the credit
 * an ownership uses or gives back, the sticker a subscription kept for the first bike; insurance: the
 * plates for insured bikes; support: the order a ticket is about; account deletion: orders kept for bookkeeping, pseudonymised). Everything here runs in the caller's executor.
 */

import type { Executor } from '../../db/client.ts';
import { findOrder } from './orders.repository.ts';

export type { CheckoutDeps } from './checkout.service.ts';
export { type InsurancePlateOrder, placeInsurancePlateOrder } from './insurance-plates.service.ts';
export {
  forgetBuyerAddressOnOrdersOfOthers,
  pseudonymiseOrdersOf,
  takeWaitingPlate,
} from './orders.repository.ts';
export {
  organisationOrderState,
  startOrganisationSubscription,
} from './organisation-subscriptions.service.ts';
export { webshopPersonalData } from './personal-data.repository.ts';
export { assertCanAddBike, releaseCreditOfOwnership, useCreditForOwnership } from './webshop.service.ts';

/** An order of this party (support: a ticket about one of the person's orders); null for anyone else's. */
export async function findOrderOfParty(
  executor: Executor,
  orderId: string,
  partyId: string,
): Promise<{ id: string; receiptNumber: number | null; createdAt: Date } | null> {
  const order = await findOrder(executor, orderId);
  if (!order || order.partyId !== partyId) return null;
  return { id: order.id, receiptNumber: order.receiptNumber, createdAt: order.createdAt };
}

/** Orders by id (no access check: support staff see what a ticket is about). */
export async function findOrdersByIds(
  executor: Executor,
  orderIds: readonly string[],
): Promise<Map<string, { id: string; receiptNumber: number | null; createdAt: Date }>> {
  const result = new Map<string, { id: string; receiptNumber: number | null; createdAt: Date }>();
  for (const id of new Set(orderIds)) {
    const order = await findOrder(executor, id);
    if (order)
      result.set(id, { id: order.id, receiptNumber: order.receiptNumber, createdAt: order.createdAt });
  }
  return result;
}
