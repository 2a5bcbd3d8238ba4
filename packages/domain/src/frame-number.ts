import { normaliseIdentifier } from './identifiers.ts';
import {
  BUILT_IN_MANUFACTURER_CODES,
  type ManufacturerCode,
  type ManufacturerCodeTable,
} from './manufacturer-codes.ts';

/*
 * The soft check of a frame number against the Danish stelnummer system (lov om mærkning af
 * cykelstel; ../shared/data/dk-frame-number-system.md): manufacturer/importer code (1–5 letters),
 * a consecutive serial (digits), a production-year letter. Nothing here refuses a frame number: a
 * foreign or manufacturer number is valid. The result codes (SPEC §3) become a question "is the
 * frame number correct?" that the person may answer yes to.
 */

/** Production-year group of SPEC §3. */
export const PRODUCTION_YEAR_RESULTS = [
  'invalid_production_year_letter_combination',
  'invalid_year_letter',
  'invalid_year_letter_format',
  'invalid_production_year',
  'bike_not_found',
] as const;
export type ProductionYearResult = (typeof PRODUCTION_YEAR_RESULTS)[number];

/** Brand group of SPEC §3. */
export const BRAND_RESULTS = [
  'invalid_frame_number_format',
  'brand_prefix_mismatch',
  'brand_requires_specific_prefix',
  'missing_frame_number_for_brand_with_prefix',
] as const;
export type BrandResult = (typeof BRAND_RESULTS)[number];

export type FrameNumberWarning = ProductionYearResult | BrandResult;
export const FRAME_NUMBER_WARNINGS = [...PRODUCTION_YEAR_RESULTS, ...BRAND_RESULTS] as const;

/** The first year frames were stamped under the Danish system. */
export const DANISH_SYSTEM_START_YEAR = 1942;

/**
 * The year letters in order from 1964 on (21 letters, a 21-year cycle). I, O and Y are left out as
 * look-alikes of 1, 0 and V; W is the import prefix; Q was used in 1956 only.
 */
export const YEAR_LETTERS = 'ABCDEFGHJKLMNPRSTUVXZ';
/** The first cycle (1942–1963) had 22 letters: Q was 1956 and the rest shifted by one. */
const FIRST_CYCLE_LETTERS = 'ABCDEFGHJKLMNPQRSTUVXZ';

/**
 * Every year a letter can stand for, from 1942 up to and including `untilYear`. The letter-to-year
 * map is one-to-many, so the register keeps all candidates and lets the stated year decide.
 * Q is 1956, and also 1978 (Færdselsstyrelsen allowed Q or R that year).
 */
export function yearsForLetter(letter: string, untilYear: number): number[] {
  const upper = letter.toUpperCase();
  const years: number[] = [];
  const first = FIRST_CYCLE_LETTERS.indexOf(upper);
  if (first >= 0 && DANISH_SYSTEM_START_YEAR + first <= untilYear)
    years.push(DANISH_SYSTEM_START_YEAR + first);
  if (upper === 'Q') {
    if (untilYear >= 1978) years.push(1978);
    return years;
  }
  const position = YEAR_LETTERS.indexOf(upper);
  if (position < 0) return years;
  for (let year = 1964 + position; year <= untilYear; year += YEAR_LETTERS.length) years.push(year);
  return years;
}

/** The letter stamped for a production year, or null before 1942. */
export function letterForYear(year: number): string | null {
  if (year < DANISH_SYSTEM_START_YEAR) return null;
  if (year < 1964) return FIRST_CYCLE_LETTERS[year - DANISH_SYSTEM_START_YEAR] ?? null;
  return YEAR_LETTERS[(year - 1964) % YEAR_LETTERS.length] ?? null;
}

/** Letters that are never year letters (SPEC data: I, O, W, Y and the Danish/Norwegian vowels). */
const NEVER_YEAR_LETTERS = new Set(['I', 'O', 'W', 'Y', 'Æ', 'Ø', 'Å']);

/** `WDA1234Z`: a letter code, a serial of digits, one letter. */
const DANISH_SHAPE = /^([A-ZÆØÅ]{1,5})(\d+)([A-ZÆØÅ])$/;
/** A letter code and a serial with the year letter missing or not a letter: `WDA1234`, `WDA12341`. */
const DANISH_WITHOUT_YEAR_LETTER = /^([A-ZÆØÅ]{1,5})(\d+)$/;

export interface FrameNumberCheckInput {
  frameNumber: string | null | undefined;
  brand?: string | null;
  productionYear?: number | null;
  /** Today's year; candidates and the stated year are bounded by it (plus next year's models). */
  currentYear: number;
  /** The manufacturer codes to check against: the register's table; the built-in list by default. */
  codes?: ManufacturerCodeTable;
}

