import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CprSchema,
  checkCpr,
  checkFodselsnummer,
  checkNationalId,
  cprYear,
  fodselsnummerCheckDigits,
  maskNationalId,
  NorwegianNationalIdSchema,
  nationalIdSchemaOf,
} from './national-id.ts';

/** The historical CPR modulus-11 check (insurance.md §5.1: weights 4,3,2,7,6,5,4,3,2, then the check digit). */
function passesCprModulus11(digits: string): boolean {
  const weights = [4, 3, 2, 7, 6, 5, 4, 3, 2, 1];
  return weights.reduce((sum, weight, index) => sum + weight * Number(digits[index]), 0) % 11 === 0;
}

/** Whether a date exists, by the JavaScript calendar (an oracle independent of the code under test). */
function calendarHas(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(2000, 0, 1));
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/** A digit string of the given length. */
const digitString = (length: number) =>
  fc.array(fc.integer({ min: 0, max: 9 }), { minLength: length, maxLength: length }).map((d) => d.join(''));

/** A CPR number whose date exists: any date, 7th digit and serial (the check digit is never looked at). */
const validCpr = fc
  .record({
    yy: fc.integer({ min: 0, max: 99 }),
    month: fc.integer({ min: 1, max: 12 }),
    day: fc.integer({ min: 1, max: 31 }),
    seventh: fc.integer({ min: 0, max: 9 }),
    rest: digitString(3),
  })
  .filter(({ yy, month, day, seventh }) => calendarHas(cprYear(yy, seventh), month, day))
  .map(({ yy, month, day, seventh, rest }) => `${pad(day)}${pad(month)}${pad(yy)}${seventh}${rest}`);

/** A fødselsnummer or D-number whose date exists (in some century) and whose check digits are right. */
const validFodselsnummer = fc
  .record({
    yy: fc.integer({ min: 0, max: 99 }),
    month: fc.integer({ min: 1, max: 12 }),
    day: fc.integer({ min: 1, max: 31 }),
    dNumber: fc.boolean(),
    individual: digitString(3),
  })
  .filter(({ yy, month, day }) => calendarHas(2000 + yy, month, day) || calendarHas(1900 + yy, month, day))
  .map(
    ({ yy, month, day, dNumber, individual }) =>
      `${pad(dNumber ? day + 40 : day)}${pad(month)}${pad(yy)}${individual}`,
  )
  .map((firstNine) => ({ firstNine, check: fodselsnummerCheckDigits(firstNine) }))
  .filter(({ check }) => check !== null)
  .map(({ firstNine, check }) => `${firstNine}${check}`);

/** The same number with one digit changed to another. */
const withOneDigitChanged = (digits: string) =>
  fc
    .record({ index: fc.integer({ min: 0, max: digits.length - 1 }), step: fc.integer({ min: 1, max: 9 }) })
    .map(({ index, step }) => {
      const changed = (Number(digits[index]) + step) % 10;
      return `${digits.slice(0, index)}${changed}${digits.slice(index + 1)}`;
    });

