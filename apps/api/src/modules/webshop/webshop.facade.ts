/*
 * What other modules may use of the webshop (bikes: whether the party may add a bike, and the credit
 * an ownership uses or gives back, the sticker a subscription kept for the first bike; insurance: the
 * plates for insured bikes; account deletion: orders kept for bookkeeping, pseudonymised). Everything here runs in the caller's executor.
 */

export type { CheckoutDeps } from './checkout.service.ts';
export { type InsurancePlateOrder, placeInsurancePlateOrder } from './insurance-plates.service.ts';
export { pseudonymiseOrdersOf, takeWaitingPlate } from './orders.repository.ts';
export {
  organisationOrderState,
  startOrganisationSubscription,
} from './organisation-subscriptions.service.ts';
export { webshopPersonalData } from './personal-data.repository.ts';
export { assertCanAddBike, releaseCreditOfOwnership, useCreditForOwnership } from './webshop.service.ts';
