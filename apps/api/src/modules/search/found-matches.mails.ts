import type { FoundItemSource } from '@nbr/domain/found-matching';
import { type MessageKey, translate } from '../../platform/i18n/translate.ts';
import { mailLanguage } from '../../platform/mail/mail-language.ts';
import type { OutgoingMail } from '../../platform/mail/outbox.ts';
import { renderMail } from '../../platform/mail/render.ts';
import { formatMailDate } from '../theft/theft.facade.ts';

/*
 * The mail to the owner of a stolen bike that a found bike may be (issue 32 §2, `mail.found_match.*`
 * in the API catalogues), in the owner's language. It names the organisation that holds it, or says
 * it was reported found: never a finder. The link leads to their notices, where they claim it.
 */

const INTRO: Record<FoundItemSource, { organisation: MessageKey; nobody: MessageKey }> = {
  reported_found: {
    organisation: 'mail.found_match.intro_reported_found_by',
    nobody: 'mail.found_match.intro_reported_found',
  },
  taken_in: {
    organisation: 'mail.found_match.intro_taken_in_by',
    nobody: 'mail.found_match.intro_reported_found',
  },
  left_in_dock: {
    organisation: 'mail.found_match.intro_left_in_dock_by',
    nobody: 'mail.found_match.intro_reported_found',
  },
};

export function foundMatchMail(input: {
  to: string;
  language: string;
  source: FoundItemSource;
  /** The organisation holding the bike; null when a person found it (never named). */
  holder: string | null;
  bike: string;
  foundOn: string;
  publicUrl: string;
}): OutgoingMail {
  const lang = mailLanguage(input.language);
  const params = { holder: input.holder ?? '', bike: input.bike, date: formatMailDate(input.foundOn, lang) };
  const t = (key: MessageKey) => translate(lang, key, params);
  const intro = INTRO[input.source];
  const subject = t('mail.found_match.subject');
  const { text, html } = renderMail({
    language: lang,
    heading: subject,
    paragraphs: [
      t('mail.finds.greeting'),
      t(input.holder ? intro.organisation : intro.nobody),
      t('mail.found_match.claim'),
    ],
    action: { label: t('mail.found_match.action'), url: `${input.publicUrl}/app/possibly-yours` },
    footer: `${t('mail.finds.signature')}\n\n${t('mail.footer')}`,
  });
  return { to: input.to, language: lang, template: 'found_match', subject, text, html };
}
