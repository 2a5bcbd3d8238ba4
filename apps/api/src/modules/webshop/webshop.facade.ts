/*
 * What other modules may use of the webshop (bikes: whether the party may add a bike, and the credit
 * an ownership uses or gives back, the sticker a subscription kept for the first bike; account deletion: orders kept for bookkeeping, pseudonymised). Everything here runs in the caller's executor.
 */

export type { CheckoutDeps } from './checkout.service.ts';
export { pseudonymiseOrdersOf, takeWaitingPlate } from './orders.repository.ts';
export {
  organisationOrderState,
  startOrganisationSubscription,
} from './organisation-subscriptions.service.ts';
export { webshopPersonalData } from './personal-data.repository.ts';
export { assertCanAddBike, releaseCreditOfOwnership, useCreditForOwnership } from './webshop.service.ts';
