import type { ErrorCode } from '@nbr/domain/errors';

const STATUS_BY_CODE: Record<ErrorCode, number> = {
  validation_failed: 422,
  invalid_token: 401,
  not_authenticated: 401,
  forbidden: 403,
  not_found: 404,
  invalid_credentials: 401,
  email_in_use: 409,
  password_too_common: 422,
  password_reset_failed: 400,
  email_verification_failed: 400,
  session_revoked: 401,
  rate_limited: 429,
  confirmations_missing: 422,
  conflict: 409,
  internal_error: 500,
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
