import { translate } from '../../platform/i18n/translate.ts';
import { mailLanguage } from '../../platform/mail/mail-language.ts';
import type { OutgoingMail } from '../../platform/mail/outbox.ts';
import { renderMail } from '../../platform/mail/render.ts';

/*
 * The holder's mail when our staff have checked the proof of possession of an insured bike (issue
 * 16 §5), in the holder's language (texts in the API catalogues, `mail.insurance.*`). The bike's
 * name, the insurer's name and the reason are what people typed: the renderer escapes them.
 */

/** A short name of a bike for mails: its nickname, with brand and model when known. */
export function describeInsuredBike(bike: { nickname: string; brand: string | null; model: string | null }) {
  const make = [bike.brand, bike.model].filter(Boolean).join(' ');
  return make ? `»${bike.nickname}« (${make})` : `»${bike.nickname}«`;
}

export function possessionCheckedMail(input: {
  to: string;
  language: string;
  bike: string;
  insurer: string;
  link: string;
  decision: 'verified' | 'rejected';
  reason: string | null;
}): OutgoingMail {
  const language = mailLanguage(input.language);
  const params = { bike: input.bike, insurer: input.insurer, reason: input.reason ?? '' };
  const verified = input.decision === 'verified';
  const subject = translate(
    language,
    verified ? 'mail.insurance.verified.subject' : 'mail.insurance.rejected.subject',
    params,
  );
  const paragraphs = verified
    ? [translate(language, 'mail.insurance.verified.intro', params)]
    : [
        translate(language, 'mail.insurance.rejected.intro', params),
        translate(language, 'mail.insurance.rejected.again', params),
      ];
  const { text, html } = renderMail({
    language,
    heading: subject,
    paragraphs: [translate(language, 'mail.insurance.greeting'), ...paragraphs],
    action: { label: translate(language, 'mail.insurance.action'), url: input.link },
    footer: `${translate(language, 'mail.insurance.signature')}\n\n${translate(language, 'mail.footer')}`,
  });
  return {
    to: input.to,
    language,
    template: verified ? 'insurance_possession_verified' : 'insurance_possession_rejected',
    subject,
    text,
    html,
  };
}
