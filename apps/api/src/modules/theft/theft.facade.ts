/*
 * What the use cases above the modules may use of theft: account deletion forgets the theft
 * reports a person made of bikes that are now someone else's. Runs in the caller's transaction.
 */

export { theftPersonalData } from './personal-data.repository.ts';
export { forgetTheftReportsOf } from './theft-reports.service.ts';
