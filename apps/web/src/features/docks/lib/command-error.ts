import type { TFunction } from 'i18next';
import { isApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { COMMAND_ERRORS } from './lock-texts.ts';

/** The text for a refused lock or unlock: the dock's own words for its refusals, else the common ones. */
export function commandErrorMessage(error: unknown, t: TFunction): string {
  if (isApiError(error) && (COMMAND_ERRORS as readonly string[]).includes(error.code)) {
    return t(`docks:errors.${error.code}`);
  }
  return errorMessage(error, t);
}
