import type { Language } from '@nbr/domain/locale';
import { SUPPORT_CONFIRMATION_TTL_HOURS, SUPPORT_GUEST_LINK_TTL_DAYS } from '@nbr/domain/support';
import { type MessageKey, translate } from '../../platform/i18n/translate.ts';
import { mailLanguage } from '../../platform/mail/mail-language.ts';
import type { OutgoingMail } from '../../platform/mail/outbox.ts';
import { renderMail } from '../../platform/mail/render.ts';

function translator(language: Language) {
  return (key: MessageKey, params?: Record<string, string | number>) => translate(language, key, params);
}

/**
 * To a visitor who wrote to support: the link proves the address is theirs, sends the question to
 * staff and opens the conversation. No text of the question (anyone can type anyone's address).
 */
export function guestConfirmationMail(input: { to: string; language: string; link: string }): OutgoingMail {
  const language = mailLanguage(input.language);
  const t = translator(language);
  const subject = t('mail.support.confirm_subject');
  const { text, html } = renderMail({
    language,
    heading: subject,
    paragraphs: [
      t('mail.support.greeting'),
      t('mail.support.confirm_intro'),
      t('mail.support.confirm_expiry', {
        days: SUPPORT_GUEST_LINK_TTL_DAYS,
        hours: SUPPORT_CONFIRMATION_TTL_HOURS,
      }),
      t('mail.support.confirm_ignore'),
    ],
    action: { label: t('mail.support.confirm_action'), url: input.link },
    footer: `${t('mail.support.signature')}\n\n${t('mail.footer')}`,
  });
  return { to: input.to, language, template: 'support_guest_confirmation', subject, text, html };
}

/**
 * Staff answered while the person was not connected: a link back to the conversation, in the
 * recipient's language. Never the answer's text: a mailbox is read on shared screens and forwarded.
 */
export function supportAnsweredMail(input: { to: string; language: string; link: string }): OutgoingMail {
  const language = mailLanguage(input.language);
  const t = translator(language);
  const subject = t('mail.support.answered_subject');
  const { text, html } = renderMail({
    language,
    heading: subject,
    paragraphs: [t('mail.support.greeting'), t('mail.support.answered_intro')],
    action: { label: t('mail.support.answered_action'), url: input.link },
    footer: `${t('mail.support.signature')}\n\n${t('mail.footer')}`,
  });
  return { to: input.to, language, template: 'support_answered', subject, text, html };
}
