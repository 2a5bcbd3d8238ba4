/*
 * What other parts may use of insurance. No module imports it (it sits above theft, docs/
 * architecture.md); the use cases take its personal data export and account deletion steps and
 * the payout's steps (use-cases/pay-insurance-claim.ts), and the alert of an insurer when someone
 * contacts the owner of a bike it paid out for (use-cases/owner-contacted.ts); the demo seed and the tests store
 * insurers' products and pre-registrations through it (insurers upload pre-registrations as CSV in
 * their admin, issue 16 §4; products have no admin screen yet). Everything here runs in the
 * caller's executor.
 */

export type { InsuranceProductInput, PreRegistrationRow } from '@nbr/domain/insurance';
export type { InsuranceDeps } from './insurance.deps.ts';
export {
  alertInsurerOfContact,
  findPayableClaim,
  type PayableClaim,
  recordPayout,
} from './payouts.service.ts';
export { insurancePersonalData } from './personal-data.repository.ts';
export { forgetInsuranceOf, preRegisterPolicies } from './pre-registrations.service.ts';
export { hasProducts, storeInsuranceProduct } from './products.service.ts';
