import type { ErrorCode } from '@nbr/domain/errors';

const STATUS_BY_CODE: Record<ErrorCode, number> = {
  validation_failed: 422,
  invalid_token: 401,
  not_authenticated: 401,
  forbidden: 403,
  not_found: 404,
  invalid_credentials: 401,
  password_required: 400,
  wrong_password: 403,
  email_in_use: 409,
  password_too_common: 422,
  password_reset_failed: 400,
  email_verification_failed: 400,
  session_revoked: 401,
  rate_limited: 429,
  confirmations_missing: 422,
  conflict: 409,
  bad_request: 400,
  internal_error: 500,
  service_unavailable: 503,
  storage_full: 503,
  identity_verification_required: 403,
  identity_verification_failed: 400,
  identity_mismatch: 409,
  approval_required: 403,
  identity_check_skip_not_allowed: 403,
  identity_provider_unavailable: 503,
  not_allowed_while_switched: 403,
  cannot_switch_to_user: 403,
  google_token_invalid: 401,
  google_account_not_found: 404,
  google_email_not_verified: 400,
  google_sign_in_disabled: 404,
  google_link_requires_password: 409,
  organisation_exists: 409,
  manufacturer_code_exists: 409,
  member_exists: 409,
  last_admin: 409,
  email_verification_required: 403,
  invitation_invalid: 400,
  invitation_email_mismatch: 403,
  no_subscription: 403,
  no_free_credit: 403,
  credit_in_use: 409,
  bike_has_credit: 409,
  frame_number_locked: 409,
  file_too_large: 413,
  unsupported_file_type: 415,
  too_many_files: 409,
  image_unreadable: 422,
  idempotency_key_reused: 422,
  idempotency_key_in_progress: 409,
  bike_not_transferable: 409,
  transfer_pending: 409,
  transfer_not_pending: 409,
  request_exists: 409,
  request_not_open: 409,
  own_bike: 409,
  certificate_bike_private: 409,
  certificate_bike_stolen: 409,
  verification_incomplete: 409,
  verification_not_editable: 409,
  transfer_email_mismatch: 403,
  bike_already_stolen: 409,
  bike_not_stolen: 409,
  pickup_not_waiting: 409,
  contact_link_invalid: 400,
  contact_already_sent: 409,
  product_unavailable: 409,
  one_subscription_per_order: 400,
  shipping_address_required: 400,
  bike_service_unavailable: 409,
  voucher_invalid: 400,
  voucher_already_redeemed: 409,
  voucher_not_applicable: 409,
  voucher_expiry_in_past: 400,
  order_not_payable: 409,
  payment_provider_unavailable: 503,
  payment_provider_rejected: 502,
  webhook_signature_invalid: 401,
  order_not_refundable: 409,
  shipment_step_invalid: 409,
  sticker_not_voidable: 409,
  pre_registered_policy: 400,
  policy_not_editable: 409,
  lock_test_open: 409,
  lock_test_not_answerable: 409,
  lock_test_not_decidable: 409,
  plate_order_not_open: 409,
  possession_not_editable: 409,
  possession_incomplete: 409,
  verification_steps_open: 409,
  policy_decision_invalid: 409,
  claim_not_payable: 409,
  claim_already_paid: 409,
  support_link_invalid: 400,
  account_blocked: 403,
  organisation_suspended: 403,
  admin_only_organisation_type: 403,
  organisation_search_not_allowed: 403,
  close_serial_search_police_only: 403,
  owner_contact_police_only: 403,
  bike_not_registered: 404,
  pickup_not_due: 409,
  plan_for_organisations: 403,
  read_budget_reached: 429,
  club_member_list_empty: 400,
  dock_not_found: 404,
  lock_not_found: 404,
  parking_not_found: 404,
  dock_closed_down: 409,
  lock_label_taken: 409,
  parking_not_left_behind: 409,
  parking_closed: 409,
  parking_handed_over: 409,
  held_bikes_not_allowed: 403,
  bike_not_found: 404,
  device_not_found: 404,
  pairing_code_invalid: 400,
  lock_not_free: 409,
  bike_already_parked: 409,
  lock_out_of_service: 409,
  dock_closed_now: 409,
  not_your_parking: 409,
  lock_offline: 503,
  lock_busy: 409,
  flow_not_found: 404,
  flow_memo_taken: 409,
  flow_memo_reserved: 422,
  flow_walk_not_found: 404,
  flow_walk_finished: 409,
  flow_step_not_open: 409,
  flow_step_has_no_action: 409,
  flow_step_not_answered: 409,
  flow_version_not_found: 404,
  survey_not_found: 404,
  survey_not_open: 409,
  survey_answer_exists: 409,
  survey_answer_not_found: 404,
  region_page_not_found: 404,
  region_page_taken: 409,
  region_page_no_draft: 409,
  api_key_required: 403,
  invalid_api_key: 401,
  webhook_not_set: 409,
  webhook_delivery_not_failed: 409,
  import_columns_missing: 400,
  import_too_many_rows: 413,
  import_file_unreadable: 400,
  import_job_not_startable: 409,
};

/**
 * The one error a service throws for an expected failure. The error handler answers
 * `{"detail": <text in the caller's language>, "code": <code>}` with the code's status;
 * `invalid_token` answers `{"detail": "invalid_token"}` exactly, as existing clients expect.
 */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    /** Values interpolated into the translated text, e.g. `{ email }`. */
    readonly params: Record<string, string> = {},
  ) {
    super(code);
    this.status = STATUS_BY_CODE[code];
  }
}

/**
 * An expected failure whose `detail` is given as is, not translated: the 400 `pre_registered_policy`
 * of SPEC §8 carries a JSON text the web app reads to send the person on (apps/web api-client.ts).
 */
export class AppErrorWithDetail extends AppError {
  constructor(
    code: ErrorCode,
    readonly detail: string,
  ) {
    super(code);
  }
}

/** One field problem found by a service rather than by the route schema. */
export interface FieldIssue {
  /** Starts with 'body' | 'query' | 'path' | 'headers', e.g. `['body', 'password']`. */
  loc: Array<string | number>;
  /** A validation code (VALIDATION_MESSAGES), answered as `type` and translated as `msg`. */
  type: string;
  params?: Record<string, string | number>;
}

/**
 * A 422 decided by a service (e.g. a password found in the common-password list): answered
 * exactly like a schema failure, `{"detail": [{loc, msg, type}], "code": "validation_failed"}`.
 */
export class ValidationError extends AppError {
  constructor(readonly issues: FieldIssue[]) {
    super('validation_failed');
  }
}