export interface FrameNumberCheck {
  /** danish: fits the Danish system; foreign: anything else (accepted as valid); missing: none given. */
  kind: 'danish' | 'foreign' | 'missing';
  /** Soft warnings, production-year group first, then brand group; empty when nothing looks wrong. */
  warnings: FrameNumberWarning[];
  /** For a Danish number: its code, serial and year letter and the years that letter can mean. */
  danish: {
    code: string;
    serial: string;
    yearLetter: string;
    candidateYears: number[];
    manufacturer: Pick<ManufacturerCode, 'code' | 'holder' | 'confidence'> | null;
  } | null;
}

/** The production years a bike may state: from the first bicycles sold to next year's models. */
export function isPlausibleProductionYear(year: number, currentYear: number): boolean {
  return Number.isInteger(year) && year >= 1900 && year <= currentYear + 1;
}

/**
 * Checks a frame number against the Danish system, the stated brand and the stated production year.
 * Never throws and never refuses: the caller shows the warnings and lets the person confirm.
 */
export function checkFrameNumber(input: FrameNumberCheckInput): FrameNumberCheck {
  const { brand, productionYear, currentYear } = input;
  const { codesForBrand, codeForPrefix } = input.codes ?? BUILT_IN_MANUFACTURER_CODES;
  // Only codes seen with reasonable confidence: low-confidence ones (one old example of an importer)
  // would warn every owner of a modern bike of that brand.
  const brandCodes = brand ? codesForBrand(brand).filter((entry) => entry.confidence !== 'low') : [];
  const key = input.frameNumber ? normaliseIdentifier(input.frameNumber) : '';
  const warnings: FrameNumberWarning[] = [];
  const yearGiven = productionYear !== null && productionYear !== undefined;

  if (yearGiven && !isPlausibleProductionYear(productionYear, currentYear))
    warnings.push('invalid_production_year');

  if (key === '') {
    if (brandCodes.length > 0) warnings.push('missing_frame_number_for_brand_with_prefix');
    return { kind: 'missing', warnings, danish: null };
  }

  const match = DANISH_SHAPE.exec(key);
  if (!match) {
    // A known Danish code followed by a serial, but no year letter at the end.
    const withoutLetter = DANISH_WITHOUT_YEAR_LETTER.exec(key);
    const prefix = withoutLetter?.[1] ?? '';
    if (withoutLetter && (codeForPrefix(prefix) || brandCodes.some((entry) => entry.code === prefix))) {
      warnings.push('invalid_year_letter_format');
    } else if (brandCodes.length > 0) {
      // The brand is known to carry a Danish code, yet the number does not have the Danish shape.
      warnings.push('invalid_frame_number_format');
    }
    return { kind: 'foreign', warnings: sortWarnings(warnings), danish: null };
  }

  const [, code = '', serial = '', yearLetter = ''] = match;
  const known = codeForPrefix(code);
  const looksDanish = known !== null || brandCodes.length > 0 || !NEVER_YEAR_LETTERS.has(yearLetter);
  if (!looksDanish) return { kind: 'foreign', warnings: sortWarnings(warnings), danish: null };

  const candidateYears = yearsForLetter(yearLetter, currentYear + 1);
  if (NEVER_YEAR_LETTERS.has(yearLetter) || candidateYears.length === 0) {
    warnings.push('invalid_year_letter');
  } else if (
    yearGiven &&
    isPlausibleProductionYear(productionYear, currentYear) &&
    !candidateYears.includes(productionYear)
  ) {
    warnings.push('invalid_production_year_letter_combination');
  }

  // Codes belong to importers, who sell many brands: only a brand with codes of its own can mismatch.
  if (brandCodes.length > 0 && !brandCodes.some((entry) => entry.code === code)) {
    warnings.push(known ? 'brand_prefix_mismatch' : 'brand_requires_specific_prefix');
  }

  return {
    kind: 'danish',
    warnings: sortWarnings(warnings),
    danish: {
      code,
      serial,
      yearLetter,
      candidateYears,
      manufacturer: known ? { code: known.code, holder: known.holder, confidence: known.confidence } : null,
    },
  };
}

function sortWarnings(warnings: FrameNumberWarning[]): FrameNumberWarning[] {
  return [...new Set(warnings)].sort(
    (a, b) => FRAME_NUMBER_WARNINGS.indexOf(a) - FRAME_NUMBER_WARNINGS.indexOf(b),
  );
}
