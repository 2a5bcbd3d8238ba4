import type { TheftReport } from '@nbr/domain/theft';
import PDFDocument from 'pdfkit';
import { type MessageKey, type TranslationParams, translate } from '../../platform/i18n/translate.ts';
import { drawLabelledRow, type LabelledRowLayout } from '../../platform/pdf/labelled-row.ts';
import { pdfBytes } from '../../platform/pdf/pdf-bytes.ts';
import { toWinAnsi } from '../../platform/pdf/win-ansi.ts';
import type { SubmittedBike } from './theft-reports.presenter.ts';

/*
 * A theft report as a PDF (A4) the owner hands to the police or the insurer: everything the owner
 * wrote, in their language, with the exact picked coordinates (it is the owner's own document) and
 * the national id number masked — the register never shows it back in full. pdfkit's built-in
 * Helvetica covers Windows-1252 (æ, ø, å, ä, ö, ü, é …); anything else typed is replaced by its
 * closest letter or '?', so a name in another script never breaks the document.
 */

export type PdfLanguage = 'da' | 'en' | 'no';

const LOCALES: Record<PdfLanguage, string> = { da: 'da-DK', en: 'en-GB', no: 'nb-NO' };
const TIME_ZONES: Record<string, string> = { dk: 'Europe/Copenhagen', no: 'Europe/Oslo' };

export interface TheftReportPdfInput {
  language: PdfLanguage;
  /** The report as its owner sees it (masked national id number). */
  report: Omit<TheftReport, 'pdf_url'>;
  bike: SubmittedBike;
  /** The bike's region: the time zone dates are written in. */
  region: string | null;
  now?: Date;
}

const PAGE_MARGIN = 56;
const LABEL_WIDTH = 170;
const GAP = 12;
const INK = '#1a1a1a';
const MUTED = '#555555';
const RULE = '#c8c8c8';
/** What an empty field shows (the same in every language). */

