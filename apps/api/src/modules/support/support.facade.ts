/*
 * What the use cases may use of support (no module imports it: support sits at the edge): the
 * person's tickets in their personal data export, and forgetting them with the account.
 */

export { forgetSupportTicketsOf, supportPersonalData } from './personal-data.repository.ts';
