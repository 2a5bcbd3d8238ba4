import { z } from 'zod';
import type { ValidationMessage } from './identity.ts';
import type { Region } from './locale.ts';
import { modulus11CheckDigit } from './modulus-11.ts';

/*
 * The national id number asked for at insurance checkout (issue 16 §2): a Danish CPR number or a
 * Norwegian fødselsnummer / D-number, as shared/data/insurance.md §5.1–5.2 describes them.
 *
 * - CPR: DDMMYY-SSSS. The date must exist, its century read from the 7th digit (cpr.dk's table).
 *   There is NO modulus-11 check: since 1 October 2007 the CPR office issues numbers without it,
 *   and they are fully valid and must not be rejected (cpr.dk).
 * - Fødselsnummer: DDMMYY + 3-digit individual number + 2 modulus-11 check digits. A D-number adds
 *   4 to the first digit (days 41–71). An H-number (40 added to the month) is an internal help
 *   number that must never be communicated externally, so it is refused here as a date that does
 *   not exist.
 *
 * The century of a fødselsnummer is not read: insurance.md gives no rule for it, so the birth date
 * of a Norwegian number has a two-digit year only, and 29 February passes in every year divisible
 * by 4 (year 00 may be 2000).
 *
 * Not followed yet: from 1 January 2032 the check calculation changes (insurance.md §5.2: today's
 * calculation accepts only the value 0, the new one 0, 1, 2 and 3). insurance.md does not say which
 * of the two check digits that concerns, so only today's rule is checked; revisit before 2032.
 */

/** The birth date a number holds. `year` is null where the number does not tell the century. */
export interface BirthDate {
  day: number;
  month: number;
  /** The last two digits of the year. */
  yy: number;
  year: number | null;
}

export type NationalIdKind = 'cpr' | 'fodselsnummer' | 'd_number';

/** The validation codes of a national id number's own problems (their texts name the number). */
export const NATIONAL_ID_VALIDATION_CODES = [
  'invalid_cpr',
  'invalid_cpr_date',
  'invalid_fodselsnummer',
  'invalid_fodselsnummer_date',
  'invalid_fodselsnummer_check_digits',
] as const satisfies readonly ValidationMessage[];

export type NationalIdProblem = 'required' | (typeof NATIONAL_ID_VALIDATION_CODES)[number];

export type NationalIdCheck =
  | { ok: true; kind: NationalIdKind; digits: string; birthDate: BirthDate }
  | { ok: false; problem: NationalIdProblem };

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** Whether the date exists; with an unknown century, 29 February passes in every year divisible by 4. */
function dateExists({ day, month, yy, year }: BirthDate): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  if (day > DAYS_IN_MONTH[month - 1]!) return false;
  if (month === 2 && day === 29) return year === null ? yy % 4 === 0 : isLeapYear(year);
  return true;
}

/**
 * The full year of a CPR number from its two-digit year and 7th digit (insurance.md §5.1):
 * 0–3 → 1900s; 4 or 9 → 2000–2036 for 00–36, else 1937–1999; 5–8 → 2000–2057 for 00–57, else 1858–1899.
 */
export function cprYear(yy: number, seventh: number): number {
  if (seventh <= 3) return 1900 + yy;
  if (seventh === 4 || seventh === 9) return yy <= 36 ? 2000 + yy : 1900 + yy;
  return yy <= 57 ? 2000 + yy : 1800 + yy;
}

/** A CPR number as typed: DDMMYY-SSSS, DDMMYY SSSS or DDMMYYSSSS, spaces around allowed. */
const TYPED_CPR = /^(\d{6})[-\s]?(\d{4})$/;

/** A Danish CPR number as typed: the 10 digits and the birth date, or the problem's validation code. */
export function checkCpr(value: string): NationalIdCheck {
  const trimmed = value.trim();
  if (trimmed === '') return { ok: false, problem: 'required' };
  const match = TYPED_CPR.exec(trimmed);
  if (!match) return { ok: false, problem: 'invalid_cpr' };
  const digits = `${match[1]}${match[2]}`;
  const yy = Number(digits.slice(4, 6));
  const birthDate: BirthDate = {
    day: Number(digits.slice(0, 2)),
    month: Number(digits.slice(2, 4)),
    yy,
    year: cprYear(yy, Number(digits[6])),
  };
  if (!dateExists(birthDate)) return { ok: false, problem: 'invalid_cpr_date' };
  return { ok: true, kind: 'cpr', digits, birthDate };
}

