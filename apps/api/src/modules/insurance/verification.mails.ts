import { mailLanguage } from '../../platform/mail/mail-language.ts';
import type { OutgoingMail } from '../../platform/mail/outbox.ts';
import { renderInsuranceMail } from './insurance.mails.ts';

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
  const verified = input.decision === 'verified';
  return renderInsuranceMail(
    input.to,
    mailLanguage(input.language),
    verified ? 'insurance_possession_verified' : 'insurance_possession_rejected',
    {
      subject: verified ? 'mail.insurance.verified.subject' : 'mail.insurance.rejected.subject',
      paragraphs: verified
        ? ['mail.insurance.verified.intro']
        : ['mail.insurance.rejected.intro', 'mail.insurance.rejected.again'],
      action: { label: 'mail.insurance.action', url: input.link },
    },
    { bike: input.bike, insurer: input.insurer, reason: input.reason ?? '' },
  );
}
