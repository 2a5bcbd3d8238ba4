import { htmlLang } from '../../../lib/i18n.ts';

/** A message's or ticket's time: date and time, short, in the reader's language. */
export function formatDateTime(value: string, language: string): string {
  return new Intl.DateTimeFormat(htmlLang(language), { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(value),
  );
}
