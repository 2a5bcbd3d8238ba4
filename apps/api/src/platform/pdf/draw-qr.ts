import QRCode from 'qrcode';

/*
 * A QR code drawn into a pdfkit document as vector squares (sharp at any print size), with the
 * standard quiet zone of four modules inside `size`. Sticker sheets and resale certificates use it.
 */

const QUIET_ZONE = 4;

export function drawQr(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number): void {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const modules = qr.modules.size;
  const unit = size / (modules + 2 * QUIET_ZONE);
  doc.save().fillColor('#000000');
  for (let row = 0; row < modules; row += 1) {
    for (let column = 0; column < modules; column += 1) {
      if (!qr.modules.get(row, column)) continue;
      doc.rect(x + (column + QUIET_ZONE) * unit, y + (row + QUIET_ZONE) * unit, unit, unit);
    }
  }
  doc.fill().restore();
}
