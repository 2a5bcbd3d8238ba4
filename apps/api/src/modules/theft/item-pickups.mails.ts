import { type MessageKey, type TranslationParams, translate } from '../../platform/i18n/translate.ts';
import { type MailLanguage, mailLanguage } from '../../platform/mail/mail-language.ts';
import type { OutgoingMail } from '../../platform/mail/outbox.ts';
import { renderMail } from '../../platform/mail/render.ts';

/*
 * Mails to a bike's owner about a bike someone holds for them (texts in the API catalogues,
 * `mail.finds.*`), in the owner's language. The place and the note are what the holder typed: the
 * renderer escapes them in the HTML part. The holder is named by organisation or first name only.
 */

const DATE_LOCALES: Record<MailLanguage, string> = { da: 'da-DK', en: 'en-GB', no: 'nb-NO' };

/** A calendar day (YYYY-MM-DD) as people write it in the language, e.g. "24. november 2026". */
export function formatMailDate(day: string, language: string): string {
  return new Intl.DateTimeFormat(DATE_LOCALES[mailLanguage(language)], {
    dateStyle: 'long',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));
}

/** A bike in a mail to its owner: its nickname, with brand and model when known. */
export function describeBikeForOwner(bike: {
  nickname: string | null;
  brand: string | null;
  model: string | null;
}) {
  const make = [bike.brand, bike.model].filter(Boolean).join(' ');
  if (!bike.nickname) return make;
  return make ? `»${bike.nickname}« (${make})` : `»${bike.nickname}«`;
}

function render(
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
    paragraphs: [t('mail.finds.greeting'), ...content.paragraphs.map(t)],
    action: { label: t(content.action.label), url: content.action.url },
    footer: `${t('mail.finds.signature')}\n\n${t('mail.footer')}`,
  });
  return { to, language: lang, template, subject, text, html };
}

export function pickupRegisteredMail(input: {
  to: string;
  language: string;
  holder: string | null;
  bike: string;
  place: string;
  collectUntil: string;
  note: string | null;
  /** A stolen bike taken in: the owner's theft report is linked (issue 17 §3). */
  stolen?: boolean;
  publicUrl: string;
}): OutgoingMail {
  const lang = mailLanguage(input.language);
  const holder = input.holder ?? translate(lang, 'mail.finds.someone');
  return render(
    input.to,
    lang,
    'pickup_registered',
    {
      subject: 'mail.finds.pickup_registered.subject',
      paragraphs: [
        'mail.finds.pickup_registered.intro',
        ...(input.stolen ? (['mail.finds.pickup_registered.stolen'] as const) : []),
        ...(input.note ? (['mail.finds.pickup_registered.note'] as const) : []),
        'mail.finds.pickup_registered.chat',
      ],
      action: { label: 'mail.finds.pickup_registered.action', url: `${input.publicUrl}/app/item-pickup` },
    },
    {
      holder,
      bike: input.bike,
      place: input.place,
      until: formatMailDate(input.collectUntil, lang),
      note: input.note ?? '',
    },
  );
}

export function pickupCancelledMail(input: {
  to: string;
  language: string;
  holder: string | null;
  bike: string;
  chatLink: string;
}): OutgoingMail {
  const lang = mailLanguage(input.language);
  const holder = input.holder ?? translate(lang, 'mail.finds.someone');
  return render(
    input.to,
    lang,
    'pickup_cancelled',
    {
      subject: 'mail.finds.pickup_cancelled.subject',
      paragraphs: ['mail.finds.pickup_cancelled.intro'],
      action: { label: 'mail.finds.pickup_cancelled.action', url: input.chatLink },
    },
    { holder, bike: input.bike },
  );
}

/** Unclaimed after the last day, the police or municipality released the bike (issue 17 §3). */
export function pickupReleasedMail(input: {
  to: string;
  language: string;
  holder: string | null;
  bike: string;
  collectUntil: string;
  chatLink: string;
}): OutgoingMail {
  const lang = mailLanguage(input.language);
  const holder = input.holder ?? translate(lang, 'mail.finds.someone');
  return render(
    input.to,
    lang,
    'pickup_released',
    {
      subject: 'mail.finds.pickup_released.subject',
      paragraphs: ['mail.finds.pickup_released.intro'],
      action: { label: 'mail.finds.pickup_released.action', url: input.chatLink },
    },
    { holder, bike: input.bike, until: formatMailDate(input.collectUntil, lang) },
  );
}
