import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BackofficeOrganisationCreateSchema,
  canRunDocks,
  InvitationCreateSchema,
  isValidCvr,
  isValidOrganisasjonsnummer,
  isValidRegistrationNumber,
  normaliseRegistrationNumber,
  OrganisationCreateSchema,
  organisasjonsnummerCheckDigit,
} from './organisations.ts';

const CVR_WEIGHTS = [2, 7, 6, 5, 4, 3, 2, 1];
const ORGNR_WEIGHTS = [3, 2, 7, 6, 5, 4, 3, 2];

const digitString = (length: number) =>
  fc.array(fc.integer({ min: 0, max: 9 }), { minLength: length, maxLength: length }).map((d) => d.join(''));

/** The CVR last digit that makes the weighted sum divisible by 11, or null when it would have to be 10. */
function cvrCheckDigit(firstSeven: string): number | null {
  const sum = CVR_WEIGHTS.slice(0, 7).reduce(
    (total, weight, index) => total + weight * Number(firstSeven[index]),
    0,
  );
  const digit = (11 - (sum % 11)) % 11;
  return digit === 10 ? null : digit;
}

describe('isValidCvr', () => {
  it('accepts real CVR numbers', () => {
    expect(isValidCvr('25313763')).toBe(true);
    expect(isValidCvr('10150817')).toBe(true);
    expect(isValidCvr('12345674')).toBe(true);
  });

  it('refuses a wrong check digit, a wrong length, letters and a leading zero', () => {
    expect(isValidCvr('25313764')).toBe(false);
    expect(isValidCvr('2531376')).toBe(false);
    expect(isValidCvr('253137630')).toBe(false);
    expect(isValidCvr('2531376A')).toBe(false);
    // 00000000 passes the sum, but CVR numbers never start with 0.
    expect(isValidCvr('00000000')).toBe(false);
  });

  it('accepts exactly the numbers whose weighted sum is divisible by 11', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 9 }), digitString(7), (first, rest) => {
        const digits = `${first}${rest}`;
        const sum = CVR_WEIGHTS.reduce((total, weight, index) => total + weight * Number(digits[index]), 0);
        expect(isValidCvr(digits)).toBe(sum % 11 === 0);
      }),
    );
  });

  it('finds every single-digit typo in a valid number', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 9 }),
        digitString(6),
        fc.integer({ min: 0, max: 7 }),
        fc.integer({ min: 1, max: 9 }),
        (first, middle, position, shift) => {
          const check = cvrCheckDigit(`${first}${middle}`);
          fc.pre(check !== null);
          const valid = `${first}${middle}${check}`;
          expect(isValidCvr(valid)).toBe(true);
          const changed = (Number(valid[position]) + shift) % 10;
          const typo = `${valid.slice(0, position)}${changed}${valid.slice(position + 1)}`;
          // Every weight is below 11 and non-zero, so changing one digit changes the sum modulo 11.
          expect(isValidCvr(typo)).toBe(false);
        },
      ),
    );
  });
});

describe('isValidOrganisasjonsnummer', () => {
  it('accepts real organisation numbers', () => {
    expect(isValidOrganisasjonsnummer('923609016')).toBe(true);
    expect(isValidOrganisasjonsnummer('974760673')).toBe(true);
  });

  it('refuses a wrong check digit, a wrong length and letters', () => {
    expect(isValidOrganisasjonsnummer('923609017')).toBe(false);
    expect(isValidOrganisasjonsnummer('92360901')).toBe(false);
    expect(isValidOrganisasjonsnummer('9236090160')).toBe(false);
    expect(isValidOrganisasjonsnummer('92360901X')).toBe(false);
  });

  it('uses 0 as check digit for remainder 0 and issues no number for remainder 1', () => {
    // 3*1 + 2*4 = 11: remainder 0.
    expect(organisasjonsnummerCheckDigit('14000000')).toBe(0);
    expect(isValidOrganisasjonsnummer('140000000')).toBe(true);
    // 3*4 = 12: remainder 1, no valid check digit.
    expect(organisasjonsnummerCheckDigit('40000000')).toBeNull();
    for (let digit = 0; digit <= 9; digit += 1) {
      expect(isValidOrganisasjonsnummer(`40000000${digit}`)).toBe(false);
    }
  });

  it('accepts exactly one check digit per 8-digit stem (none when the remainder is 1)', () => {
    fc.assert(
      fc.property(digitString(8), (stem) => {
        const accepted = [...Array(10).keys()].filter((digit) =>
          isValidOrganisasjonsnummer(`${stem}${digit}`),
        );
        const remainder =
          ORGNR_WEIGHTS.reduce((total, weight, index) => total + weight * Number(stem[index]), 0) % 11;
        if (remainder === 1) expect(accepted).toEqual([]);
        else expect(accepted).toEqual([remainder === 0 ? 0 : 11 - remainder]);
      }),
    );
  });
});

