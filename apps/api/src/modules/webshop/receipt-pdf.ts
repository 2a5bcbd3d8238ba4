import PDFDocument from 'pdfkit';
import { pdfBytes } from '../../platform/pdf/pdf-bytes.ts';
import { toWinAnsi } from '../../platform/pdf/win-ansi.ts';
import type { ReceiptDocument } from './receipt.ts';

/*
 * A receipt as a PDF (A4): the seller, number and date at the top, the lines as a table (quantity,
 * description, unit price, amount), then the discount, the total incl. VAT, the VAT per rate, the
 * currency and how it was paid, and the notes (withdrawal, delivery). Every text is in Windows-1252
 * (the built-in Helvetica; Danish and Norwegian letters included).
 */

const MARGIN = 56;
const INK = '#1a1a1a';
const MUTED = '#555555';
const RULE = '#c8c8c8';
const LOCALES = { da: 'da-DK', en: 'en-GB', no: 'nb-NO' } as const;

export function renderReceiptPdf(receipt: ReceiptDocument): Promise<Buffer> {
  const w = toWinAnsi;
  const t = (key: Parameters<ReceiptDocument['t']>[0]) => w(receipt.t(key));
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    lang: LOCALES[receipt.language],
    displayTitle: true,
    info: {
      Title: w(`${receipt.title} ${receipt.number}`),
      Author: w(receipt.seller.name),
      Subject: w(receipt.title),
    },
  });
  const done = pdfBytes(doc);

  const left = MARGIN;
  const width = doc.page.width - MARGIN * 2;
  const rule = () => {
    const y = doc.y + 4;
    doc
      .moveTo(left, y)
      .lineTo(left + width, y)
      .lineWidth(0.6)
      .strokeColor(RULE)
      .stroke();
    doc.x = left;
    doc.y = y + 8;
  };

  // --- seller and heading --------------------------------------------------------------------------
  doc.font('Helvetica-Bold').fontSize(12).fillColor(INK).text(w(receipt.seller.name), left, MARGIN);
  doc.font('Helvetica').fontSize(10).fillColor(MUTED);
  doc.text(w(receipt.seller.address));
  doc.text(w(receipt.seller.vatNumber));
  doc.moveDown(1.2);
  doc.font('Helvetica-Bold').fontSize(20).fillColor(INK).text(w(receipt.title));
  doc.moveDown(0.6);

  const pair = (label: string, value: string) => {
    const y = doc.y;
    doc.font('Helvetica').fontSize(10).fillColor(MUTED).text(label, left, y, { width: 140 });
    doc.fillColor(INK).text(w(value), left + 150, y, { width: width - 150 });
    doc.x = left;
    doc.y = Math.max(doc.y, y + 14);
  };
  pair(t('receipt.number'), receipt.number);
  pair(t('receipt.date'), receipt.date);
  pair(t('receipt.order'), receipt.orderId);
  if (receipt.buyer) pair(t('receipt.buyer'), receipt.buyer);
  doc.moveDown(0.8);

  // --- lines ---------------------------------------------------------------------------------------
  const columns = { quantity: 40, unit: 95, amount: 95 };
  const descriptionWidth = width - columns.quantity - columns.unit - columns.amount - 24;
  const xDescription = left + columns.quantity + 8;
  const xUnit = xDescription + descriptionWidth + 8;
  const xAmount = xUnit + columns.unit + 8;
  const row = (cells: [string, string, string, string], bold = false) => {
    doc
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(10)
      .fillColor(INK);
    const y = doc.y;
    const height = Math.max(14, doc.heightOfString(cells[1], { width: descriptionWidth }));
    if (y + height > doc.page.height - MARGIN) doc.addPage();
    const top = doc.y;
    doc.text(cells[0], left, top, { width: columns.quantity, align: 'right' });
    doc.text(cells[1], xDescription, top, { width: descriptionWidth });
    doc.text(cells[2], xUnit, top, { width: columns.unit, align: 'right' });
    doc.text(cells[3], xAmount, top, { width: columns.amount, align: 'right' });
    doc.x = left;
    doc.y = top + height + 4;
  };
  row([t('receipt.quantity'), t('receipt.description'), t('receipt.unit_price'), t('receipt.amount')], true);
  rule();
  for (const line of receipt.lines) {
    row([String(line.quantity), w(line.description), w(line.unitPrice), w(line.amount)]);
  }
  rule();

  // --- totals --------------------------------------------------------------------------------------
  const total = (label: string, value: string, bold = false) => {
    doc
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(bold ? 12 : 10)
      .fillColor(INK);
    const y = doc.y;
    doc.text(w(label), left, y, { width: xAmount - left - 8, align: 'right' });
    doc.text(w(value), xAmount, y, { width: columns.amount, align: 'right' });
    doc.x = left;
    doc.y = Math.max(doc.y, y + 14);
  };
  if (receipt.discount) total(receipt.t('receipt.discount'), receipt.discount);
  total(receipt.t('receipt.total'), receipt.total, true);
  for (const vat of receipt.vat) total(vat.label, vat.amount);
  doc.moveDown(0.8);
  pair(t('receipt.currency'), receipt.currency);
  pair(t('receipt.payment_method'), receipt.paymentMethod);
  if (receipt.refunded) pair('', receipt.refunded);
  doc.moveDown(0.8);

  // --- notes ---------------------------------------------------------------------------------------
  doc.font('Helvetica').fontSize(9).fillColor(MUTED);
  for (const note of receipt.notes) {
    doc.text(w(note), left, doc.y, { width });
    doc.moveDown(0.4);
  }

  doc.end();
  return done;
}