describe('checkCpr', () => {
  it('accepts DDMMYY-SSSS with a dash, a space or nothing between, and answers the 10 digits', () => {
    for (const typed of ['010190-1234', '010190 1234', '0101901234', '  010190-1234 ']) {
      expect(checkCpr(typed)).toEqual({
        ok: true,
        kind: 'cpr',
        digits: '0101901234',
        birthDate: { day: 1, month: 1, yy: 90, year: 1990 },
      });
    }
  });

  it('accepts a CPR number that fails modulus 11 (issued since 2007, fully valid: insurance.md §5.1)', () => {
    // 1 January 1965, a birth date the CPR office has issued numbers without modulus 11 for.
    expect(passesCprModulus11('0101651235')).toBe(false);
    expect(checkCpr('010165-1235')).toMatchObject({ ok: true, digits: '0101651235' });
    // And one that passes it, for contrast.
    expect(passesCprModulus11('0101650006')).toBe(true);
    expect(checkCpr('010165-0006')).toMatchObject({ ok: true });
  });

  it('reads the century from the 7th digit as the table of insurance.md §5.1 gives it', () => {
    const yearOf = (digits: string) => {
      const result = checkCpr(digits);
      return result.ok ? result.birthDate.year : null;
    };
    expect(yearOf('0101003234')).toBe(1900); // 0–3: 1900s
    expect(yearOf('0101994234')).toBe(1999); // 4: YY 58–99 → 1937–1999
    expect(yearOf('0101364234')).toBe(2036); // 4: YY 00–36 → 2000–2036
    expect(yearOf('0101379234')).toBe(1937); // 9: YY 37–57 → 1937–1999
    expect(yearOf('0101575234')).toBe(2057); // 5–8: YY 00–57 → 2000–2057
    expect(yearOf('0101588234')).toBe(1858); // 5–8: YY 58–99 → 1858–1899
  });

  it('refuses a wrong shape with invalid_cpr and an empty value with required', () => {
    for (const typed of ['010190123', '01019012345', '010190-12a4', '01-01-90-1234', '010190--1234', 'abc']) {
      expect(checkCpr(typed), typed).toEqual({ ok: false, problem: 'invalid_cpr' });
    }
    expect(checkCpr('  ')).toEqual({ ok: false, problem: 'required' });
  });

  it('refuses a date that does not exist with invalid_cpr_date', () => {
    for (const typed of [
      '320190-1234', // day 32
      '000190-1234', // day 0
      '011390-1234', // month 13
      '010090-1234', // month 0
      '310490-1234', // 31 April
      '300290-1234', // 30 February
      '290201-1234', // 29 February 1901
      '290200-1234', // 29 February 1900 (7th digit 1): not a leap year
    ]) {
      expect(checkCpr(typed), typed).toEqual({ ok: false, problem: 'invalid_cpr_date' });
    }
    expect(checkCpr('290200-4234')).toMatchObject({ ok: true }); // 29 February 2000 (7th digit 4)
  });

  it('accepts every number whose date exists, whatever its check digit, and normalises stably', () => {
    fc.assert(
      fc.property(validCpr, fc.constantFrom('', '-', ' '), (digits, separator) => {
        const typed = `${digits.slice(0, 6)}${separator}${digits.slice(6)}`;
        const result = checkCpr(typed);
        expect(result).toMatchObject({ ok: true, digits });
        expect(checkCpr(digits)).toEqual(result);
      }),
    );
  });

  it('accepts any 10 digits exactly when the calendar has its date', () => {
    fc.assert(
      fc.property(digitString(10), (digits) => {
        const year = cprYear(Number(digits.slice(4, 6)), Number(digits[6]));
        const exists = calendarHas(year, Number(digits.slice(2, 4)), Number(digits.slice(0, 2)));
        expect(checkCpr(digits).ok).toBe(exists);
      }),
    );
  });
});

