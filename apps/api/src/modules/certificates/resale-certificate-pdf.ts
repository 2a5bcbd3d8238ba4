import type { Language } from '@nbr/domain/locale';
import type { CertificateStatement, CertificateStatus } from '@nbr/domain/resale-certificates';
import PDFDocument from 'pdfkit';
import { type MessageKey, type TranslationParams, translate } from '../../platform/i18n/translate.ts';
import { drawQr } from '../../platform/pdf/draw-qr.ts';
import { drawLabelledRow, type LabelledRowLayout } from '../../platform/pdf/labelled-row.ts';
import { pdfBytes } from '../../platform/pdf/pdf-bytes.ts';
import { toWinAnsi } from '../../platform/pdf/win-ansi.ts';

/*
 * A resale certificate as a PDF (A4): the signed facts, the status when printed, the signature and
 * key id, and a QR code to the certificate's page, where a buyer sees whether it is still current.
 * No person is named. Helvetica (pdfkit's built-in, Windows-1252) as every PDF of the register.
 */

const LOCALES: Record<Language, string> = { da: 'da-DK', en: 'en-GB', no: 'nb-NO', is: 'is-IS' };
const PAGE_MARGIN = 56;
const LABEL_WIDTH = 170;
const GAP = 12;
const QR_SIZE = 150;
const INK = '#1a1a1a';
const MUTED = '#555555';
const WARNING = '#a4000f';

export interface CertificatePdfInput {
  language: Language;
  statement: CertificateStatement;
  signature: string;
  status: CertificateStatus;
  /** The certificate's page (the QR code's address). */
  pageUrl: string;
  now?: Date;
}

export function renderCertificatePdf(input: CertificatePdfInput): Promise<Buffer> {
  const { language, statement } = input;
  const locale = LOCALES[language];
  const t = (key: MessageKey, params?: TranslationParams) => toWinAnsi(translate(language, key, params));
  const day = (iso: string) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));
  const dateTime = (iso: string) =>
    new Intl.DateTimeFormat(locale, {
      dateStyle: 'long',
      timeStyle: 'short',
      timeZone: 'Europe/Copenhagen',
    }).format(new Date(iso));

  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: PAGE_MARGIN, bottom: PAGE_MARGIN, left: PAGE_MARGIN, right: PAGE_MARGIN },
    lang: locale,
    displayTitle: true,
    info: {
      Title: `${t('pdf.certificate.title')} ${statement.certificate_id}`,
      Author: t('pdf.theft.register'),
      Subject: t('pdf.certificate.title'),
      Creator: t('pdf.theft.register'),
    },
  });
  const done = pdfBytes(doc);
  const left = PAGE_MARGIN;
  const width = doc.page.width - PAGE_MARGIN * 2;
  const textWidth = width - QR_SIZE - GAP;
  const valueX = left + LABEL_WIDTH + GAP;
  const valueWidth = width - LABEL_WIDTH - GAP;

  doc.font('Helvetica').fontSize(10).fillColor(MUTED).text(t('pdf.theft.register'), left, PAGE_MARGIN);
  doc.moveDown(0.3);
  doc
    .font('Helvetica-Bold')
    .fontSize(22)
    .fillColor(INK)
    .text(t('pdf.certificate.title'), { width: textWidth });
  doc.moveDown(0.4);
  doc.font('Helvetica').fontSize(10).fillColor(MUTED).text(t('pdf.certificate.intro'), { width: textWidth });
  drawQr(doc, input.pageUrl, left + width - QR_SIZE, PAGE_MARGIN - 8, QR_SIZE);
  doc.y = Math.max(doc.y, PAGE_MARGIN + QR_SIZE - 8);
  doc.moveDown(0.6);

  if (input.status !== 'current') {
    doc
      .font('Helvetica-Bold')
      .fontSize(12)
      .fillColor(WARNING)
      .text(t(`pdf.certificate.status_${input.status}`), left, doc.y, { width });
    doc.moveDown(0.6);
  }

  const rowLayout: LabelledRowLayout = {
    left,
    labelWidth: LABEL_WIDTH,
    valueX,
    valueWidth,
    labelColor: MUTED,
    valueColor: INK,
  };
  const row = (label: string, value: string | null | undefined) =>
    drawLabelledRow(doc, rowLayout, label, value);

  const { bike } = statement;
  const yesNo = (value: boolean) => (value ? t('pdf.theft.yes') : t('pdf.theft.no'));
  row(t('pdf.certificate.certificate_id'), statement.certificate_id);
  row(t('pdf.certificate.issued_at'), dateTime(statement.issued_at));
  row(t('pdf.theft.brand'), bike.brand);
  row(t('pdf.theft.model'), bike.model);
  row(t('pdf.theft.color'), bike.color ? t(`pdf.theft.color_${bike.color}`) : null);
  row(t('pdf.theft.category'), bike.category ? t(`pdf.theft.category_${bike.category}`) : null);
  row(t('pdf.theft.electric'), yesNo(bike.is_electric));
  row(t('pdf.certificate.frame_number'), bike.frame_number_masked);
  row(t('pdf.certificate.registered_since'), day(statement.registered_since));
  row(t('pdf.certificate.owners'), String(statement.number_of_owners));
  row(
    t('pdf.certificate.thefts'),
    statement.thefts.length === 0
      ? t('pdf.certificate.no_thefts')
      : statement.thefts
          .map((theft) =>
            theft.recovered_on
              ? t('pdf.certificate.theft_recovered', {
                  stolen: day(theft.reported_stolen_on),
                  recovered: day(theft.recovered_on),
                })
              : t('pdf.certificate.theft_open', { stolen: day(theft.reported_stolen_on) }),
          )
          .join('\n'),
  );
  row(t('pdf.certificate.identity_verified'), yesNo(statement.owner_identity_verified));

  doc.moveDown(1);
  doc.font('Helvetica-Bold').fontSize(11).fillColor(INK).text(t('pdf.certificate.check_title'), left, doc.y);
  doc.moveDown(0.3);
  doc.font('Helvetica').fontSize(10).fillColor(INK).text(t('pdf.certificate.check_text'), { width });
  doc.moveDown(0.3);
  doc.fillColor('#004568').text(input.pageUrl, { width, link: input.pageUrl, underline: true });
  doc.moveDown(1);
  doc.font('Helvetica').fontSize(8).fillColor(MUTED);
  doc.text(t('pdf.certificate.signature', { kid: statement.kid }), { width });
  doc.font('Courier').fontSize(8).text(input.signature, { width });
  doc.font('Helvetica').fontSize(8).moveDown(0.5);
  doc.text(t('pdf.certificate.printed_at', { date: dateTime((input.now ?? new Date()).toISOString()) }), {
    width,
  });
  doc.end();
  return done;
}
