import { CsvError, CsvReader } from '@nbr/domain/csv';
import { readSheet } from 'read-excel-file/node';
import { AppError } from '../../platform/errors.ts';

/*
 * The records of an uploaded register, read as the bytes arrive. The type is decided from the bytes:
 * an XLSX workbook is a ZIP archive ("PK"), read whole (its cells are spread over the archive; the
 * upload limit bounds it) with read-excel-file, first sheet; anything else is CSV, read record by
 * record. CSV text is UTF-8 (with or without a byte-order mark); a file that is not valid UTF-8 in
 * its first chunk is read as Windows-1252, as Excel's "CSV (semicolon separated)" saves it.
 */

function cellText(cell: unknown): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return cell.toISOString().slice(0, 10);
  return String(cell);
}

export async function* recordsOfFile(bytes: AsyncIterable<Buffer | Uint8Array>): AsyncGenerator<string[]> {
  const iterator = bytes[Symbol.asyncIterator]();
  const first = await iterator.next();
  if (first.done) return;
  const head = Buffer.from(first.value);
  const rest: AsyncIterable<Buffer | Uint8Array> = { [Symbol.asyncIterator]: () => iterator };
  if (head[0] === 0x50 && head[1] === 0x4b) {
    const chunks = [head];
    for await (const chunk of rest) chunks.push(Buffer.from(chunk));
    let rows: unknown[][];
    try {
      rows = await readSheet(Buffer.concat(chunks));
    } catch {
      throw new AppError('import_file_unreadable', { reason: 'xlsx' });
    }
    for (const row of rows) yield row.map(cellText);
    return;
  }
  let decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
  let firstText: string;
  try {
    firstText = decoder.decode(head, { stream: true });
  } catch {
    decoder = new TextDecoder('windows-1252');
    firstText = decoder.decode(head, { stream: true });
  }
  const reader = new CsvReader();
  try {
    yield* reader.push(firstText);
    for await (const chunk of rest) yield* reader.push(decoder.decode(chunk, { stream: true }));
    yield* reader.push(decoder.decode());
    yield* reader.end();
  } catch (error) {
    if (error instanceof CsvError) throw new AppError('import_file_unreadable', { reason: error.code });
    if (error instanceof TypeError) throw new AppError('import_file_unreadable', { reason: 'encoding' });
    throw error;
  }
}
