import { CONTACT_CONFIRMATION_TTL_HOURS } from '@nbr/domain/finds';
import { type MessageKey, type TranslationParams, translate } from '../../platform/i18n/translate.ts';
import { mailLanguage } from '../../platform/mail/mail-language.ts';
import type { OutgoingMail } from '../../platform/mail/outbox.ts';
import { renderMail } from '../../platform/mail/render.ts';

/** The bike as anyone who may see it sees it: brand and model (never the owner's nickname); null when neither is known. */
export function describePublicBike(bike: { brand: string | null; model: string | null }): string | null {
  const make = [bike.brand, bike.model].filter(Boolean).join(' ').trim();
  return make || null;
}

/**
 * To the address a visitor gave with a message to a bike's owner: the message reaches the owner only
 * once this link is followed. Deliberately without the message text: whoever typed someone else's
 * address must not be able to send them words through the register's mail.
 */
export function contactConfirmationMail(input: {
  to: string;
  language: string;
  /** describePublicBike of the bike, or null. */
  bike: string | null;
  link: string;
}): OutgoingMail {
  const language = mailLanguage(input.language);
  const params: TranslationParams = {
    hours: CONTACT_CONFIRMATION_TTL_HOURS,
    ...(input.bike ? { bike: input.bike } : {}),
  };
  const t = (key: MessageKey) => translate(language, key, params);
  const subject = t('mail.contact_owner.subject');
  const { text, html } = renderMail({
    language,
    heading: subject,
    paragraphs: [
      t('mail.chats.greeting'),
      t(input.bike ? 'mail.contact_owner.intro' : 'mail.contact_owner.intro_plain'),
      t('mail.contact_owner.answers'),
      t('mail.contact_owner.footer'),
    ],
    action: { label: t('mail.contact_owner.action'), url: input.link },
    footer: `${t('mail.chats.signature')}\n\n${t('mail.footer')}`,
  });
  return { to: input.to, language, template: 'contact_owner_confirmation', subject, text, html };
}
