/*
 * What the use cases and the modules above theft may use of it: account deletion forgets the theft
 * reports a person made of bikes that are now someone else's; insurance reads the reports their
 * makers shared with their insurer (issue 16 §4); deleting bikes removes the stored photos of their
 * pickups (issue 17 §3); app.ts wires the "owner contacted" callback of its deps
 * (use-cases/owner-contacted.ts); search shows a stolen bike as its report describes it (issue 27);
 * a dock's operator hands a bike left in a lock to the held-bike workflow (docks, issue 28: opens its
 * own transaction, with the dock's step in it). The rest runs in the caller's transaction.
 */

export { formatMailDate } from './item-pickups.mails.ts';
export { photoKeysOfBikes as pickupPhotoKeysOfBikes } from './item-pickups.repository.ts';
export { createHeldBikeById } from './item-pickups.service.ts';
export { theftPersonalData } from './personal-data.repository.ts';
export { type ReportedLooks, reportedLooksOfStolenBikes } from './stolen-bikes.repository.ts';
export type { BikeReportedStolen, OwnerContacted, TheftDeps } from './theft.deps.ts';
// A bike's stolen and recovered dates, for resale certificates (issue 32 §4).
export { theftHistoryOfBike } from './theft-reports.repository.ts';
export {
  forgetTheftReportsOf,
  type SharedTheftReportFacts,
  sharedTheftReportsOfBikes,
} from './theft-reports.service.ts';
