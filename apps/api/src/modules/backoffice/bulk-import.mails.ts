import { translate } from '../../platform/i18n/translate.ts';
import { mailLanguage } from '../../platform/mail/mail-language.ts';
import type { OutgoingMail } from '../../platform/mail/outbox.ts';
import { renderMail } from '../../platform/mail/render.ts';

/**
 * The invitation to a person of an imported register (one per person per import, whatever the
 * number of bikes): their bikes are waiting in the register; signing up or in with this same
 * address (confirmed) puts them under "My bikes". Names are what the list held: the renderer
 * escapes them in the HTML part.
 */
export function bulkImportInvitationMail(input: {
  to: string;
  language: string;
  name: string | null;
  sourceName: string;
  bikes: number;
  publicUrl: string;
}): OutgoingMail {
  const language = mailLanguage(input.language);
  const params = { source: input.sourceName, count: input.bikes, email: input.to };
  const t = (key: Parameters<typeof translate>[1]) => translate(language, key, params);
  const subject = t('mail.bulk_import.subject');
  const { text, html } = renderMail({
    language,
    heading: subject,
    paragraphs: [
      input.name
        ? translate(language, 'mail.bulk_import.greeting_named', { name: input.name })
        : t('mail.ownership.greeting'),
      input.bikes === 1 ? t('mail.bulk_import.body_one') : t('mail.bulk_import.body_many'),
      t('mail.bulk_import.how'),
      t('mail.bulk_import.not_you'),
    ],
    action: { label: t('mail.bulk_import.action'), url: `${input.publicUrl}/app/my-bikes` },
    footer: `${t('mail.ownership.signature')}\n\n${t('mail.footer')}`,
  });
  return { to: input.to, language, template: 'bulk_import_invitation', subject, text, html };
}