const K1_WEIGHTS = [3, 7, 6, 1, 8, 9, 4, 5, 2] as const;
const K2_WEIGHTS = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2] as const;

/**
 * The two check digits of a fødselsnummer or D-number from its first 9 digits (insurance.md §5.2),
 * or null when either would be 10 (no valid number starts with these digits).
 */
export function fodselsnummerCheckDigits(firstNine: string): string | null {
  const k1 = modulus11CheckDigit(firstNine, K1_WEIGHTS);
  if (k1 === null) return null;
  const k2 = modulus11CheckDigit(`${firstNine}${k1}`, K2_WEIGHTS);
  if (k2 === null) return null;
  return `${k1}${k2}`;
}

/** A fødselsnummer as typed: 11 digits, or DDMMYY and the 5 other digits with one space between. */
const TYPED_FODSELSNUMMER = /^(\d{6})\s?(\d{5})$/;

/**
 * A Norwegian fødselsnummer or D-number as typed: the 11 digits and the birth date (two-digit year),
 * or the problem's validation code. The date is checked before the check digits.
 */
export function checkFodselsnummer(value: string): NationalIdCheck {
  const trimmed = value.trim();
  if (trimmed === '') return { ok: false, problem: 'required' };
  const match = TYPED_FODSELSNUMMER.exec(trimmed);
  if (!match) return { ok: false, problem: 'invalid_fodselsnummer' };
  const digits = `${match[1]}${match[2]}`;
  const dayDigits = Number(digits.slice(0, 2));
  const isDNumber = Number(digits[0]) >= 4;
  const birthDate: BirthDate = {
    day: isDNumber ? dayDigits - 40 : dayDigits,
    // An H-number's month (41–52) is refused here with every other month that does not exist.
    month: Number(digits.slice(2, 4)),
    yy: Number(digits.slice(4, 6)),
    year: null,
  };
  if (!dateExists(birthDate)) return { ok: false, problem: 'invalid_fodselsnummer_date' };
  if (fodselsnummerCheckDigits(digits.slice(0, 9)) !== digits.slice(9)) {
    return { ok: false, problem: 'invalid_fodselsnummer_check_digits' };
  }
  return { ok: true, kind: isDNumber ? 'd_number' : 'fodselsnummer', digits, birthDate };
}

/** The national id number of a region's people: CPR in dk, fødselsnummer or D-number in no. */
export function checkNationalId(region: Region, value: string): NationalIdCheck {
  return region === 'dk' ? checkCpr(value) : checkFodselsnummer(value);
}

/** A zod schema of a check: the normalised digits, or an issue whose message is the problem's code. */
function schemaOf(check: (value: string) => NationalIdCheck) {
  return z.string({ error: 'required' }).transform((value, context) => {
    const result = check(value);
    if (!result.ok) {
      context.addIssue({ code: 'custom', message: result.problem });
      return z.NEVER;
    }
    return result.digits;
  });
}

/** A CPR number as typed → its 10 digits. */
export const CprSchema = schemaOf(checkCpr);
/** A fødselsnummer or D-number as typed → its 11 digits. */
export const NorwegianNationalIdSchema = schemaOf(checkFodselsnummer);

/** The national id number schema of a region (the checkout asks the insured's region for it). */
export function nationalIdSchemaOf(region: Region): typeof CprSchema {
  return region === 'dk' ? CprSchema : NorwegianNationalIdSchema;
}

/**
 * A stored national id number shown with only its last 4 digits: `******-1234` for a CPR number,
 * `******* 1234` for a fødselsnummer; any other length is starred but for its last 4 digits (all of
 * it when it has 4 or fewer).
 */
export function maskNationalId(digits: string): string {
  if (digits.length <= 4) return '*'.repeat(digits.length);
  const last = digits.slice(-4);
  if (digits.length === 10) return `******-${last}`;
  if (digits.length === 11) return `******* ${last}`;
  return `${'*'.repeat(digits.length - 4)}${last}`;
}
