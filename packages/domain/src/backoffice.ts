import { z } from 'zod';

/*
 * Backoffice contract shared by the web app and the API: staff roles, the identity search, the
 * switch-user answer and the audit trail. Custom zod messages are validation codes (see
 * VALIDATION_MESSAGES in identity.ts).
 */

/** `support` helps users and may switch into their accounts; `admin` also manages staff and reads the audit trail. */
export const STAFF_ROLES = ['support', 'admin'] as const;
export const StaffRoleSchema = z.enum(STAFF_ROLES, { error: 'invalid_value' });
export type StaffRole = z.infer<typeof StaffRoleSchema>;

/** Shorter queries match nearly everyone; the search answers the newest sign-ups instead of a useless list. */
export const IDENTITY_SEARCH_MIN_LENGTH = 2;
export const IDENTITY_SEARCH_MAX_LENGTH = 100;
export const IDENTITY_SEARCH_PAGE_SIZE = 20;
/** Deep pages of a contains-search cost a full scan each; nobody reads page 500 of a people search. */
export const IDENTITY_SEARCH_MAX_PAGE = 100;
/** A switch-user session ends on its own after an hour, so a forgotten tab does not keep staff inside an account. */
export const SWITCH_USER_TTL_MINUTES = 60;
export const AUDIT_EVENTS_LIMIT = 50;

/** GET /backoffice/identities — `query` matches e-mail or name (case-insensitive); empty lists the newest. */
export const IdentitySearchQuerySchema = z.object({
  query: z
    .string()
    .trim()
    .max(IDENTITY_SEARCH_MAX_LENGTH, { error: 'too_long' })
    .refine((value) => value === '' || value.length >= IDENTITY_SEARCH_MIN_LENGTH, { error: 'invalid_value' })
    .optional()
    .default(''),
  page: z.coerce
    .number({ error: 'invalid_value' })
    .int({ error: 'invalid_value' })
    .min(1, { error: 'invalid_value' })
    .max(IDENTITY_SEARCH_MAX_PAGE, { error: 'invalid_value' })
    .optional()
    .default(1),
});
export type IdentitySearchQuery = z.infer<typeof IdentitySearchQuerySchema>;

/** What staff see of a person in the search: enough to find the right one, no address or phone. */
export const IdentitySearchResultSchema = z.object({
  identity_party_id: z.uuid(),
  email: z.string(),
  name: z.string().nullable(),
  verified_on: z.string().nullable(),
  signed_up_at: z.string(),
  staff_role: StaffRoleSchema.nullable(),
});
export type IdentitySearchResult = z.infer<typeof IdentitySearchResultSchema>;

export const IdentitySearchResponseSchema = z.object({
  results: z.array(IdentitySearchResultSchema),
  page: z.number().int(),
  page_size: z.number().int(),
  has_next_page: z.boolean(),
});
export type IdentitySearchResponse = z.infer<typeof IdentitySearchResponseSchema>;

export const IdentityPartyParamsSchema = z.object({
  identityPartyId: z.uuid({ error: 'invalid_value' }),
});

export const SwitchUserParamsSchema = z.object({ id: z.uuid({ error: 'invalid_value' }) });

/** POST /identities/switch-user/{id} and DELETE /identities/switch-user: the token to continue with. */
export const SwitchUserResponseSchema = z.object({ authentication_token: z.string() });
export type SwitchUserResponse = z.infer<typeof SwitchUserResponseSchema>;

/** PUT /backoffice/staff/{identityPartyId} */
export const StaffRoleUpdateSchema = z.object({ role: StaffRoleSchema });
export type StaffRoleUpdate = z.infer<typeof StaffRoleUpdateSchema>;

export const StaffMemberSchema = z.object({
  identity_party_id: z.uuid(),
  role: StaffRoleSchema,
  granted_at: z.string(),
  granted_by_party_id: z.uuid().nullable(),
});
export type StaffMember = z.infer<typeof StaffMemberSchema>;

/** GET /backoffice/audit-events — both filters optional; newest first. */
export const AuditEventsQuerySchema = z.object({
  target_party_id: z.uuid({ error: 'invalid_value' }).optional(),
  actor_party_id: z.uuid({ error: 'invalid_value' }).optional(),
});
export type AuditEventsQuery = z.infer<typeof AuditEventsQuerySchema>;

/**
 * Dotted names of what the API audits (`recordAuditEvent`); a closed list so a typo never files an
 * event nobody looks for. The backoffice names each one in every language (`backoffice:auditActions`).
 */
