import { TRANSFER_OFFER_DAYS } from '@nbr/domain/ownership';
import { type MessageKey, type TranslationParams, translate } from '../../platform/i18n/translate.ts';
import { type MailLanguage, mailLanguage } from '../../platform/mail/mail-language.ts';
import type { OutgoingMail } from '../../platform/mail/outbox.ts';
import { renderMail } from '../../platform/mail/render.ts';

/*
 * Mails of transfers, requests and verification, written in the recipient's language (the texts
 * live in the API catalogues, `mail.ownership.*`). Names and bike descriptions are whatever people
 * typed: the renderer escapes them in the HTML part.
 */

interface MailContent {
  subject: MessageKey;
  paragraphs: MessageKey[];
  action: { label: MessageKey; url: string };
  footer?: MessageKey;
  params: TranslationParams;
}

function render(to: string, language: MailLanguage, template: string, content: MailContent): OutgoingMail {
  const t = (key: MessageKey) => translate(language, key, content.params);
  const subject = t(content.subject);
  const { text, html } = renderMail({
    language,
    heading: subject,
    paragraphs: [
      t('mail.ownership.greeting'),
      ...content.paragraphs.map(t),
      ...(content.footer ? [t(content.footer)] : []),
    ],
    action: { label: t(content.action.label), url: content.action.url },
    footer: `${t('mail.ownership.signature')}\n\n${t('mail.footer')}`,
  });
  return { to, language, template, subject, text, html };
}

/** A short name of a bike for mails: its nickname, with brand and model when known. */
export function describeBike(bike: {
  nickname: string;
  brand?: string | null;
  model?: string | null;
}): string {
  const make = [bike.brand, bike.model].filter(Boolean).join(' ');
  return make ? `»${bike.nickname}« (${make})` : `»${bike.nickname}«`;
}

/**
 * To the address a bike is offered to. With an account the link opens the offer; without one it
 * says to sign up with this same address (the link leads there through login/sign-up).
 */
export function transferOfferMail(input: {
  to: string;
  language: string;
  /** The sender's name; null for an anonymous owner (an answered request) or one without a name. */
  senderName: string | null;
  anonymousOwner: boolean;
  bike: string;
  hasAccount: boolean;
  link: string;
}): OutgoingMail {
  const lang = mailLanguage(input.language);
  const sender =
    input.senderName ??
    translate(lang, input.anonymousOwner ? 'mail.ownership.the_owner' : 'mail.ownership.someone');
  return render(input.to, lang, 'ownership_transfer_offer', {
    subject: 'mail.ownership.offer.subject',
    paragraphs: [
      'mail.ownership.offer.intro',
      input.hasAccount ? 'mail.ownership.offer.account' : 'mail.ownership.offer.no_account',
    ],
    action: { label: 'mail.ownership.offer.action', url: input.link },
    footer: 'mail.ownership.offer.footer',
    params: { sender, bike: input.bike, email: input.to, days: TRANSFER_OFFER_DAYS },
  });
}

/** To the sender once the recipient accepted. */
export function transferAcceptedMail(input: {
  to: string;
  language: string;
  bike: string;
  link: string;
}): OutgoingMail {
  return render(input.to, mailLanguage(input.language), 'ownership_transfer_accepted', {
    subject: 'mail.ownership.accepted.subject',
    paragraphs: ['mail.ownership.accepted.intro', 'mail.ownership.accepted.credit'],
    action: { label: 'mail.ownership.accepted.action', url: input.link },
    params: { bike: input.bike },
  });
}

/** To the owner at once when someone asks for their bike; it never names the requester's address. */
export function ownershipRequestMail(input: {
  to: string;
  language: string;
  bike: string;
  link: string;
}): OutgoingMail {
  return render(input.to, mailLanguage(input.language), 'ownership_request', {
    subject: 'mail.ownership.request.subject',
    paragraphs: ['mail.ownership.request.intro', 'mail.ownership.request.anonymous'],
    action: { label: 'mail.ownership.request.action', url: input.link },
    params: { bike: input.bike },
  });
}

/** To the owner when staff decided on the verification. */
export function verificationDecidedMail(input: {
  to: string;
  language: string;
  bike: string;
  link: string;
  decision: 'approved' | 'rejected';
  reason: string | null;
}): OutgoingMail {
  const approved = input.decision === 'approved';
  return render(
    input.to,
    mailLanguage(input.language),
    approved ? 'ownership_verification_approved' : 'ownership_verification_rejected',
    {
      subject: approved
        ? 'mail.ownership.verification_approved.subject'
        : 'mail.ownership.verification_rejected.subject',
      paragraphs: approved
        ? ['mail.ownership.verification_approved.intro']
        : ['mail.ownership.verification_rejected.intro', 'mail.ownership.verification_rejected.again'],
      action: { label: 'mail.ownership.verification.action', url: input.link },
      params: { bike: input.bike, reason: input.reason ?? '' },
    },
  );
}
