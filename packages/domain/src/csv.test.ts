import { describe, expect, it } from 'vitest';
import { CsvError, CsvReader, detectSeparator, parseCsv } from './csv.ts';

describe('CSV reader (RFC 4180)', () => {
  it('reads quoted fields holding separators, doubled quotes and line breaks', () => {
    expect(parseCsv('a,b,c\r\n"x, y","say ""hi""","two\r\nlines"\r\n')).toEqual([
      ['a', 'b', 'c'],
      ['x, y', 'say "hi"', 'two\r\nlines'],
    ]);
  });

  it('drops a UTF-8 byte-order mark and reads a semicolon-separated Danish Excel file', () => {
    const text =
      '\uFEFFowner_email;owner_name;brand\r\nanna@example.dk;Åse Ærø;"Kildemoes; Logic"\r\nbo@example.dk;Bo;\r\n';
    expect(parseCsv(text)).toEqual([
      ['owner_email', 'owner_name', 'brand'],
      ['anna@example.dk', 'Åse Ærø', 'Kildemoes; Logic'],
      ['bo@example.dk', 'Bo', ''],
    ]);
  });

  it('takes LF, CRLF and CR line ends, a last line without one, and skips empty lines', () => {
    expect(parseCsv('a,b\nc,d\r\ne,f\rg,h\n\n\r\ni,j')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
      ['e', 'f'],
      ['g', 'h'],
      ['i', 'j'],
    ]);
  });

  it('keeps empty fields, also the last one of a line', () => {
    expect(parseCsv('a,,c,\n,,,\n')).toEqual([
      ['a', '', 'c', ''],
      ['', '', '', ''],
    ]);
  });

  it('gives the same records whatever the chunks (a quote, a CRLF or the BOM split across them)', () => {
    const text = '\uFEFFa;b\r\n"x;""y""";z\r\n"multi\r\nline";w\r\n';
    const whole = parseCsv(text);
    for (let size = 1; size <= 5; size += 1) {
      const reader = new CsvReader();
      const records = [];
      for (let index = 0; index < text.length; index += size)
        records.push(...reader.push(text.slice(index, index + size)));
      records.push(...reader.end());
      expect(records, `chunks of ${size}`).toEqual(whole);
    }
  });

  it('detects the separator from the header line, ignoring quoted ones', () => {
    expect(detectSeparator('a;b;c')).toBe(';');
    expect(detectSeparator('a,b,c')).toBe(',');
    expect(detectSeparator('a\tb\tc')).toBe('\t');
    expect(detectSeparator('"a;b;c",d,e')).toBe(',');
  });

  it('refuses a quote that is never closed', () => {
    expect(() => parseCsv('a,b\n"x,y\n')).toThrow(CsvError);
  });
});
