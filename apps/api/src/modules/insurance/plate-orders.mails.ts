import { PLATE_DELIVERY_BUSINESS_DAYS } from '@nbr/domain/webshop';
import { mailLanguage } from '../../platform/mail/mail-language.ts';
import type { OutgoingMail } from '../../platform/mail/outbox.ts';
import { renderInsuranceMail } from './insurance.mails.ts';

/*
 * Answers to an insurer's member who mailed a plate order (issue 16 §4; texts `mail.plate_order.*`),
 * in the member's language: the order as read, a mail the register could not read as an order, and
 * the plates sent. Mails from anyone else get no answer: the register does not write to addresses
 * it cannot trust (no backscatter).
 */

export function plateOrderReceivedMail(input: {
  to: string;
  language: string;
  quantity: number;
  subject: string;
  url: string;
}): OutgoingMail {
  return renderInsuranceMail(
    input.to,
    mailLanguage(input.language),
    'plate_order_received',
    {
      subject: 'mail.plate_order.received.subject',
      paragraphs: [
        'mail.plate_order.received.intro',
        'mail.plate_order.received.delivery',
        'mail.plate_order.received.cancel',
      ],
      action: { label: 'mail.plate_order.action', url: input.url },
    },
    {
      quantity: input.quantity,
      mailSubject: input.subject,
      min: PLATE_DELIVERY_BUSINESS_DAYS.min,
      max: PLATE_DELIVERY_BUSINESS_DAYS.max,
    },
  );
}

export function plateOrderUnreadableMail(input: {
  to: string;
  language: string;
  subject: string;
  maximum: number;
  url: string;
}): OutgoingMail {
  return renderInsuranceMail(
    input.to,
    mailLanguage(input.language),
    'plate_order_unreadable',
    {
      subject: 'mail.plate_order.unreadable.subject',
      paragraphs: ['mail.plate_order.unreadable.intro', 'mail.plate_order.unreadable.how'],
      action: { label: 'mail.plate_order.action', url: input.url },
    },
    { mailSubject: input.subject, maximum: input.maximum },
  );
}

export function plateOrderSentMail(input: {
  to: string;
  language: string;
  quantity: number;
  url: string;
}): OutgoingMail {
  return renderInsuranceMail(
    input.to,
    mailLanguage(input.language),
    'plate_order_sent',
    {
      subject: 'mail.plate_order.sent.subject',
      paragraphs: ['mail.plate_order.sent.intro'],
      action: { label: 'mail.plate_order.action', url: input.url },
    },
    { quantity: input.quantity },
  );
}
