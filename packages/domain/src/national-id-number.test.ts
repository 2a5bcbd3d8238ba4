import { describe, expect, it } from 'vitest';
import { hasPossibleBirthDate, idNumberDate } from './national-id-number.ts';
import { NationalIdNumberSchema } from './theft.ts';

describe('hasPossibleBirthDate', () => {
  it('accepts real dates in CPR numbers and fødselsnumre, D-numbers included', () => {
    expect(hasPossibleBirthDate('0101901234')).toBe(true); // 1 Jan 1990
    expect(hasPossibleBirthDate('3112991234')).toBe(true); // 31 Dec 1999
    expect(hasPossibleBirthDate('2902004234')).toBe(true); // 29 Feb 2000 (7th digit 4 → 2000)
    expect(hasPossibleBirthDate('01010123456')).toBe(true); // a fødselsnummer of 1 Jan 1901
    expect(hasPossibleBirthDate('29029612345')).toBe(true); // 29 Feb 1996
    expect(hasPossibleBirthDate('41017012345')).toBe(true); // D-number of 1 Jan 1970
  });

  it('refuses any other shape', () => {
    expect(hasPossibleBirthDate('010190123')).toBe(false);
    expect(hasPossibleBirthDate('01019012a4')).toBe(false);
  });

  it('refuses a month or day that cannot exist', () => {
    expect(hasPossibleBirthDate('0134901234')).toBe(false); // month 34
    expect(hasPossibleBirthDate('0100901234')).toBe(false); // month 0
    expect(hasPossibleBirthDate('3201901234')).toBe(false); // day 32
    expect(hasPossibleBirthDate('0001901234')).toBe(false); // day 0
    expect(hasPossibleBirthDate('3104901234')).toBe(false); // 31 April
    expect(hasPossibleBirthDate('3002901234')).toBe(false); // 30 February
    expect(hasPossibleBirthDate('32019012345')).toBe(false); // a fødselsnummer with day 32
    expect(hasPossibleBirthDate('72017012345')).toBe(false); // a D-number of day 32
  });

  it('refuses 29 February in a year that was not a leap year, where the century is known', () => {
    expect(hasPossibleBirthDate('2902011234')).toBe(false); // 2001 or 1901: never a leap year
    expect(hasPossibleBirthDate('2902001234')).toBe(false); // 7th digit 1 → 1900, not a leap year
    expect(hasPossibleBirthDate('29020012345')).toBe(false); // individual 123 → 1900
    expect(hasPossibleBirthDate('29020050012')).toBe(true); // individual 500 → 2000, a leap year
  });

  it('never looks at the check digit: a CPR number without modulus 11 passes', () => {
    // 1 January 1965 with a serial number that fails the old modulus-11 check.
    expect(hasPossibleBirthDate('0101651235')).toBe(true);
  });

  it('reads the century of a CPR number from its 7th digit', () => {
    expect(idNumberDate('0101371234')?.year).toBe(1937);
    expect(idNumberDate('0101364234')?.year).toBe(2036);
    expect(idNumberDate('0101585234')?.year).toBe(1858);
    expect(idNumberDate('0101575234')?.year).toBe(2057);
  });
});

describe('NationalIdNumberSchema', () => {
  it('refuses an impossible date with its own validation code', () => {
    const result = NationalIdNumberSchema.safeParse('013490-1234');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('invalid_national_id_date');
  });

  it('still refuses a wrong length with invalid_national_id_number, and accepts a real one', () => {
    expect(NationalIdNumberSchema.safeParse('12345').error?.issues[0]?.message).toBe(
      'invalid_national_id_number',
    );
    expect(NationalIdNumberSchema.parse('010190-1234')).toBe('0101901234');
  });
});
