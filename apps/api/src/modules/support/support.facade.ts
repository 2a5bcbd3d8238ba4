/*
 * What the use cases may use of support (no module imports it: support sits at the edge): the
 * person's tickets in their personal data export, forgetting them with the account, and a proven
 * address claiming the questions asked from it as a visitor.
 */

export { forgetSupportTicketsOf, supportPersonalData } from './personal-data.repository.ts';
export { claimGuestTickets } from './support.service.ts';