describe('checkFodselsnummer', () => {
  it('accepts a fødselsnummer, with or without a space after the date', () => {
    for (const typed of ['15108695088', '151086 95088', ' 15108695088 ']) {
      expect(checkFodselsnummer(typed)).toEqual({
        ok: true,
        kind: 'fodselsnummer',
        digits: '15108695088',
        birthDate: { day: 15, month: 10, yy: 86, year: null },
      });
    }
  });

  it('accepts a D-number: 4 added to the first digit (insurance.md §5.2: 1 Jan 1970 → 410170…)', () => {
    // Check digits worked out by hand with the weights of insurance.md §5.2.
    expect(checkFodselsnummer('41017010083')).toEqual({
      ok: true,
      kind: 'd_number',
      digits: '41017010083',
      birthDate: { day: 1, month: 1, yy: 70, year: null },
    });
  });

  it('refuses wrong check digits with invalid_fodselsnummer_check_digits', () => {
    expect(checkFodselsnummer('15108695077')).toEqual({
      ok: false,
      problem: 'invalid_fodselsnummer_check_digits',
    });
    expect(checkFodselsnummer('15108695089')).toMatchObject({
      problem: 'invalid_fodselsnummer_check_digits',
    });
  });

  it('refuses a date that does not exist, and an H-number (never to be given out), with invalid_fodselsnummer_date', () => {
    // Each with check digits that would be right, so only the date refuses it.
    expect(checkFodselsnummer('31048600053')).toEqual({ ok: false, problem: 'invalid_fodselsnummer_date' }); // 31 April
    expect(checkFodselsnummer('29020100085')).toEqual({ ok: false, problem: 'invalid_fodselsnummer_date' }); // 29 Feb 01
    expect(checkFodselsnummer('15508600019')).toEqual({ ok: false, problem: 'invalid_fodselsnummer_date' }); // H-number
    // 29 February in year 00 may be 2000, a leap year: the century is not read (insurance.md gives no rule).
    expect(checkFodselsnummer('29020000064')).toMatchObject({ ok: true });
  });

  it('refuses a wrong shape with invalid_fodselsnummer and an empty value with required', () => {
    for (const typed of ['1510869508', '151086950888', '151086-95088', '1510869508a', '15 10 86 95088']) {
      expect(checkFodselsnummer(typed), typed).toEqual({ ok: false, problem: 'invalid_fodselsnummer' });
    }
    expect(checkFodselsnummer('')).toEqual({ ok: false, problem: 'required' });
  });

  it('accepts every generated valid number and normalises it stably', () => {
    fc.assert(
      fc.property(validFodselsnummer, fc.constantFrom('', ' '), (digits, separator) => {
        const result = checkFodselsnummer(`${digits.slice(0, 6)}${separator}${digits.slice(6)}`);
        expect(result).toMatchObject({ ok: true, digits });
        expect(checkFodselsnummer(digits)).toEqual(result);
      }),
    );
  });

  it('refuses every change of a single digit (modulus 11 catches them all)', () => {
    fc.assert(
      fc.property(
        validFodselsnummer.chain((digits) => withOneDigitChanged(digits)),
        (changed) => {
          expect(checkFodselsnummer(changed).ok).toBe(false);
        },
      ),
    );
  });

  it('refuses a date that does not exist even with the right check digits', () => {
    const impossibleDate = fc.oneof(
      // a day past the end of its month (in any year)
      fc
        .record({ month: fc.integer({ min: 1, max: 12 }), yy: fc.integer({ min: 0, max: 99 }) })
        .chain(({ month, yy }) => {
          const last = [31, yy % 4 === 0 ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!;
          return fc.integer({ min: last + 1, max: 39 }).map((day) => ({ day, month, yy }));
        }),
      // a month that does not exist (H-numbers' 41–52 included)
      fc.record({
        day: fc.integer({ min: 1, max: 28 }),
        month: fc.oneof(fc.constant(0), fc.integer({ min: 13, max: 99 })),
        yy: fc.integer({ min: 0, max: 99 }),
      }),
      // day 0
      fc.record({
        day: fc.constant(0),
        month: fc.integer({ min: 1, max: 12 }),
        yy: fc.integer({ min: 0, max: 99 }),
      }),
    );
    fc.assert(
      fc.property(impossibleDate, fc.boolean(), digitString(3), ({ day, month, yy }, dNumber, individual) => {
        const firstNine = `${pad(dNumber ? day + 40 : day)}${pad(month)}${pad(yy)}${individual}`;
        const check = fodselsnummerCheckDigits(firstNine);
        fc.pre(check !== null);
        expect(checkFodselsnummer(`${firstNine}${check}`)).toEqual({
          ok: false,
          problem: 'invalid_fodselsnummer_date',
        });
      }),
    );
  });
});

describe('the schemas', () => {
  it('answer the normalised digits', () => {
    expect(CprSchema.parse('010190-1234')).toBe('0101901234');
    expect(NorwegianNationalIdSchema.parse('151086 95088')).toBe('15108695088');
    expect(nationalIdSchemaOf('dk').parse('010165 1235')).toBe('0101651235');
    expect(nationalIdSchemaOf('no').parse('41017010083')).toBe('41017010083');
  });

  it('answer the problem as the issue message, a validation code', () => {
    const message = (result: { error?: { issues: Array<{ message: string }> } }) =>
      result.error?.issues[0]?.message;
    expect(message(CprSchema.safeParse('013490-1234'))).toBe('invalid_cpr_date');
    expect(message(CprSchema.safeParse('12345'))).toBe('invalid_cpr');
    expect(message(CprSchema.safeParse(''))).toBe('required');
    expect(message(CprSchema.safeParse(undefined))).toBe('required');
    expect(message(NorwegianNationalIdSchema.safeParse('15108695077'))).toBe(
      'invalid_fodselsnummer_check_digits',
    );
    expect(message(nationalIdSchemaOf('no').safeParse('0101901234'))).toBe('invalid_fodselsnummer');
  });

  it('follow the region in checkNationalId', () => {
    expect(checkNationalId('dk', '0101901234')).toMatchObject({ ok: true, kind: 'cpr' });
    expect(checkNationalId('no', '0101901234')).toMatchObject({
      ok: false,
      problem: 'invalid_fodselsnummer',
    });
    expect(checkNationalId('no', '15108695088')).toMatchObject({ ok: true, kind: 'fodselsnummer' });
  });
});

describe('maskNationalId', () => {
  it('shows only the last 4 digits', () => {
    expect(maskNationalId('0101901234')).toBe('******-1234');
    expect(maskNationalId('15108695088')).toBe('******* 5088');
    expect(maskNationalId('123456')).toBe('**3456');
    expect(maskNationalId('1234')).toBe('****');
    expect(maskNationalId('')).toBe('');
  });

  it('never shows more than the last 4 digits of a number', () => {
    fc.assert(
      fc.property(fc.oneof(validCpr, validFodselsnummer), (digits) => {
        const masked = maskNationalId(digits);
        expect(masked.replace(/\D/g, '')).toBe(digits.slice(-4));
        expect(masked.endsWith(digits.slice(-4))).toBe(true);
      }),
    );
  });
});
