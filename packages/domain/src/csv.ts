/*
 * A streaming CSV reader (RFC 4180): fields in double quotes may hold the separator, line breaks and
 * doubled quotes; lines end in CRLF, LF or CR. The separator is what the header line uses: a comma,
 * a semicolon (Danish and Norwegian Excel saves "CSV" with semicolons, since the comma is their
 * decimal mark) or a tab. A UTF-8 byte-order mark before the header is dropped.
 *
 * Text arrives in chunks (`push`), records come out as soon as they are complete, so a file of any
 * size is read with the memory of one record.
 */

export type CsvRecord = string[];

const SEPARATORS = [',', ';', '\t'] as const;

/** The separator of a header line: the one of comma, semicolon and tab it uses most, outside quotes. */
export function detectSeparator(headerLine: string): string {
  let best: string = ',';
  let bestCount = 0;
  for (const separator of SEPARATORS) {
    let count = 0;
    let quoted = false;
    for (const character of headerLine) {
      if (character === '"') quoted = !quoted;
      else if (!quoted && character === separator) count += 1;
    }
    if (count > bestCount) {
      best = separator;
      bestCount = count;
    }
  }
  return best;
}

export class CsvReader {
  private separator: string | null;
  private field = '';
  private record: string[] = [];
  private quoted = false;
  /** The last character was a closing quote candidate inside a quoted field. */
  private quoteSeen = false;
  /** A CR ended the last record: an LF right after it belongs to the same line break. */
  private afterCr = false;
  private started = false;
  private pending = '';
  /** Whether the current record has any character (an empty line is skipped, not a record of one ''). */
  private recordHasContent = false;

  constructor(options: { separator?: string } = {}) {
    this.separator = options.separator ?? null;
  }

  /** Reads a chunk of text; answers the records it completed. */
  push(chunk: string): CsvRecord[] {
    let text = chunk;
    if (!this.started) {
      text = this.pending + text;
      if (text.length > 0 && text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      if (this.separator === null) {
        const lineEnd = text.search(/[\r\n]/);
        if (lineEnd === -1) {
          // Not a whole header line yet: wait for more text.
          this.pending = text;
          return [];
        }
        this.separator = detectSeparator(text.slice(0, lineEnd));
      }
      this.pending = '';
      this.started = true;
    }
    return this.read(text);
  }

  /** The end of the text: the last record, if it had no line break after it. */
  end(): CsvRecord[] {
    const records: CsvRecord[] = [];
    if (!this.started) {
      let text = this.pending;
      if (text.length > 0 && text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      this.separator ??= detectSeparator(text);
      this.started = true;
      this.pending = '';
      records.push(...this.read(text));
    }
    if (this.quoted && !this.quoteSeen) throw new CsvError('unclosed_quote');
    if (this.recordHasContent || this.record.length > 0) {
      this.record.push(this.field);
      records.push(this.record);
    }
    this.field = '';
    this.record = [];
    this.recordHasContent = false;
    return records;
  }

  private read(text: string): CsvRecord[] {
    const records: CsvRecord[] = [];
    const separator = this.separator ?? ',';
    for (let index = 0; index < text.length; index += 1) {
      const character = text[index] as string;
      if (this.afterCr) {
        this.afterCr = false;
        if (character === '\n') continue;
      }
      if (this.quoted) {
        if (this.quoteSeen) {
          this.quoteSeen = false;
          if (character === '"') {
            this.field += '"';
            continue;
          }
          // The quote closed the field; this character is read as outside quotes.
          this.quoted = false;
        } else if (character === '"') {
          this.quoteSeen = true;
          continue;
        } else {
          this.field += character;
          continue;
        }
      }
      if (character === separator) {
        this.record.push(this.field);
        this.field = '';
        this.recordHasContent = true;
      } else if (character === '\r' || character === '\n') {
        if (character === '\r') this.afterCr = true;
        if (this.recordHasContent || this.field !== '') {
          this.record.push(this.field);
          records.push(this.record);
        }
        this.record = [];
        this.field = '';
        this.recordHasContent = false;
      } else if (character === '"' && this.field === '') {
        this.quoted = true;
        this.recordHasContent = true;
      } else {
        // A quote inside an unquoted field is kept as it is (lenient, as spreadsheets write them).
        this.field += character;
        this.recordHasContent = true;
      }
    }
    return records;
  }
}

export class CsvError extends Error {
  constructor(readonly code: 'unclosed_quote') {
    super(code);
  }
}

/** Reads a whole text at once (tests, small files). */
export function parseCsv(text: string, options: { separator?: string } = {}): CsvRecord[] {
  const reader = new CsvReader(options);
  return [...reader.push(text), ...reader.end()];
}
