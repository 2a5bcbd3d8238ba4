import { mailLanguage } from '../../platform/mail/mail-language.ts';
import type { OutgoingMail } from '../../platform/mail/outbox.ts';
import { renderInsuranceMail } from './insurance.mails.ts';

/*
 * The mail to an insurer's admins when a bike whose registration moved to the insurer by a payout
 * is found (issue 16 §4; texts `mail.insurance.found_after_payout.*`), in each admin's language:
 * someone wrote about it, or holds it to be collected. What they wrote is in the insurer's chats,
 * not in the mail.
 */
export function foundAfterPayoutMail(input: {
  to: string;
  language: string;
  insurer: string;
  bike: string;
  kind: 'message' | 'pickup';
  url: string;
}): OutgoingMail {
  return renderInsuranceMail(
    input.to,
    mailLanguage(input.language),
    `insurance_found_after_payout_${input.kind}`,
    {
      subject: 'mail.insurance.found_after_payout.subject',
      paragraphs: [`mail.insurance.found_after_payout.${input.kind}`],
      action: { label: 'mail.insurance.found_after_payout.action', url: input.url },
    },
    { insurer: input.insurer, bike: input.bike },
  );
}
