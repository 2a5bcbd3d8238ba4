import { toWinAnsi } from './win-ansi.ts';

/** What an empty value is printed as in a labelled row. */
export const PDF_NOT_GIVEN = '–';

/** Where a document's labelled rows go: labels in a column at `left`, values beside them. */
export interface LabelledRowLayout {
  left: number;
  labelWidth: number;
  valueX: number;
  valueWidth: number;
  labelColor: string;
  valueColor: string;
  /** When given, a row that would pass this y starts a new page (a document of several pages). */
  bottom?: () => number;
}

/**
 * One "label: value" row of a document (a theft report, a resale certificate): the label muted in its
 * column, the value beside it (wrapped, in the PDF fonts' character set, a dash when empty), and the
 * cursor below the taller of the two.
 */
export function drawLabelledRow(
  doc: PDFKit.PDFDocument,
  layout: LabelledRowLayout,
  label: string,
  value: string | null | undefined,
): void {
  const text = value === null || value === undefined || value === '' ? PDF_NOT_GIVEN : toWinAnsi(value);
  doc.font('Helvetica').fontSize(10);
  const height = Math.max(
    doc.heightOfString(label, { width: layout.labelWidth }),
    doc.heightOfString(text, { width: layout.valueWidth }),
  );
  if (layout.bottom && doc.y + height > layout.bottom()) doc.addPage();
  const y = doc.y;
  doc.fillColor(layout.labelColor).text(label, layout.left, y, { width: layout.labelWidth });
  doc.fillColor(layout.valueColor).text(text, layout.valueX, y, { width: layout.valueWidth });
  doc.x = layout.left;
  doc.y = y + height + 5;
}
