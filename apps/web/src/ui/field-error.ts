import { VALIDATION_MESSAGES } from '@nbr/domain/identity';
import { useTranslation } from 'react-i18next';

const CODES: ReadonlySet<string> = new Set(VALIDATION_MESSAGES);

/** A field error is a validation code of @nbr/domain (translated here) or an already translated text. */
export function useFieldErrorText(error: string | null | undefined): string | null {
  const { t } = useTranslation('common');
  if (!error) return null;
  return CODES.has(error) ? t(`validation.${error}`) : error;
}
