import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  brandKey,
  codeForPrefix,
  codesForBrand,
  MANUFACTURER_CODES,
  manufacturerName,
} from './manufacturer-codes.ts';

/** The researched list the table is checked against (see the header of manufacturer-codes.ts). */
const CSV_PATH = new URL('../data/dk-manufacturer-codes.csv', import.meta.url);
const COLUMNS = ['code', 'brand', 'source', 'notes', 'confidence', 'brands'] as const;
type CsvRow = Record<(typeof COLUMNS)[number], string>;

/** RFC 4180 fields: commas and line breaks inside double quotes, "" for a quote. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else if (char !== '\r') field += char;
  }
  if (quoted) throw new Error('unterminated quoted field');
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}

function readCsv(): CsvRow[] {
  const [header, ...rows] = parseCsv(readFileSync(CSV_PATH, 'utf8'));
  expect(header).toEqual([...COLUMNS]);
  return rows.map((cells, index) => {
    expect(cells, `row ${index + 2} has ${cells.length} fields`).toHaveLength(COLUMNS.length);
    return Object.fromEntries(COLUMNS.map((column, i) => [column, cells[i] ?? ''])) as CsvRow;
  });
}

const csv = readCsv();

describe('the CSV parser of this test', () => {
  it('keeps commas and doubled quotes inside quoted fields', () => {
    expect(parseCsv('a,"b, ""c""",d\n')).toEqual([['a', 'b, "c"', 'd']]);
  });
  it('refuses an unterminated quote', () => {
    expect(() => parseCsv('a,"b\n')).toThrow('unterminated');
  });
});

describe('packages/domain/data/dk-manufacturer-codes.csv', () => {
  it('has codes of 1–5 upper-case letters, each once', () => {
    const codes = csv.map((row) => row.code);
    for (const code of codes) expect(code).toMatch(/^[A-Z]{1,5}$/);
    expect(new Set(codes).size).toBe(codes.length);
  });
  it('names a holder, a source and a confidence for every row', () => {
    for (const row of csv) {
      expect(row.brand.trim(), row.code).not.toBe('');
      expect(row.source.trim(), row.code).not.toBe('');
      expect(['high', 'medium', 'low'], row.code).toContain(row.confidence);
    }
  });
  it('lists brand spellings as users type them (lower case, single spaces)', () => {
    for (const row of csv) {
      const brands = row.brands === '' ? [] : row.brands.split(';');
      for (const brand of brands) expect(brandKey(brand), row.code).toBe(brand);
      expect(new Set(brands).size, row.code).toBe(brands.length);
    }
  });
});

describe('MANUFACTURER_CODES', () => {
  it('is the CSV in code: same codes in the same order, same holders, brands, confidence and source', () => {
    expect(MANUFACTURER_CODES.map((entry) => entry.code)).toEqual(csv.map((row) => row.code));
    for (const [index, row] of csv.entries()) {
      const entry = MANUFACTURER_CODES[index];
      expect(entry).toEqual({
        code: row.code,
        holder: row.brand,
        brands: row.brands === '' ? [] : row.brands.split(';'),
        confidence: row.confidence,
        source: row.source,
      });
    }
  });
  it('has a source for every code', () => {
    for (const entry of MANUFACTURER_CODES) expect(entry.source.trim(), entry.code).not.toBe('');
  });
});

describe('codeForPrefix', () => {
  it('finds a code only by its whole letter prefix', () => {
    expect(codeForPrefix('WDA')?.holder).toBe('FDB (importer; Danish co-operative)');
    expect(codeForPrefix('WD')).toBeNull();
    expect(codeForPrefix('wda')).toBeNull();
  });
  it('knows the researched additions', () => {
    expect(codeForPrefix('WAR')?.holder).toBe('Raleigh (import)');
    expect(codeForPrefix('WMY')?.holder).toBe('EcoRide');
    expect(codeForPrefix('WSP')?.holder).toBe('Babboe');
  });
});

describe('codesForBrand', () => {
  it('matches a brand however it is typed', () => {
    expect(codesForBrand('  Pro   Movec ').map((entry) => entry.code)).toEqual(['PR']);
    expect(codesForBrand('PROMOVEC').map((entry) => entry.code)).toEqual(['PR']);
    expect(codesForBrand('EcoRide').map((entry) => entry.code)).toEqual(['WMY']);
  });
  it('does not tie brands to codes their sources limit to one era', () => {
    expect(codesForBrand('Raleigh')).toEqual([]);
    expect(codesForBrand('Babboe')).toEqual([]);
  });
  it('answers nothing for a brand without a known code', () => {
    expect(codesForBrand('Kildemoes')).toEqual([]);
  });
});

describe('manufacturerName', () => {
  it('drops the research notes in brackets and keeps names with commas', () => {
    expect(manufacturerName({ holder: 'FDB (importer; Danish co-operative)' })).toBe('FDB');
    expect(manufacturerName({ holder: 'L. H. V. Grønning, Odense' })).toBe('L. H. V. Grønning, Odense');
  });
});
