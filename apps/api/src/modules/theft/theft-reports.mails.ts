import { type MessageKey, translate } from '../../platform/i18n/translate.ts';
import { mailLanguage } from '../../platform/mail/mail-language.ts';
import type { OutgoingMail } from '../../platform/mail/outbox.ts';
import { renderMail } from '../../platform/mail/render.ts';

/*
 * The mail of a theft report, in the owner's language (texts in the API catalogues, `mail.theft.*`).
 * It names the bike but carries no personal data of the report: the link leads to it after login.
 */

/** A short name of a bike for mails: its nickname, with brand and model when known. */
export function describeTheftBike(bike: { nickname: string; brand: string | null; model: string | null }) {
  const make = [bike.brand, bike.model].filter(Boolean).join(' ');
  return make ? `»${bike.nickname}« (${make})` : `»${bike.nickname}«`;
}

/** To the owner once the report is sent: the bike shows as stolen, and where the report and PDF are. */
export function theftReportSubmittedMail(input: {
  to: string;
  language: string;
  bike: string;
  /** Whether a place was picked on the map (the bike then shows on the public map, rounded). */
  onMap: boolean;
  link: string;
}): OutgoingMail {
  const language = mailLanguage(input.language);
  const t = (key: MessageKey) => translate(language, key, { bike: input.bike });
  const subject = t('mail.theft.submitted.subject');
  const { text, html } = renderMail({
    language,
    heading: subject,
    paragraphs: [
      t('mail.theft.greeting'),
      t('mail.theft.submitted.intro'),
      ...(input.onMap ? [t('mail.theft.submitted.map')] : []),
      t('mail.theft.submitted.pdf'),
    ],
    action: { label: t('mail.theft.submitted.action'), url: input.link },
    footer: `${t('mail.theft.signature')}\n\n${t('mail.footer')}`,
  });
  return { to: input.to, language, template: 'theft_report_submitted', subject, text, html };
}
