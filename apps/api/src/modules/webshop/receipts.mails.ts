import { translate } from '../../platform/i18n/translate.ts';
import type { MailLanguage } from '../../platform/mail/mail-language.ts';
import type { OutgoingMail } from '../../platform/mail/outbox.ts';
import { renderMail } from '../../platform/mail/render.ts';
import type { ReceiptDocument } from './receipt.ts';

/*
 * The mails of the shop's bookkeeping, in the buyer's language: the receipt when an order is paid
 * (the whole receipt in the mail, a durable medium for the withdrawal information of payments.md
 * §4.3) and the refund when staff give money back.
 */

/** The receipt as plain text blocks: seller, number and date, lines, totals, VAT, payment, notes. */
function receiptParagraphs(receipt: ReceiptDocument): string[] {
  const t = receipt.t;
  const lines = receipt.lines.map(
    (line) => `${line.quantity} × ${line.description} (${line.unitPrice}): ${line.amount}`,
  );
  const totals = [
    ...(receipt.discount ? [`${t('receipt.discount')}: ${receipt.discount}`] : []),
    `${t('receipt.total')}: ${receipt.total}`,
    ...receipt.vat.map((vat) => `${vat.label}: ${vat.amount}`),
    `${t('receipt.currency')}: ${receipt.currency}`,
    `${t('receipt.payment_method')}: ${receipt.paymentMethod}`,
  ];
  return [
    [
      `${receipt.title}`,
      `${t('receipt.number')}: ${receipt.number}`,
      `${t('receipt.date')}: ${receipt.date}`,
      `${t('receipt.order')}: ${receipt.orderId}`,
    ].join('\n'),
    [`${t('receipt.seller')}: ${receipt.seller.name}`, receipt.seller.address, receipt.seller.vatNumber].join(
      '\n',
    ),
    lines.join('\n'),
    totals.join('\n'),
    ...receipt.notes,
  ];
}

/** To the buyer when the order is paid: the receipt, and where the PDF is. */
export function receiptMail(input: {
  to: string;
  receipt: ReceiptDocument;
  ordersLink: string;
}): OutgoingMail {
  const { receipt } = input;
  const t = receipt.t;
  const subject = t('mail.receipt.subject', { number: receipt.number });
  const { text, html } = renderMail({
    language: receipt.language,
    heading: subject,
    paragraphs: [
      t('mail.theft.greeting'),
      t('mail.receipt.intro'),
      ...receiptParagraphs(receipt),
      t('mail.receipt.pdf'),
    ],
    action: { label: t('mail.receipt.action'), url: input.ordersLink },
    footer: `${t('mail.theft.signature')}\n\n${t('mail.footer')}`,
  });
  return { to: input.to, language: receipt.language, template: 'webshop_receipt', subject, text, html };
}

/** To the buyer when a refund has gone through: how much, and what became of the order's credits. */
export function refundMail(input: {
  to: string;
  language: MailLanguage;
  receiptNumber: string;
  amount: string;
  /** Credits of the order already used on a bike (they stay; the unused ones are withdrawn). */
  creditsKept: number;
  ordersLink: string;
}): OutgoingMail {
  const t = (key: Parameters<typeof translate>[1], params?: Record<string, string | number>) =>
    translate(input.language, key, params);
  const subject = t('mail.refund.subject', { number: input.receiptNumber });
  const { text, html } = renderMail({
    language: input.language,
    heading: subject,
    paragraphs: [
      t('mail.theft.greeting'),
      t('mail.refund.intro', { amount: input.amount, number: input.receiptNumber }),
      t('mail.refund.credits_withdrawn'),
      ...(input.creditsKept > 0 ? [t('mail.refund.credits_kept')] : []),
    ],
    action: { label: t('mail.receipt.action'), url: input.ordersLink },
    footer: `${t('mail.theft.signature')}\n\n${t('mail.footer')}`,
  });
  return { to: input.to, language: input.language, template: 'webshop_refund', subject, text, html };
}
