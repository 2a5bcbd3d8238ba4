import type { Language } from '@nbr/domain/locale';

/** The languages mails are written in: Icelandic is not complete, so it is not one of them. */
export type MailLanguage = Exclude<Language, 'is'>;

/**
 * The language of a mail to someone who reads `language` (stored with the account, or the one a
 * visitor wrote in): Icelandic gets English, anything unknown gets Danish, the default.
 */
export function mailLanguage(language: string | null | undefined): MailLanguage {
  if (language === 'da' || language === 'en' || language === 'no') return language;
  return language === 'is' ? 'en' : 'da';
}
