import { translate } from '../../platform/i18n/translate.ts';
import type { MailLanguage } from '../../platform/mail/mail-language.ts';
import type { OutgoingMail } from '../../platform/mail/outbox.ts';
import { renderMail } from '../../platform/mail/render.ts';

/**
 * To the person who invited someone (issue 30 §1): their friend's first purchase earned them a free
 * registration, or its refund took that registration back. The friend is named by first name only.
 */
export function referralRewardMail(input: {
  to: string;
  language: MailLanguage;
  kind: 'granted' | 'taken_back';
  friendFirstName: string | null;
  referralsLink: string;
}): OutgoingMail {
  const t = (key: Parameters<typeof translate>[1], params?: Record<string, string | number>) =>
    translate(input.language, key, params);
  const name = input.friendFirstName ?? t('mail.referral.someone');
  const subject = t(
    input.kind === 'granted' ? 'mail.referral.granted.subject' : 'mail.referral.taken_back.subject',
  );
  const { text, html } = renderMail({
    language: input.language,
    heading: subject,
    paragraphs: [
      t('mail.theft.greeting'),
      t(input.kind === 'granted' ? 'mail.referral.granted.intro' : 'mail.referral.taken_back.intro', {
        name,
      }),
    ],
    action: { label: t('mail.referral.action'), url: input.referralsLink },
    footer: `${t('mail.theft.signature')}\n\n${t('mail.footer')}`,
  });
  return {
    to: input.to,
    language: input.language,
    template: input.kind === 'granted' ? 'referral_reward_granted' : 'referral_reward_taken_back',
    subject,
    text,
    html,
  };
}
