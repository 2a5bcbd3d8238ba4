import { z } from 'zod';

/**
 * Stable error codes the API answers with (`{"detail": "<text>", "code": "<code>"}`).
 * The web app maps each code to an i18n key `errors.<code>`; the API translates the same codes.
 */
export const ERROR_CODES = [
  'validation_failed',
  'invalid_token',
  'not_authenticated',
  'forbidden',
  'not_found',
  'invalid_credentials',
  'password_required',
  'wrong_password',
  'email_in_use',
  'password_too_common',
  'password_reset_failed',
  'email_verification_failed',
  'session_revoked',
  'rate_limited',
  'confirmations_missing',
  'conflict',
  'bad_request',
  'internal_error',
  'service_unavailable',
  // Issue 26: the disk (uploads, the embedded database) is full; Retry-After says when to try again.
  'storage_full',
  'identity_verification_required',
  'identity_verification_failed',
  'identity_mismatch',
  'approval_required',
  'identity_check_skip_not_allowed',
  'identity_provider_unavailable',
  'not_allowed_while_switched',
  'cannot_switch_to_user',
  'google_token_invalid',
  'google_account_not_found',
  'google_email_not_verified',
  'google_sign_in_disabled',
  'google_link_requires_password',
  'organisation_exists',
  'manufacturer_code_exists',
  'member_exists',
  'last_admin',
  'email_verification_required',
  'invitation_invalid',
  'invitation_email_mismatch',
  'no_subscription',
  'no_free_credit',
  'credit_in_use',
  'bike_has_credit',
  'frame_number_locked',
  'file_too_large',
  'unsupported_file_type',
  'too_many_files',
  'image_unreadable',
  'idempotency_key_reused',
  'idempotency_key_in_progress',
  'bike_not_transferable',
  'transfer_pending',
  'transfer_not_pending',
  'request_exists',
  'request_not_open',
  'own_bike',
  // Issue 32 §4: a resale certificate is for a bike a buyer can find and that is not reported stolen.
  'certificate_bike_private',
  'certificate_bike_stolen',
  'verification_incomplete',
  'verification_not_editable',
  'transfer_email_mismatch',
  'bike_already_stolen',
  'bike_not_stolen',
  'pickup_not_waiting',
  'contact_link_invalid',
  'contact_already_sent',
  'product_unavailable',
  'one_subscription_per_order',
  'shipping_address_required',
  'bike_service_unavailable',
  'voucher_invalid',
  'voucher_already_redeemed',
  'voucher_not_applicable',
  'voucher_expiry_in_past',
  'order_not_payable',
  'payment_provider_unavailable',
  'payment_provider_rejected',
  'webhook_signature_invalid',
  'order_not_refundable',
  'shipment_step_invalid',
  'sticker_not_voidable',
  'pre_registered_policy',
  'policy_not_editable',
  'lock_test_open',
  'lock_test_not_answerable',
  'lock_test_not_decidable',
  'plate_order_not_open',
  'possession_not_editable',
  'possession_incomplete',
  'verification_steps_open',
  // Issue 16 §4 (the insurer's admin).
  'policy_decision_invalid',
  'claim_not_payable',
  'claim_already_paid',
  // Issue 17 §2 (support): a visitor's mailed link that is wrong or expired.
  'support_link_invalid',
  'account_blocked',
  'organisation_suspended',
  'admin_only_organisation_type',
  // Issue 17 §3 (organisations at work).
  'organisation_search_not_allowed',
  'close_serial_search_police_only',
  'owner_contact_police_only',
  'bike_not_registered',
  'pickup_not_due',
  // Issue 27: the organisation plan is for organisations only.
  'plan_for_organisations',
  // Issue 27 probe 8: a person's daily budget of the most sensitive reads is used up.
  'read_budget_reached',
  // Issue 27: a club member list upload with no membership number in it.
  'club_member_list_empty',
  // Issue 28 (docks): a dock or lock the caller may not use or run answers as if it did not exist.
  'dock_not_found',
  'lock_not_found',
  'parking_not_found',
  'dock_closed_down',
  'lock_label_taken',
  'parking_not_left_behind',
  'parking_closed',
  'parking_handed_over',
  'held_bikes_not_allowed',
  // Issue 28: docks and smart locks (devices, lock and unlock commands).
  'bike_not_found',
  'device_not_found',
  'pairing_code_invalid',
  'lock_not_free',
  'bike_already_parked',
  'lock_out_of_service',
  'dock_closed_now',
  'not_your_parking',
  'lock_offline',
  'lock_busy',
  // Issue 29 §2 (flows): an unknown or unpublished flow, and a memo that cannot be used.
  'flow_not_found',
  'flow_memo_taken',
  'flow_memo_reserved',
  'flow_walk_not_found',
  'flow_walk_finished',
  'flow_step_not_open',
  'flow_step_has_no_action',
  'flow_step_not_answered',
  'flow_version_not_found',
  // Issue 29 §1 (surveys): an unknown survey, one not open for answers today, and a visitor's answer
  // a signed-in person cannot take over because they have their own, or whose token is unknown.
  'survey_not_found',
  'survey_not_open',
  'survey_answer_exists',
  'survey_answer_not_found',
  // Issue 29 §3 (region pages): an unknown or unpublished page, a path taken, publishing without a draft.
  'region_page_not_found',
  'region_page_taken',
  'region_page_no_draft',
  // Issue 32 §1: the check routes take an organisation's API key, never a person's session.
  'api_key_required',
  'invalid_api_key',
  // Issue 32 §1: the organisation's webhook: none set yet, and resending an event that has not failed.
  'webhook_not_set',
  'webhook_delivery_not_failed',
  // Issue 32 §5: bulk onboarding of a register (the backoffice import).
  'import_columns_missing',
  'import_too_many_rows',
  'import_file_unreadable',
  'import_job_not_startable',
] as const;
export const ErrorCodeSchema = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof ErrorCodeSchema>;

/** One entry of a 422 answer, in the shape existing clients read. */
export const ValidationIssueSchema = z.object({
  loc: z.array(z.union([z.string(), z.number()])),
  msg: z.string(),
  type: z.string(),
});
export type ValidationIssue = z.infer<typeof ValidationIssueSchema>;

export const ErrorResponseSchema = z.object({ detail: z.string(), code: ErrorCodeSchema });
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;

export const ValidationErrorResponseSchema = z.object({
  detail: z.array(ValidationIssueSchema),
  code: z.literal('validation_failed'),
});
export type ValidationErrorResponse = z.infer<typeof ValidationErrorResponseSchema>;