describe('isValidRegistrationNumber', () => {
  it('checks the register of the region and ignores spaces', () => {
    expect(isValidRegistrationNumber('dk', '25 31 37 63')).toBe(true);
    expect(isValidRegistrationNumber('no', '923 609 016')).toBe(true);
    expect(isValidRegistrationNumber('no', '25313763')).toBe(false);
    expect(isValidRegistrationNumber('dk', '923609016')).toBe(false);
    expect(normaliseRegistrationNumber(' 923 609-016 ')).toBe('923609016');
  });
});

describe('OrganisationCreateSchema', () => {
  it('stores the registration number as digits', () => {
    const parsed = OrganisationCreateSchema.parse({
      name: '  Cykler ApS ',
      type: 'business',
      region: 'dk',
      registration_number: '2531 3763',
    });
    expect(parsed).toEqual({
      name: 'Cykler ApS',
      type: 'business',
      region: 'dk',
      registration_number: '25313763',
    });
  });

  it('requires the number of a business, a dealer and an insurer, not of a club', () => {
    for (const type of ['business', 'dealer', 'insurance_company'] as const) {
      const result = OrganisationCreateSchema.safeParse({
        name: 'X',
        type,
        region: 'dk',
        registration_number: ' ',
      });
      expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
        ['registration_number', 'required'],
      ]);
    }
    const club = OrganisationCreateSchema.parse({ name: 'Cykelklubben', type: 'club', region: 'no' });
    expect(club.registration_number).toBeNull();
  });

  it('checks an optional number too, and answers stable codes', () => {
    const result = OrganisationCreateSchema.safeParse({
      name: '',
      type: 'club',
      region: 'no',
      registration_number: '923609017',
    });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['name', 'required'],
      ['registration_number', 'invalid_registration_number'],
    ]);
    const badType = OrganisationCreateSchema.safeParse({ name: 'X', type: 'bank', region: 'dk' });
    expect(badType.error?.issues.map((issue) => issue.message)).toEqual(['invalid_value']);
  });
});

describe('BackofficeOrganisationCreateSchema', () => {
  it('takes the admin e-mail, normalised', () => {
    const parsed = BackofficeOrganisationCreateSchema.parse({
      name: 'Forsikring A/S',
      type: 'insurance_company',
      region: 'dk',
      registration_number: '12345674',
      admin_email: ' Admin@Example.DK ',
    });
    expect(parsed.admin_email).toBe('admin@example.dk');
  });
});

describe('InvitationCreateSchema', () => {
  it('lower-cases the address and checks the role', () => {
    expect(InvitationCreateSchema.parse({ email: ' Ny@Firma.DK ', role: 'member' })).toEqual({
      email: 'ny@firma.dk',
      role: 'member',
    });
    expect(InvitationCreateSchema.safeParse({ email: 'a@b.dk', role: 'owner' }).success).toBe(false);
    expect(InvitationCreateSchema.safeParse({ email: 'nope', role: 'admin' }).success).toBe(false);
  });

  it('invites a dock operator', () => {
    expect(InvitationCreateSchema.parse({ email: 'drift@firma.dk', role: 'dock_operator' }).role).toBe(
      'dock_operator',
    );
  });
});

describe('canRunDocks', () => {
  it.each([
    ['admin', true],
    ['dock_operator', true],
    ['member', false],
    [null, false],
  ] as const)('%s', (role, expected) => {
    expect(canRunDocks(role)).toBe(expected);
  });
});
