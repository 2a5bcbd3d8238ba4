import type { AuditAction } from '@nbr/domain/backoffice';

/**
 * The audit events a person sees in their access log (issue 17 §3): an organisation or our staff
 * looked them or their bikes up. A closed list: an event is shown when its action is here, its
 * `target_party_id` is the person and its actor is someone else. Who is told by organisation
 * (`details.organisation_party_id`, or `details.insurer_party_id` for the insurer's own screens),
 * otherwise as the register's staff; why by `details.reason` or the police's `details.case_number`.
 * A module that audits a new look-up of a person adds its action here. Support's work on a ticket
 * the person wrote to us (`support.ticket_viewed`, answered…) is not a look-up: they asked us to read it.
 */
export const ACCESS_LOG_ACTIONS = [
  /** Staff opened the owner's view of a bike; staff switched into the person's account. */
  'bike.viewed_by_staff',
  'switch_user.start',
  /** Staff opened the person's page in the backoffice, or read their private data with a reason. */
  'backoffice.person_viewed',
  'backoffice.private_data_read',
  /** Staff opened the private part of the person's theft report (the review queue), with a reason. */
  'theft.report_viewed_by_staff',
  /** Our staff or the insurer read the person's policy, checkout details, lock test or proof. */
  'insurance.policy_viewed_by_staff',
  'insurance.lock_test_viewed_by_staff',
  'insurance.verification_viewed_by_staff',
  'insurance.holder_details_viewed',
  'insurance.national_id_revealed',
  'insurance.insured_bike_viewed',
  /** /org-bike-search: a bike opened; the owner's contact details revealed to the police. */
  'org_search.bike_viewed',
  'org_search.owner_contact_revealed',
  /** A dock's operator opened the lock the person's bike was locked in, with a reason (issue 28). */
  'dock.lock_opened_remotely',
  /** An organisation checked the bike's frame number or plate with its API key (issue 32 §1). */
  'check.identifier_checked',
] as const satisfies readonly AuditAction[];
export type AccessLogAction = (typeof ACCESS_LOG_ACTIONS)[number];
