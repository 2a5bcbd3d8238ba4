import { translate } from '../../platform/i18n/translate.ts';
import type { MailLanguage } from '../../platform/mail/mail-language.ts';
import type { OutgoingMail } from '../../platform/mail/outbox.ts';
import { renderMail } from '../../platform/mail/render.ts';

/** To the buyer when our staff ship the plates of an order: with the carrier's tracking number, if given. */
export function shipmentMail(input: {
  to: string;
  language: MailLanguage;
  orderNumber: string;
  trackingNumber: string | null;
  ordersLink: string;
}): OutgoingMail {
  const t = (key: Parameters<typeof translate>[1], params?: Record<string, string | number>) =>
    translate(input.language, key, params);
  const subject = t('mail.shipment.subject', { number: input.orderNumber });
  const { text, html } = renderMail({
    language: input.language,
    heading: subject,
    paragraphs: [
      t('mail.theft.greeting'),
      t('mail.shipment.intro', { number: input.orderNumber }),
      ...(input.trackingNumber
        ? [t('mail.shipment.tracking', { tracking_number: input.trackingNumber })]
        : []),
    ],
    action: { label: t('mail.receipt.action'), url: input.ordersLink },
    footer: `${t('mail.theft.signature')}\n\n${t('mail.footer')}`,
  });
  return { to: input.to, language: input.language, template: 'webshop_shipped', subject, text, html };
}
