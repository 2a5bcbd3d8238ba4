import type { PolicyDecision } from '@nbr/domain/insurance-admin';
import { type MessageKey, translate } from '../../platform/i18n/translate.ts';
import { mailLanguage } from '../../platform/mail/mail-language.ts';
import type { OutgoingMail } from '../../platform/mail/outbox.ts';
import { renderMail } from '../../platform/mail/render.ts';

/*
 * The holder's mail about their insurer's decision (issue 16 §4), in the holder's language (texts in
 * the API catalogues, `mail.insurer_decision.*`): accepted with the policy number, rejected or cancelled
 * with the insurer's reason. The link leads to the holder's insurance after login.
 */
export function policyDecisionMail(input: {
  to: string;
  language: string;
  decision: PolicyDecision;
  insurer: string;
  policyNumber: string | null;
  reason: string | null;
  link: string;
}): OutgoingMail {
  const language = mailLanguage(input.language);
  const t = (key: MessageKey) =>
    translate(language, key, {
      insurer: input.insurer,
      number: input.policyNumber ?? '–',
      reason: input.reason ?? '',
    });
  const subject = t(`mail.insurer_decision.${input.decision}.subject`);
  const { text, html } = renderMail({
    language,
    heading: subject,
    paragraphs: [
      t('mail.insurer_decision.greeting'),
      t(`mail.insurer_decision.${input.decision}.intro`),
      ...(input.reason ? [t('mail.insurer_decision.reason')] : []),
      t('mail.insurer_decision.questions'),
    ],
    action: { label: t('mail.insurer_decision.action'), url: input.link },
    footer: `${t('mail.insurer_decision.signature')}\n\n${t('mail.footer')}`,
  });
  return { to: input.to, language, template: `insurance_policy_${input.decision}`, subject, text, html };
}
