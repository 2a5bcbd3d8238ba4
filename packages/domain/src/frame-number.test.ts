import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BRAND_RESULTS,
  checkFrameNumber,
  FRAME_NUMBER_WARNINGS,
  letterForYear,
  PRODUCTION_YEAR_RESULTS,
  YEAR_LETTERS,
  yearsForLetter,
} from './frame-number.ts';

const CURRENT_YEAR = 2026;
const check = (frameNumber: string | null, brand?: string, productionYear?: number) =>
  checkFrameNumber({
    frameNumber,
    brand: brand ?? null,
    productionYear: productionYear ?? null,
    currentYear: CURRENT_YEAR,
  });

/** The year table of ../shared/data/dk-frame-number-system.md §3 (sourced years, up to 2026). */
const SOURCED_YEARS: Record<string, number[]> = {
  A: [1942, 1964, 1985, 2006],
  B: [1943, 1965, 1986, 2007],
  C: [1944, 1966, 1987, 2008],
  D: [1945, 1967, 1988, 2009],
  E: [1946, 1968, 1989, 2010],
  F: [1947, 1969, 1990, 2011],
  G: [1948, 1970, 1991, 2012],
  H: [1949, 1971, 1992, 2013],
  J: [1950, 1972, 1993, 2014],
  K: [1951, 1973, 1994, 2015],
  L: [1952, 1974, 1995, 2016],
  M: [1953, 1975, 1996, 2017],
  N: [1954, 1976, 1997, 2018],
  P: [1955, 1977, 1998, 2019],
  Q: [1956, 1978],
  R: [1957, 1978, 1999, 2020],
  S: [1958, 1979, 2000, 2021],
  T: [1959, 1980, 2001, 2022],
  U: [1960, 1981, 2002, 2023],
  V: [1961, 1982, 2003, 2024],
  X: [1962, 1983, 2004, 2025],
  Z: [1963, 1984, 2005, 2026],
};

describe('year letters', () => {
  it('match the sourced year table for every letter', () => {
    for (const [letter, years] of Object.entries(SOURCED_YEARS)) {
      expect(yearsForLetter(letter, CURRENT_YEAR), letter).toEqual(years);
    }
  });

  it('project the 21-year cycle: A is 2027 again', () => {
    expect(yearsForLetter('A', 2027)).toContain(2027);
    expect(letterForYear(2027)).toBe('A');
  });

  it('never use I, O, W, Y, Æ, Ø or Å', () => {
    for (const letter of ['I', 'O', 'W', 'Y', 'Æ', 'Ø', 'Å'])
      expect(yearsForLetter(letter, 2100)).toEqual([]);
    expect(YEAR_LETTERS).toHaveLength(21);
  });

  it('round-trip: the letter of any year since 1942 decodes back to that year', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1942, max: 2100 }), (year) => {
        const letter = letterForYear(year);
        return letter !== null && yearsForLetter(letter, 2100).includes(year);
      }),
    );
    expect(letterForYear(1941)).toBeNull();
  });
});

describe('checkFrameNumber', () => {
  it('accepts the worked examples of the sources without warnings', () => {
    expect(check('WDA1234Z', 'FDB', 2005).warnings).toEqual([]);
    expect(check('S57A', 'SCO', 2006).warnings).toEqual([]);
    expect(check('WBK123456Z', 'DBS', 2005).warnings).toEqual([]);
    expect(check('WBTD01234Z', 'Yosemite', 2005).warnings).toEqual([]);
  });

  it('decodes code, serial, year letter and every candidate year', () => {
    const result = check('wda 1234-z');
    expect(result.kind).toBe('danish');
    expect(result.danish).toMatchObject({ code: 'WDA', serial: '1234', yearLetter: 'Z' });
    expect(result.danish?.candidateYears).toEqual([1963, 1984, 2005, 2026]);
    expect(result.danish?.manufacturer?.holder).toMatch(/FDB/);
  });

  it('warns when the stated production year does not fit the year letter', () => {
    expect(check('WDA1234Z', 'FDB', 2007).warnings).toEqual(['invalid_production_year_letter_combination']);
  });

  it('warns about a letter that is never a year letter', () => {
    expect(check('WDA1234Y', 'FDB').warnings).toEqual(['invalid_year_letter']);
  });

  it('warns when a known code lacks its year letter', () => {
    expect(check('WDA1234').warnings).toEqual(['invalid_year_letter_format']);
  });

  it('warns about an implausible production year', () => {
    expect(check('WDA1234Z', 'FDB', CURRENT_YEAR + 5).warnings).toContain('invalid_production_year');
    expect(check(null, undefined, 1850).warnings).toEqual(['invalid_production_year']);
  });

  it('warns when the brand carries another known code', () => {
    expect(check('WDA1234Z', 'DBS').warnings).toEqual(['brand_prefix_mismatch']);
  });

  it('warns when the brand has a code of its own and the prefix is unknown', () => {
    expect(check('XYZ1234Z', 'DBS').warnings).toEqual(['brand_requires_specific_prefix']);
  });

  it('does not hold a low-confidence code (one old example) against a modern bike of the brand', () => {
    expect(check('XYZ1234Z', 'Trek').warnings).toEqual([]);
    expect(check('WTU123G1234Z', 'Trek').warnings).toEqual([]);
  });

  it('warns when a brand with a Danish code gets a number of another format', () => {
    expect(check('SN12345678', 'FDB').warnings).toEqual(['invalid_frame_number_format']);
  });

  it('asks for the frame number of a brand that is known to have one', () => {
    expect(check(null, 'FDB').warnings).toEqual(['missing_frame_number_for_brand_with_prefix']);
    expect(check('', 'Kildemoes').warnings).toEqual([]);
  });

  it('accepts foreign and manufacturer numbers as valid', () => {
    for (const frameNumber of ['WTU123G1234Z', 'SN12345678', 'VE01234512Z', '05A0001234', 'S5A001234']) {
      const result = check(frameNumber, 'Kildemoes');
      expect(result.warnings, frameNumber).toEqual([]);
    }
    expect(check('SN12345678').kind).toBe('foreign');
  });

  it('does not hold an importer code against a brand without codes of its own', () => {
    expect(check('WDA1234Z', 'Kildemoes').warnings).toEqual([]);
  });

  it('never throws and answers only result codes of SPEC §3, in group order', () => {
    fc.assert(
      fc.property(
        fc.option(fc.string({ maxLength: 30 }), { nil: null }),
        fc.option(fc.string({ maxLength: 20 }), { nil: null }),
        fc.option(fc.integer({ min: 1800, max: 2200 }), { nil: null }),
        (frameNumber, brand, productionYear) => {
          const { warnings } = checkFrameNumber({
            frameNumber,
            brand,
            productionYear,
            currentYear: CURRENT_YEAR,
          });
          const positions = warnings.map((warning) => FRAME_NUMBER_WARNINGS.indexOf(warning));
          return positions.every(
            (position, index) => position >= 0 && (index === 0 || position > (positions[index - 1] ?? -1)),
          );
        },
      ),
    );
    expect([...PRODUCTION_YEAR_RESULTS, ...BRAND_RESULTS]).toEqual([...FRAME_NUMBER_WARNINGS]);
  });
});
