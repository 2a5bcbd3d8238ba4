import { PLATE_DELIVERY_BUSINESS_DAYS } from '@nbr/domain/webshop';
import type { SellerConfig } from '../../config.ts';
import { type MessageKey, type TranslationParams, translate } from '../../platform/i18n/translate.ts';
import { type MailLanguage, mailLanguage } from '../../platform/mail/mail-language.ts';
import { formatReceiptNumber } from './orders.presenter.ts';
import type { OrderWithLines } from './orders.repository.ts';

/*
 * The receipt of a paid order (issue 15 §7, payments.md §4.2), as the PDF and the mail print it: a
 * Danish simplified invoice (under 3,000 kr: date, sequential number, the seller's name, address
 * and CVR number, quantity and kind, the amounts, VAT rate and VAT) or a Norwegian sales document
 * (the same, the org.nr followed by "MVA", VAT in NOK). The buyer is named when known (their
 * address for the receipt), which neither law requires of a consumer sale this size. No card fee is
 * charged (payments.md §4.5), so the receipt says so and never has a surcharge line. Texts are in
 * the buyer's language; amounts in the order's currency.
 */

const LOCALES: Record<MailLanguage, string> = { da: 'da-DK', en: 'en-GB', no: 'nb-NO' };
const TIME_ZONES: Record<string, string> = { dk: 'Europe/Copenhagen', no: 'Europe/Oslo' };

export interface ReceiptLine {
  quantity: number;
  description: string;
  unitPrice: string;
  amount: string;
}

export interface ReceiptVatRow {
  label: string;
  amount: string;
}

export interface ReceiptDocument {
  language: MailLanguage;
  title: string;
  number: string;
  date: string;
  orderId: string;
  seller: { name: string; address: string; vatNumber: string };
  buyer: string | null;
  lines: ReceiptLine[];
  discount: string | null;
  total: string;
  vat: ReceiptVatRow[];
  currency: string;
  paymentMethod: string;
  notes: string[];
  refunded: string | null;
  t: (key: MessageKey, params?: TranslationParams) => string;
}

/** A CVR number as printed (8 digits together); an org.nr in groups of three. */
function printedVatNumber(region: string, number: string): string {
  return region === 'no' ? number.replace(/^(\d{3})(\d{3})(\d{3})$/, '$1 $2 $3') : number;
}

/** Money in minor units in the buyer's locale (149,00 kr.; kr 149,00; DKK 149.00). */
export function moneyFormatter(language: MailLanguage, currency: string): (minor: number) => string {
  const format = new Intl.NumberFormat(LOCALES[language], { style: 'currency', currency });
  return (minor) => format.format(minor / 100);
}

export function dateFormatter(language: MailLanguage, region: string): (date: Date) => string {
  const format = new Intl.DateTimeFormat(LOCALES[language], {
    dateStyle: 'long',
    timeZone: TIME_ZONES[region] ?? 'Europe/Copenhagen',
  });
  return (date) => format.format(date);
}

export function buildReceipt(
  order: OrderWithLines & { receiptNumber: number; paidAt: Date },
  seller: SellerConfig,
  options: { language?: string; refundedMinor?: number; refundedAt?: Date | null } = {},
): ReceiptDocument {
  const language = mailLanguage(options.language ?? order.language);
  const t = (key: MessageKey, params?: TranslationParams) => translate(language, key, params);
  const money = moneyFormatter(language, order.currency);
  const date = dateFormatter(language, order.region);
  const region = order.region === 'no' ? 'no' : 'dk';

  // VAT per rate: the VAT of its lines, and the amount it is part of (incl. VAT) less it.
  const rates = new Map<number, { gross: number; vat: number }>();
  for (const line of order.lines) {
    const rate = rates.get(line.vatRatePercent) ?? { gross: 0, vat: 0 };
    rate.gross += line.totalMinor;
    rate.vat += line.vatMinor;
    rates.set(line.vatRatePercent, rate);
  }
  const notes = [t('receipt.no_fees'), t('receipt.withdrawal')];
  if (order.immediateStartConsentAt && order.lines.some((line) => line.kind === 'registration')) {
    notes.push(t('receipt.withdrawal_consent'));
  }
  if (order.lines.some((line) => line.kind === 'plates')) {
    notes.push(t('receipt.delivery', { ...PLATE_DELIVERY_BUSINESS_DAYS }));
  }
  const paymentKey = `receipt.method.${order.paymentMethod}`;
  const refundedMinor = options.refundedMinor ?? 0;
  return {
    language,
    title: t(region === 'no' ? 'receipt.title.no' : 'receipt.title.dk'),
    number: formatReceiptNumber(order.region, order.receiptNumber),
    date: date(order.paidAt),
    orderId: order.id,
    seller: {
      name: seller.name,
      address: seller.address,
      vatNumber: t(region === 'no' ? 'receipt.vat_number.no' : 'receipt.vat_number.dk', {
        number: printedVatNumber(region, seller.vatNumber),
      }),
    },
    buyer: order.buyerEmail,
    lines: order.lines.map((line) => ({
      quantity: line.quantity,
      description: line.description,
      unitPrice: money(line.unitPriceMinor),
      amount: money(line.unitPriceMinor * line.quantity),
    })),
    discount: order.discountMinor > 0 ? money(order.discountMinor) : null,
    total: money(order.totalMinor),
    vat: [...rates.entries()]
      .sort(([a], [b]) => b - a)
      .map(([rate, sums]) => ({
        label: t('receipt.vat', { rate, base: money(sums.gross - sums.vat) }),
        amount: money(sums.vat),
      })),
    currency: order.currency,
    paymentMethod: isMethodKey(paymentKey)
      ? t(paymentKey)
      : (BRAND_METHODS[order.paymentMethod] ?? order.paymentMethod),
    notes,
    refunded:
      refundedMinor > 0
        ? t('receipt.refunded', {
            amount: money(refundedMinor),
            date: options.refundedAt ? date(options.refundedAt) : '',
          })
        : null,
    t,
  };
}

const METHOD_KEYS = new Set<string>([
  'receipt.method.reepay',
  'receipt.method.voucher',
  'receipt.method.insurance',
]);
/** Payment methods named by their brand, the same in every language. */
const BRAND_METHODS: Record<string, string> = { vipps: 'Vipps MobilePay' };

function isMethodKey(key: string): key is MessageKey {
  return METHOD_KEYS.has(key);
}
