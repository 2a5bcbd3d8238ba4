import PDFDocument from 'pdfkit';
import { drawQr } from '../../platform/pdf/draw-qr.ts';
import { pdfBytes } from '../../platform/pdf/pdf-bytes.ts';
import { toWinAnsi } from '../../platform/pdf/win-ansi.ts';

/*
 * The print-ready sheet of a batch of stickers (issue 17 §1): A4 pages of a label grid, each label
 * a QR code holding the sticker's GS1 Digital Link and the code printed under it, so a person can
 * type it when a camera cannot read the sticker. The QR codes are drawn as vector squares (sharp at
 * any printer's resolution) with error correction M and the four-module quiet zone the standard
 * asks for, so a phone camera reads them off a worn label.
 */

/** The label grid in PDF points (1/72 inch): 4 × 6 labels of 48 × 44 mm on A4 (210 × 297 mm). */
export const STICKER_SHEET_LAYOUT = {
  pageWidth: 595.28,
  pageHeight: 841.89,
  columns: 4,
  rows: 6,
  /** Left and top page margins: the grid is centred on the page. */
  marginX: (595.28 - 4 * 136) / 2,
  marginY: (841.89 - 6 * 125) / 2,
  labelWidth: 136,
  labelHeight: 125,
  /** The QR code's side, quiet zone included, centred at the top of the label. */
  qrSize: 96,
  qrTop: 6,
} as const;

export const STICKERS_PER_PAGE = STICKER_SHEET_LAYOUT.columns * STICKER_SHEET_LAYOUT.rows;

/** Where label `index` (0-based) of a page sits: its top-left corner in points. */
export function labelOrigin(index: number): { x: number; y: number } {
  const { columns, marginX, marginY, labelWidth, labelHeight } = STICKER_SHEET_LAYOUT;
  const slot = index % STICKERS_PER_PAGE;
  return {
    x: marginX + (slot % columns) * labelWidth,
    y: marginY + Math.floor(slot / columns) * labelHeight,
  };
}

const CUT_LINE = '#d0d0d0';

export interface StickerSheetLabel {
  code: string;
  /** What the QR code holds: the sticker's GS1 Digital Link. */
  link: string;
}

/** The sheet as PDF bytes: one label per sticker, in the order given, 24 to a page. */
export function renderStickerSheetPdf(input: {
  title: string;
  labels: readonly StickerSheetLabel[];
}): Promise<Buffer> {
  const layout = STICKER_SHEET_LAYOUT;
  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    autoFirstPage: false,
    displayTitle: true,
    info: { Title: toWinAnsi(input.title), Author: 'Cykelregisteret' },
  });
  const bytes = pdfBytes(doc);
  input.labels.forEach((label, index) => {
    if (index % STICKERS_PER_PAGE === 0) doc.addPage({ size: 'A4', margin: 0 });
    const { x, y } = labelOrigin(index);
    doc
      .save()
      .lineWidth(0.5)
      .strokeColor(CUT_LINE)
      .rect(x, y, layout.labelWidth, layout.labelHeight)
      .stroke();
    doc.restore();
    drawQr(doc, label.link, x + (layout.labelWidth - layout.qrSize) / 2, y + layout.qrTop, layout.qrSize);
    doc
      .font('Courier-Bold')
      .fontSize(13)
      .fillColor('#000000')
      .text(toWinAnsi(label.code), x, y + layout.qrTop + layout.qrSize + 4, {
        width: layout.labelWidth,
        align: 'center',
        lineBreak: false,
      });
  });
  if (input.labels.length === 0) doc.addPage({ size: 'A4', margin: 0 });
  doc.end();
  return bytes;
}
