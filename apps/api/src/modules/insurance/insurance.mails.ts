import { type MessageKey, type TranslationParams, translate } from '../../platform/i18n/translate.ts';
import type { MailLanguage } from '../../platform/mail/mail-language.ts';
import type { OutgoingMail } from '../../platform/mail/outbox.ts';
import { renderMail } from '../../platform/mail/render.ts';

/*
 * The frame of every insurance mail (texts `mail.insurance.*` and each mail's own keys): a
 * greeting, the mail's paragraphs, one action, the register's signature and the footer.
 */

/** An insurance mail: greeting, paragraphs, one action, the register's signature and footer. */
export function renderInsuranceMail(
  to: string,
  lang: MailLanguage,
  template: string,
  content: { subject: MessageKey; paragraphs: MessageKey[]; action: { label: MessageKey; url: string } },
  params: TranslationParams,
): OutgoingMail {
  const t = (key: MessageKey) => translate(lang, key, params);
  const subject = t(content.subject);
  const { text, html } = renderMail({
    language: lang,
    heading: subject,
    paragraphs: [t('mail.insurance.greeting'), ...content.paragraphs.map(t)],
    action: { label: t(content.action.label), url: content.action.url },
    footer: `${t('mail.insurance.signature')}\n\n${t('mail.footer')}`,
  });
  return { to, language: lang, template, subject, text, html };
}
