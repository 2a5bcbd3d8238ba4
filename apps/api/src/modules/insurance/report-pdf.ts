import type { InsurerReport } from '@nbr/domain/insurance-admin';
import PDFDocument from 'pdfkit';
import { type MessageKey, type TranslationParams, translate } from '../../platform/i18n/translate.ts';
import { pdfBytes } from '../../platform/pdf/pdf-bytes.ts';
import { toWinAnsi } from '../../platform/pdf/win-ansi.ts';

/*
 * The insurer's report as a PDF (A4), in the style of the theft report's PDF (theft-report-pdf.ts):
 * the register's name, a bold title, sections under a thin rule, tables of figures and a footer with
 * page numbers. Helvetica covers Windows-1252; place names in other scripts degrade to '?'.
 */

export type PdfLanguage = 'da' | 'en' | 'no';

const LOCALES: Record<PdfLanguage, string> = { da: 'da-DK', en: 'en-GB', no: 'nb-NO' };
const PAGE_MARGIN = 56;
const INK = '#1a1a1a';
const MUTED = '#555555';
const RULE = '#c8c8c8';
const BAR = '#2f5d8a';

export function renderInsurerReportPdf(input: {
  report: InsurerReport;
  language: PdfLanguage;
  now: Date;
}): Promise<Buffer> {
  const { report, language } = input;
  const locale = LOCALES[language];
  const t = (key: MessageKey, params?: TranslationParams) => toWinAnsi(translate(language, key, params));
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  const money = (minor: number) =>
    new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(minor / 100);
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });

  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: PAGE_MARGIN, bottom: PAGE_MARGIN + 14, left: PAGE_MARGIN, right: PAGE_MARGIN },
    bufferPages: true,
    lang: locale,
    displayTitle: true,
    info: {
      Title: `${t('pdf.insurer_report.title')} ${report.period.from} – ${report.period.to}`,
      Author: t('pdf.insurer_report.register'),
      Subject: t('pdf.insurer_report.title'),
      Creator: t('pdf.insurer_report.register'),
    },
  });
  const done = pdfBytes(doc);
  const left = PAGE_MARGIN;
  const width = doc.page.width - PAGE_MARGIN * 2;
  const bottom = () => doc.page.height - doc.page.margins.bottom;

  doc
    .font('Helvetica')
    .fontSize(10)
    .fillColor(MUTED)
    .text(t('pdf.insurer_report.register'), left, PAGE_MARGIN);
  doc.moveDown(0.3);
  doc.font('Helvetica-Bold').fontSize(22).fillColor(INK).text(t('pdf.insurer_report.title'));
  doc.moveDown(0.3);
  doc.font('Helvetica-Bold').fontSize(12).fillColor(INK).text(toWinAnsi(report.insurer.name));
  doc
    .font('Helvetica')
    .fontSize(10)
    .fillColor(MUTED)
    .text(t('pdf.insurer_report.period', { from: report.period.from, to: report.period.to }));
  doc.moveDown(0.3);
  doc.text(t('pdf.insurer_report.consent_note'), { width });

  function section(title: string) {
    if (doc.y + 60 > bottom()) doc.addPage();
    doc.moveDown(0.8);
    doc.font('Helvetica-Bold').fontSize(13).fillColor(INK).text(title, left, doc.y, { width });
    const lineY = doc.y + 3;
    doc
      .moveTo(left, lineY)
      .lineTo(left + width, lineY)
      .lineWidth(0.6)
      .strokeColor(RULE)
      .stroke();
    doc.y = lineY + 8;
  }

  /** A table: the first column left, the others right-aligned. */
  function table(headers: string[], rows: string[][], widths: number[]) {
    const line = (cells: string[], bold: boolean) => {
      if (doc.y + 16 > bottom()) doc.addPage();
      const y = doc.y;
      let x = left;
      doc
        .font(bold ? 'Helvetica-Bold' : 'Helvetica')
        .fontSize(10)
        .fillColor(bold ? MUTED : INK);
      cells.forEach((cell, index) => {
        const cellWidth = widths[index] ?? 80;
        doc.text(toWinAnsi(cell), x, y, {
          width: cellWidth - 6,
          align: index === 0 ? 'left' : 'right',
          lineBreak: false,
        });
        x += cellWidth;
      });
      doc.x = left;
      doc.y = y + 15;
    };
    line(headers, true);
    for (const row of rows) line(row, false);
  }

  section(t('pdf.insurer_report.summary'));
  table(
    [
      t('pdf.insurer_report.thefts'),
      t('pdf.insurer_report.found'),
      t('pdf.insurer_report.recovery_rate'),
      t('pdf.insurer_report.payouts'),
      t('pdf.insurer_report.amount', { currency: report.currency }),
    ],
    [
      [
        number.format(report.thefts),
        number.format(report.found),
        report.recovery_rate === null
          ? t('pdf.insurer_report.not_applicable')
          : percent.format(report.recovery_rate),
        number.format(report.payouts),
        money(report.payout_amount_minor),
      ],
    ],
    [70, 80, 150, 80, width - 380],
  );

  section(t('pdf.insurer_report.per_month'));
  const most = Math.max(1, ...report.months.map((month) => month.thefts));
  table(
    [
      t('pdf.insurer_report.month'),
      t('pdf.insurer_report.thefts'),
      t('pdf.insurer_report.found'),
      t('pdf.insurer_report.payouts'),
      t('pdf.insurer_report.amount', { currency: report.currency }),
    ],
    report.months.map((month) => [
      month.month,
      number.format(month.thefts),
      number.format(month.found),
      number.format(month.payouts),
      money(month.payout_amount_minor),
    ]),
    [90, 70, 80, 80, 110],
  );
  // Bars of thefts per month, beside nothing but their own numbers (the table above has them all).
  doc.moveDown(0.5);
  for (const month of report.months) {
    if (doc.y + 14 > bottom()) doc.addPage();
    const y = doc.y;
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor(MUTED)
      .text(month.month, left, y, { width: 50, lineBreak: false });
    const barWidth = ((width - 100) * month.thefts) / most;
    if (barWidth > 0)
      doc
        .rect(left + 55, y + 1, barWidth, 8)
        .fillColor(BAR)
        .fill();
    doc
      .fillColor(INK)
      .text(number.format(month.thefts), left + 60 + barWidth, y, { width: 40, lineBreak: false });
    doc.x = left;
    doc.y = y + 12;
  }

  section(t('pdf.insurer_report.places'));
  if (report.municipalities.length === 0) {
    doc
      .font('Helvetica')
      .fontSize(10)
      .fillColor(INK)
      .text(t('pdf.insurer_report.none'), left, doc.y, { width });
  } else {
    table(
      [t('pdf.insurer_report.place'), t('pdf.insurer_report.thefts')],
      report.municipalities.map((place) => [
        place.name === '' ? t('pdf.insurer_report.unknown_place') : place.name,
        number.format(place.thefts),
      ]),
      [300, 80],
    );
  }
  doc.moveDown(0.3);
  doc
    .font('Helvetica')
    .fontSize(8)
    .fillColor(MUTED)
    .text(t('pdf.insurer_report.places_note'), left, doc.y, { width });

  section(t('pdf.insurer_report.backlog'));
  table(
    [t('pdf.insurer_report.status'), t('pdf.insurer_report.bikes')],
    report.verification_backlog.map((row) => [
      t(`pdf.insurer_report.status.${row.status}` as MessageKey),
      number.format(row.count),
    ]),
    [300, 80],
  );

  const made = t('pdf.insurer_report.made', {
    date: new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(input.now),
  });
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index += 1) {
    doc.switchToPage(index);
    const footerY = doc.page.height - PAGE_MARGIN + 4;
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor(MUTED)
      .text(`${t('pdf.insurer_report.register')} · ${made}`, left, footerY, {
        width: width - 80,
        lineBreak: false,
      })
      .text(
        t('pdf.insurer_report.page', { page: index + 1, pages: range.count }),
        left + width - 80,
        footerY,
        {
          width: 80,
          align: 'right',
          lineBreak: false,
        },
      );
    doc.page.margins.bottom = margin;
  }
  doc.end();
  return done;
}
