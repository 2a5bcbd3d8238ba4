import { ERROR_CODES } from '@nbr/domain/errors';
import { VALIDATION_MESSAGES } from '@nbr/domain/identity';
import type { TFunction } from 'i18next';
import { isApiError } from './api-client.ts';

const KNOWN_ERRORS: ReadonlySet<string> = new Set(ERROR_CODES);
const KNOWN_VALIDATIONS: ReadonlySet<string> = new Set(VALIDATION_MESSAGES);

/** The i18n key (namespace common) of a validation code, e.g. 'invalid_email' → 'validation.invalid_email'. */
export function validationKey(code: string | undefined | null): string {
  return code && KNOWN_VALIDATIONS.has(code) ? `validation.${code}` : 'validation.invalid_value';
}

/**
 * The text to show for a failed call (SPEC §8): a 422 shows its first issue; a known code shows our
 * translation of it; other server texts are not shown, only that the server did not answer correctly.
 */
export function errorMessage(error: unknown, t: TFunction): string {
  if (!isApiError(error)) return t('common:errors.unexpected');
  const first = error.issues[0];
  if (error.status === 422 && first) {
    if (KNOWN_VALIDATIONS.has(first.type)) return t(`common:validation.${first.type}`);
    return first.msg || t('common:errors.validation_failed');
  }
  if (error.code === 'network_error') return t('common:errors.network_error');
  if (KNOWN_ERRORS.has(error.code)) return t(`common:errors.${error.code}`);
  return t('common:errors.server_error');
}

/** The field a 422 issue points at (loc ['body', 'email'] → 'email'), for putting the message beside it. */
export function issueField(loc: ReadonlyArray<string | number>): string | null {
  const parts = loc[0] === 'body' || loc[0] === 'query' || loc[0] === 'path' ? loc.slice(1) : loc;
  return parts.length ? parts.join('.') : null;
}
