import { describe, expect, it } from 'vitest';
import { importColumnOf, parseImportDate, validateImportRow } from './onboarding.ts';

const now = new Date('2026-06-01T12:00:00Z');
const valid = {
  owner_email: ' Anna@Example.DK ',
  owner_name: 'Anna Holm',
  frame_number: 'wbk 0012345 a',
  plate_id: '',
  brand: 'Kildemoes',
  model: 'Logic',
  colour: 'Black',
  category: 'city',
  year: '2021',
  electric: 'Ja',
  registered_at: '31.05.2024',
  region: 'DK',
};

describe('validateImportRow (the dry run and the import)', () => {
  it('accepts a good row, computing the identifier keys and normalising values', () => {
    const result = validateImportRow(valid, now);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.row).toMatchObject({
      ownerEmail: 'anna@example.dk',
      frameNumberKey: 'WBK0012345A',
      color: 'black',
      category: 'city',
      productionYear: 2021,
      isElectric: true,
      region: 'dk',
      nickname: 'Kildemoes',
    });
    expect(result.row.registeredAt?.toISOString().slice(0, 10)).toBe('2024-05-31');
  });

  it.each([
    [{ owner_email: 'not an address' }, 'owner_email_invalid'],
    [{ frame_number: '', plate_id: '' }, 'frame_or_plate_required'],
    [{ frame_number: 'AB' }, 'frame_number_invalid'],
    [{ plate_id: 'ÆØÅ!!' }, 'plate_id_invalid'],
    [{ colour: 'teal' }, 'colour_invalid'],
    [{ category: 'tank' }, 'category_invalid'],
    [{ year: '1850' }, 'year_invalid'],
    [{ year: '2030' }, 'year_invalid'],
    [{ electric: 'maybe' }, 'electric_invalid'],
    [{ registered_at: '31.02.2024' }, 'registered_at_invalid'],
    [{ registered_at: '2027-01-01' }, 'registered_at_invalid'],
    [{ region: 'se' }, 'region_invalid'],
    [{ brand: 'x'.repeat(61) }, 'too_long'],
  ])('refuses %o as %s', (change, problem) => {
    expect(validateImportRow({ ...valid, ...change }, now)).toEqual({ ok: false, problem });
  });

  it('reads dates as ISO, Danish and Norwegian spreadsheets write them', () => {
    expect(parseImportDate('2024-05-31')).toEqual(new Date(Date.UTC(2024, 4, 31, 12)));
    expect(parseImportDate('31-05-2024')).toEqual(new Date(Date.UTC(2024, 4, 31, 12)));
    expect(parseImportDate('1.5.2024')).toEqual(new Date(Date.UTC(2024, 4, 1, 12)));
    expect(parseImportDate('')).toBeNull();
    expect(parseImportDate('May 2024')).toBe('invalid');
  });

  it('maps header names case- and space-insensitively, with a few aliases', () => {
    expect(importColumnOf(' Owner e-mail ')).toBe('owner_email');
    expect(importColumnOf('Frame Number')).toBe('frame_number');
    expect(importColumnOf('color')).toBe('colour');
    expect(importColumnOf('notes')).toBeNull();
  });
});
