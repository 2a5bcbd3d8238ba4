/*
 * The birth date inside a national id number: a Danish CPR number (DDMMYY-SSSS, 10 digits) or a
 * Norwegian fødselsnummer (DDMMYY + 3-digit individual number + 2 check digits, 11 digits; a
 * D-number adds 4 to the first digit). Only the date is checked: Denmark has issued valid CPR
 * numbers that fail modulus 11 since 2007, so a CPR number is never refused for its check digit
 * (shared/data/insurance.md §5.1).
 */

export interface IdNumberDate {
  day: number;
  month: number;
  /** Two digits of the year. */
  yy: number;
  /** The full year, when the number tells the century; null when it does not. */
  year: number | null;
}

/** The century of a CPR number from its 7th digit and year (cpr.dk's table). */
function cprYear(yy: number, seventh: number): number {
  if (seventh <= 3) return 1900 + yy;
  if (seventh === 4 || seventh === 9) return yy <= 36 ? 2000 + yy : 1900 + yy;
  return yy <= 57 ? 2000 + yy : 1800 + yy;
}

/** The century of a fødselsnummer from its individual number (Skatteetaten's ranges); null if none fits. */
function fodselsnummerYear(yy: number, individual: number): number | null {
  if (individual <= 499) return 1900 + yy;
  if (individual >= 900 && yy >= 40) return 1900 + yy;
  if (individual >= 500 && yy <= 39) return 2000 + yy;
  if (individual >= 500 && individual <= 749 && yy >= 54) return 1800 + yy;
  return null;
}

/** The date part of a 10- or 11-digit number (digits only); null for any other shape. */
export function idNumberDate(digits: string): IdNumberDate | null {
  if (!/^(\d{10}|\d{11})$/.test(digits)) return null;
  let day = Number(digits.slice(0, 2));
  const month = Number(digits.slice(2, 4));
  const yy = Number(digits.slice(4, 6));
  if (digits.length === 10) return { day, month, yy, year: cprYear(yy, Number(digits[6])) };
  if (day > 40) day -= 40; // a D-number
  return { day, month, yy, year: fodselsnummerYear(yy, Number(digits.slice(6, 9))) };
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

/**
 * Whether the number's date can exist: a month 1–12, a day of that month, and 29 February only in a
 * leap year where the century is known (with an unknown century only year 00 is in doubt, and passes).
 */
export function hasPossibleBirthDate(digits: string): boolean {
  const date = idNumberDate(digits);
  if (!date) return false;
  const { day, month, yy, year } = date;
  if (month < 1 || month > 12 || day < 1) return false;
  if (day > (DAYS_IN_MONTH[month - 1] ?? 0)) return false;
  if (month === 2 && day === 29) {
    if (year !== null) return isLeapYear(year);
    return yy % 4 === 0;
  }
  return true;
}