export const AUDIT_ACTIONS = [
  'switch_user.start',
  'switch_user.end',
  'staff.grant',
  'staff.revoke',
  /** Staff looked people up: who searched for what is kept, as for any access to personal data. */
  'backoffice.identity_search',
  'organisation.create',
  'organisation.invitation_sent',
  'organisation.invitation_revoked',
  'organisation.member_joined',
  'organisation.member_role_changed',
  'organisation.member_removed',
  /** A bike deleted by its owner (after the identity approval) or with its owner's account. */
  'bike.deleted',
  /** Staff opened the owner's view of someone's bike (private pictures and documents included). */
  'bike.viewed_by_staff',
  /** Ownership (issue 5): an offer made, and what became of it; staff decisions on verifications. */
  'ownership.transfer_created',
  'ownership.transfer_accepted',
  'ownership.transfer_rejected',
  'ownership.transfer_cancelled',
  'ownership.verification_approved',
  'ownership.verification_rejected',
  /** Theft (issue 6): a bike reported stolen, and reported found after the identity approval. */
  'theft.report_submitted',
  'theft.bike_found',
  /** Resale certificates (issue 32 §4): the owner issued one, or withdrew it. */
  'certificate.issued',
  'certificate.revoked',
  /** Our staff's printed stickers (issue 17 §1): a batch generated, handed to an organisation, a code voided. */
  'plates.batch_created',
  'plates.batch_assigned',
  'plates.sticker_voided',
  'webshop.order_shipment_moved',
  /** Staff searched the shop's orders (the answer shows buyers' addresses). */
  'webshop.orders_searched_by_staff',
  'webshop.order_refunded',
  'webshop.voucher_batch_created',
  /** Referrals (issue 30 §1): a reward granted, refused, taken back or kept on a refund; staff's look. */
  'webshop.referral_reward_granted',
  'webshop.referral_reward_refused',
  'webshop.referral_reward_taken_back',
  'webshop.referral_reward_kept',
  'webshop.referrals_viewed_by_staff',
  /** Our staff changed a product's price (backoffice /v2/diverse). */
  'webshop.product_price_changed',
  /** Admins stored a public content page's text, or reset it to the built-in one (details.before/after). */
  'content.page_text_changed',
  'content.page_text_reset',
  /** Admins added a manufacturer code or changed one (details.code, before/after). */
  'bikes.manufacturer_code_added',
  'bikes.manufacturer_code_changed',
  /** Insurance (issue 16): an application, a change of its number of bikes, a pre-registration linked. */
  'insurance.policy_applied',
  'insurance.policy_bikes_changed',
  'insurance.policy_bike_added',
  'insurance.pre_registration_linked',
  /** Staff opened someone's policy (it names the holder): kept like any access to personal data. */
  'insurance.policy_viewed_by_staff',
  'insurance.lock_test_requested',
  'insurance.lock_test_answered',
  'insurance.lock_test_decided',
  'insurance.lock_test_viewed_by_staff',
  'insurance.lock_tests_listed_by_staff',
  'insurance.plate_order_received',
  'insurance.plate_order_mail_refused',
  'insurance.plate_order_cancelled',
  'insurance.plate_order_sent',
  /** Issue 16 §2 and §5: the holder's proof of possession, and our staff's check of it step by step. */
  'insurance.possession_upload_added',
  'insurance.possession_upload_removed',
  'insurance.possession_submitted',
  'insurance.verification_viewed_by_staff',
  'insurance.verification_step_decided',
  'insurance.verification_approved',
  'insurance.verification_rejected',
  /** Insurance sign-up (issue 16 §2): the holder's checkout details saved; read by the insurer or our staff. */
  'insurance.holder_details_saved',
  'insurance.holder_details_viewed',
  /** The holder's national id number shown in full to the insurer's staff or ours, on their explicit ask. */
  'insurance.national_id_revealed',
  /**
   * The insurer's admin (issue 16 §4): its decisions on policies, its upload of existing customers,
   * what it opened of a holder's bike or shared theft report, and the claims it paid.
   */
  'insurance.policy_accepted',
  'insurance.policy_rejected',
  'insurance.policy_cancelled',
  'insurance.pre_registrations_uploaded',
  'insurance.insured_bike_viewed',
  'insurance.theft_report_viewed',
  'insurance.claim_paid',
  /**
   * Our staff's review of theft reports (issue 17 §1): opening one's private data (with a reason),
   * reviewing it, marking it suspicious, linking the found bike's pickup, writing to its owner.
   */
  'theft.report_viewed_by_staff',
  'theft.report_reviewed',
  'theft.report_suspicion_changed',
  'theft.report_found_linked',
  'found_match.decided',
  'theft.owner_contacted_by_staff',
  /** The insurer's admin changed a cover: terms, accepted locks, required uploads, tariff (before and after). */
  'insurance.product_changed',
  /** The owner withdrew their acknowledgement that the theft report may be shared with their insurer. */
  'theft.data_share_withdrawn',
  /**
   * Support (issue 17 §2): staff opened a ticket (once per opening: support-staff.service.ts),
   * answered it, changed its status, took it (target: the person).
   */
  'support.ticket_viewed',
  'support.ticket_answered',
  'support.ticket_status_changed',
  'support.ticket_assigned',
  /**
   * Backoffice people (issue 17 §1): staff opened a person's view, corrected their details (before
   * and after), blocked or unblocked them, mailed a link again, or read private data with a reason.
   */
  'backoffice.person_viewed',
  'backoffice.person_updated',
  'backoffice.person_blocked',
  'backoffice.person_unblocked',
  'backoffice.mail_resent',
  'backoffice.private_data_read',
  /** Backoffice organisations: details changed (before and after), suspended and lifted. */
  'organisation.updated',
  'organisation.suspended',
  'organisation.unsuspended',
  /**
   * Organisations at work (issue 17 §3): the police, a municipality or an insurer opened a bike in
   * /org-bike-search, the police revealed its owner's contact details (with a case number), one of
   * them wrote to the owner through the register; a bike held for its owner by the police or a
   * municipality, and released when unclaimed after the deadline.
   */
  'org_search.bike_viewed',
  'org_search.owner_contact_revealed',
  'org_search.owner_messaged',
  'item_pickup.registered_by_organisation',
  'item_pickup.released',
  /** Issue 27: staff replaced a club's member list (the member price is given from it). */
  'webshop.club_member_list_uploaded',
  /** Issue 28: an operator's staff opened a lock remotely, with a reason (the bike owner's access log shows it). */
  'dock.lock_opened_remotely',
  /**
   * Issue 28 (docks): an operator's staff created, edited or closed a dock, relabelled a lock, took
   * one out of service or back, handed a left-behind bike to the held-bike workflow.
   */
  'dock.created',
  'dock.updated',
  'dock.closed',
  'dock.lock_relabelled',
  'dock.lock_out_of_service',
  'dock.lock_in_service',
  'dock.parking_handed_over',
  /** Issue 29 §2 (flows): staff created a flow, saved its draft, published or unpublished it, uploaded an image. */
  'flow.created',
  'flow.draft_saved',
  'flow.published',
  'flow.unpublished',
  'flow.image_uploaded',
  /** Issue 29 §1: an organisation's admin created a commuter survey, or changed how many it invited. */
  'survey.created',
  'survey.invited_count_changed',
  /** Issue 29 §3 (region pages): staff created a page, saved a language's draft, published or unpublished it, deleted the page. */
  'region_page.created',
  'region_page.draft_saved',
  'region_page.published',
  'region_page.unpublished',
  'region_page.deleted',
  /** Issue 32 §1: an organisation's admin created or revoked an API key for checks. */
  'organisation.api_key_created',
  'organisation.api_key_revoked',
  /** Issue 32 §1: an organisation's admin set its webhook (or its address), made it a new secret, removed it. */
  'organisation.webhook_set',
  'organisation.webhook_secret_rotated',
  'organisation.webhook_removed',
  /**
   * Issue 32 §1: an organisation checked a frame number or sticker with its API key; about the bike's
   * owner when the register knows it (their access log shows it), about nobody when not.
   */
  'check.identifier_checked',
  /** Issue 32 §5: an admin uploaded a register (its dry run), started its import or cancelled it. */
  'bulk_import.staged',
  'bulk_import.started',
  'bulk_import.cancelled',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AuditEventSchema = z.object({
  id: z.uuid(),
  /** A dotted name such as `switch_user.start`. */
  action: z.string(),
  /** Null for the system (the command-line tool). */
  actor_party_id: z.uuid().nullable(),
  target_party_id: z.uuid().nullable(),
  session_id: z.uuid().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  created_at: z.string(),
});
export type AuditEvent = z.infer<typeof AuditEventSchema>;
