/*
 * What other parts may use of insurance. No module imports it (it sits above bikes, docs/
 * architecture.md); the use cases take its personal data export and account deletion steps, the
 * demo seed and the tests store insurers' products and pre-registrations through it until the
 * insurer's admin does (issue 16 §4). Everything here runs in the caller's executor.
 */

export type { InsuranceProductInput, PreRegistrationRow } from '@nbr/domain/insurance';
export type { InsuranceDeps } from './insurance.deps.ts';
export { findPayableClaim, type PayableClaim, recordPayout } from './payouts.service.ts';
export { insurancePersonalData } from './personal-data.repository.ts';
export { forgetInsuranceOf, preRegisterPolicies } from './pre-registrations.service.ts';
export { hasProducts, storeInsuranceProduct } from './products.service.ts';