/** Renders the report; resolves with the PDF's bytes. */
export function renderTheftReportPdf(input: TheftReportPdfInput): Promise<Buffer> {
  const { language, report, bike } = input;
  const now = input.now ?? new Date();
  const locale = LOCALES[language];
  const timeZone = TIME_ZONES[input.region ?? 'dk'] ?? 'Europe/Copenhagen';
  const t = (key: MessageKey, params?: TranslationParams) => toWinAnsi(translate(language, key, params));
  const dateTime = (iso: string | null) =>
    iso
      ? new Intl.DateTimeFormat(locale, {
          dateStyle: 'long',
          timeStyle: 'short',
          timeZone,
        }).format(new Date(iso))
      : null;
  const yesNo = (value: boolean | null) =>
    value === null ? null : value ? t('pdf.theft.yes') : t('pdf.theft.no');

  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: PAGE_MARGIN, bottom: PAGE_MARGIN + 14, left: PAGE_MARGIN, right: PAGE_MARGIN },
    bufferPages: true,
    lang: LOCALES[language],
    displayTitle: true,
    info: {
      Title: `${t('pdf.theft.title')} ${report.report_id}`,
      Author: t('pdf.theft.register'),
      Subject: t('pdf.theft.title'),
      Creator: t('pdf.theft.register'),
    },
  });
  const done = pdfBytes(doc);

  const left = PAGE_MARGIN;
  const width = doc.page.width - PAGE_MARGIN * 2;
  const valueX = left + LABEL_WIDTH + GAP;
  const valueWidth = width - LABEL_WIDTH - GAP;
  const bottom = () => doc.page.height - doc.page.margins.bottom;

  // --- heading ---------------------------------------------------------------------------------------
  doc.font('Helvetica').fontSize(10).fillColor(MUTED).text(t('pdf.theft.register'), left, PAGE_MARGIN);
  doc.moveDown(0.3);
  doc.font('Helvetica-Bold').fontSize(22).fillColor(INK).text(t('pdf.theft.title'));
  doc.moveDown(0.4);
  doc.font('Helvetica').fontSize(10).fillColor(MUTED).text(t('pdf.theft.intro'), { width });
  doc.moveDown(0.8);

  const rowLayout: LabelledRowLayout = {
    left,
    labelWidth: LABEL_WIDTH,
    valueX,
    valueWidth,
    labelColor: MUTED,
    valueColor: INK,
    bottom,
  };
  const row = (label: string, value: string | null | undefined) =>
    drawLabelledRow(doc, rowLayout, label, value);

  function section(title: string) {
    if (doc.y + 60 > bottom()) doc.addPage();
    doc.moveDown(0.6);
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

  // --- the report --------------------------------------------------------------------------------------
  const status =
    report.status === 'submitted'
      ? t('pdf.theft.status_submitted')
      : t('pdf.theft.status_found', { date: dateTime(report.closed_at) ?? '' });
  row(t('pdf.theft.report_id'), report.report_id);
  row(t('pdf.theft.submitted_at'), dateTime(report.submitted_at));
  row(t('pdf.theft.status'), status);

  section(t('pdf.theft.section_owner'));
  row(t('pdf.theft.name'), [report.first_name, report.last_name].filter(Boolean).join(' '));
  row(t('pdf.theft.email'), report.email);
  const street = [report.street_address, report.floor, report.side, report.door].filter(Boolean).join(', ');
  const town = [report.zip_code, report.city].filter(Boolean).join(' ');
  row(t('pdf.theft.address'), [street, town].filter(Boolean).join('\n'));
  row(t('pdf.theft.mobile'), report.mobile);
  row(t('pdf.theft.telephone'), report.telephone);
  row(t('pdf.theft.police_report'), yesNo(report.police_report_requested));

  section(t('pdf.theft.section_bike'));
  row(t('pdf.theft.nickname'), bike.nickname);
  row(t('pdf.theft.brand'), bike.brand);
  row(t('pdf.theft.model'), bike.model);
  row(t('pdf.theft.frame_number'), report.frame_number ?? bike.frame_number);
  row(t('pdf.theft.plate_id'), bike.plate_id);
  row(t('pdf.theft.color'), report.bike_color ? t(`pdf.theft.color_${report.bike_color}`) : null);
  row(t('pdf.theft.category'), report.bike_category ? t(`pdf.theft.category_${report.bike_category}`) : null);
  row(t('pdf.theft.electric'), yesNo(report.is_electric));
  if (report.is_electric) {
    row(
      t('pdf.theft.battery'),
      report.battery_location ? t(`pdf.theft.battery_${report.battery_location}`) : null,
    );
  }

  section(t('pdf.theft.section_insurance'));
  row(t('pdf.theft.insured'), yesNo(report.is_insured));
  if (report.is_insured) row(t('pdf.theft.insurance_company'), report.insurance_company);
  row(
    t('pdf.theft.price'),
    report.bike_price === null
      ? null
      : `${new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(report.bike_price)} ${bike.currency}`,
  );

  section(t('pdf.theft.section_theft'));
  row(t('pdf.theft.last_seen'), dateTime(report.time_last_seen));
  row(t('pdf.theft.noted'), dateTime(report.noted_time));
  row(t('pdf.theft.place'), report.place);
  row(
    t('pdf.theft.coordinates'),
    report.location
      ? t('pdf.theft.coordinates_value', {
          latitude: report.location.latitude.toFixed(6),
          longitude: report.location.longitude.toFixed(6),
        })
      : null,
  );
  row(t('pdf.theft.lock'), report.lock_status ? t(`pdf.theft.lock_${report.lock_status}`) : null);
  row(t('pdf.theft.culprit_known'), yesNo(report.is_culprit_known));
  if (report.is_culprit_known) {
    row(t('pdf.theft.culprit_recognizable'), yesNo(report.is_culprit_recognizable));
    row(t('pdf.theft.culprit_info'), report.culprit_info);
  }
  row(t('pdf.theft.witness'), yesNo(report.has_witness));
  if (report.has_witness) row(t('pdf.theft.witnesses'), report.witnesses);

  section(t('pdf.theft.section_acknowledgements'));
  const acknowledgement = (value: boolean | null) =>
    value ? t('pdf.theft.ack_given') : t('pdf.theft.ack_missing');
  // The statement is the long part: it takes the wide column, its status the label's.
  row(acknowledgement(report.acknowledgement_payout), t('pdf.theft.ack_payout'));
  row(acknowledgement(report.acknowledgement_data_share), t('pdf.theft.ack_data_share'));
  row(acknowledgement(report.acknowledgement_ownership_transfer), t('pdf.theft.ack_ownership_transfer'));

  // --- footer on every page ------------------------------------------------------------------------------
  const printed = t('pdf.theft.printed_at', { date: dateTime(now.toISOString()) ?? '' });
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index += 1) {
    doc.switchToPage(index);
    // Writing into the bottom margin must not open a new page.
    const footerY = doc.page.height - PAGE_MARGIN + 4;
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor(MUTED)
      .text(`${t('pdf.theft.register')} · ${report.report_id} · ${printed}`, left, footerY, {
        width: width - 80,
        lineBreak: false,
      })
      .text(t('pdf.theft.page', { page: index + 1, pages: range.count }), left + width - 80, footerY, {
        width: 80,
        align: 'right',
        lineBreak: false,
      });
    doc.page.margins.bottom = margin;
  }
  doc.end();
  return done;
}
