import type { MessageKey } from '../../platform/i18n/translate.ts';
import { mailLanguage } from '../../platform/mail/mail-language.ts';
import type { OutgoingMail } from '../../platform/mail/outbox.ts';
import { renderInsuranceMail } from './insurance.mails.ts';

/*
 * Mails to a policy holder about a lock test (issue 16 §3; texts in the API catalogues,
 * `mail.lock_test.*`), in the holder's language. The insurer is named by its company name; the
 * rejection reason is what the insurer typed (the renderer escapes it in the HTML part).
 */

export function lockTestRequestedMail(input: {
  to: string;
  language: string;
  insurer: string;
  url: string;
}): OutgoingMail {
  return renderInsuranceMail(
    input.to,
    mailLanguage(input.language),
    'lock_test_requested',
    {
      subject: 'mail.lock_test.requested.subject',
      paragraphs: ['mail.lock_test.requested.intro', 'mail.lock_test.requested.what'],
      action: { label: 'mail.lock_test.requested.action', url: input.url },
    },
    { insurer: input.insurer },
  );
}

export function lockTestDecidedMail(input: {
  to: string;
  language: string;
  insurer: string;
  approved: boolean;
  reason: string | null;
  url: string;
}): OutgoingMail {
  const paragraphs: MessageKey[] = input.approved
    ? ['mail.lock_test.approved.intro']
    : ['mail.lock_test.rejected.intro', 'mail.lock_test.rejected.reason', 'mail.lock_test.rejected.next'];
  return renderInsuranceMail(
    input.to,
    mailLanguage(input.language),
    input.approved ? 'lock_test_approved' : 'lock_test_rejected',
    {
      subject: input.approved ? 'mail.lock_test.approved.subject' : 'mail.lock_test.rejected.subject',
      paragraphs,
      action: { label: 'mail.lock_test.action', url: input.url },
    },
    { insurer: input.insurer, reason: input.reason ?? '' },
  );
}
