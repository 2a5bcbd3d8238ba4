import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  firstIncompleteStep,
  holderDetailsSchemaOf,
  missingOnboardingFields,
  type OnboardingDraft,
  OnboardingDraftInputSchema,
} from './insurance-signup.ts';
import { fodselsnummerCheckDigits } from './national-id.ts';

const pad = (value: number) => String(value).padStart(2, '0');

const DANISH = {
  name: 'Hanne Holder',
  email: 'hanne@example.com',
  identitySocialNumber: '010190-1234',
  streetAddress: 'Holdervej 1',
  city: 'Odense',
  zipCode: '5000',
  mobilePhone: '+4520000001',
  bankRegister: '1234',
  bankAccount: '12345678',
};

function problemsOf(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]);
}

describe('holderDetailsSchemaOf', () => {
  it('takes a Danish checkout, normalising the CPR number to its digits, whatever its modulus 11', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 28 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 0, max: 99 }),
        fc.integer({ min: 0, max: 9999 }),
        (day, month, yy, serial) => {
          const cpr = `${pad(day)}${pad(month)}${pad(yy)}${String(serial).padStart(4, '0')}`;
          const parsed = holderDetailsSchemaOf('dk').safeParse({ ...DANISH, identitySocialNumber: cpr });
          expect(parsed.success, cpr).toBe(true);
          expect(parsed.data?.identitySocialNumber).toBe(cpr);
        },
      ),
    );
  });

  it('refuses a CPR date that does not exist, and names the field', () => {
    expect(
      problemsOf(holderDetailsSchemaOf('dk').safeParse({ ...DANISH, identitySocialNumber: '310290-1234' })),
    ).toEqual([['identitySocialNumber', 'invalid_cpr_date']]);
  });

  it('checks both Danish bank fields and reports the one at fault', () => {
    const dk = holderDetailsSchemaOf('dk');
    expect(problemsOf(dk.safeParse({ ...DANISH, bankRegister: '123' }))).toEqual([
      ['bankRegister', 'invalid_bank_registration_number'],
    ]);
    expect(problemsOf(dk.safeParse({ ...DANISH, bankAccount: '12345678901' }))).toEqual([
      ['bankAccount', 'invalid_bank_account_number'],
    ]);
    expect(dk.parse({ ...DANISH, bankRegister: '1234', bankAccount: '12-34' })).toMatchObject({
      bankRegister: '1234',
      bankAccount: '1234',
    });
  });

  it('takes a Norwegian fødselsnummer or D-number only with both check digits right', () => {
    const no = holderDetailsSchemaOf('no');
    const norwegian = { ...DANISH, bankRegister: null, bankAccount: '8601.11.17947' };
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 28 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 0, max: 99 }),
        fc.integer({ min: 0, max: 999 }),
        fc.boolean(),
        fc.integer({ min: 1, max: 9 }),
        (day, month, yy, individual, dNumber, shift) => {
          const first = `${pad(dNumber ? day + 40 : day)}${pad(month)}${pad(yy)}${String(individual).padStart(3, '0')}`;
          const checks = fodselsnummerCheckDigits(first);
          fc.pre(checks !== null);
          const number = `${first}${checks}`;
          expect(no.safeParse({ ...norwegian, identitySocialNumber: number }).success, number).toBe(true);
          const broken = `${number.slice(0, 10)}${(Number(number[10]) + shift) % 10}`;
          expect(problemsOf(no.safeParse({ ...norwegian, identitySocialNumber: broken }))).toEqual([
            ['identitySocialNumber', 'invalid_fodselsnummer_check_digits'],
          ]);
        },
      ),
    );
  });

  it('takes a Norwegian account whole, typed split or with dots, and refuses a wrong check digit', () => {
    const no = holderDetailsSchemaOf('no');
    const base = { ...DANISH, identitySocialNumber: `010190100${fodselsnummerCheckDigits('010190100')}` };
    expect(no.parse({ ...base, bankRegister: '8601', bankAccount: '1117947' })).toMatchObject({
      bankRegister: null,
      bankAccount: '86011117947',
    });
    expect(problemsOf(no.safeParse({ ...base, bankRegister: null, bankAccount: '86011117949' }))).toEqual([
      ['bankAccount', 'invalid_norwegian_account_check_digit'],
    ]);
  });

  it('needs the name, address and mobile phone; floor, side, door and the other phone are optional', () => {
    const parsed = holderDetailsSchemaOf('dk').safeParse({
      ...DANISH,
      name: ' ',
      city: '',
      mobilePhone: 'x',
    });
    expect(problemsOf(parsed)).toEqual([
      ['name', 'required'],
      ['city', 'required'],
      ['mobilePhone', 'invalid_phone'],
    ]);
    expect(holderDetailsSchemaOf('dk').parse({ ...DANISH, floor: '', otherPhone: '' })).toMatchObject({
      floor: null,
      otherPhone: null,
    });
  });
});

describe('the onboarding draft', () => {
  const empty = (): OnboardingDraft => ({
    party_id: 'p',
    ...OnboardingDraftInputSchema.parse({}),
    saved_at: null,
  });

  it('starts at consent, which needs the privacy acknowledgement given (not refused)', () => {
    const draft = empty();
    expect(draft.unlocked_steps).toEqual(['consent']);
    expect(firstIncompleteStep(draft)).toBe('consent');
    expect(missingOnboardingFields({ ...draft, acknowledgement_privacy: false }, 'consent')).toEqual([
      'acknowledgement_privacy',
    ]);
    // Sharing data and ownership transfer are optional.
    expect(missingOnboardingFields({ ...draft, acknowledgement_privacy: true }, 'consent')).toEqual([]);
  });

  it('goes step by step to a draft that can become an application', () => {
    let draft: OnboardingDraft = { ...empty(), acknowledgement_privacy: true };
    expect(firstIncompleteStep(draft)).toBe('insurance-details');
    draft = { ...draft, insurer_party_id: 'i', number_of_bikes: 1 };
    expect(firstIncompleteStep(draft)).toBe('insurance-type');
    draft = { ...draft, insurance_coverage: 'bike_theft' };
    expect(firstIncompleteStep(draft)).toBe('shipping-info');
    expect(missingOnboardingFields(draft, 'shipping-info')).toEqual([
      'first_name',
      'last_name',
      'email',
      'street_address',
      'city',
      'zip_code',
      'mobile',
    ]);
    draft = {
      ...draft,
      first_name: 'A',
      last_name: 'B',
      email: 'a@b.dk',
      street_address: 'Vej 1',
      city: 'By',
      zip_code: '1000',
      mobile: '+4512345678',
    };
    expect(firstIncompleteStep(draft)).toBeNull();
  });

  it('refuses more bikes named than the number to insure, and unknown fields such as a national id', () => {
    const id = '0191d3c4-0000-7000-8000-000000000001';
    const other = '0191d3c4-0000-7000-8000-000000000002';
    expect(OnboardingDraftInputSchema.safeParse({ number_of_bikes: 1, bike_ids: [id, other] }).success).toBe(
      false,
    );
    expect(OnboardingDraftInputSchema.parse({ number_of_bikes: 2, bike_ids: [id, id] }).bike_ids).toEqual([
      id,
    ]);
    expect(OnboardingDraftInputSchema.safeParse({ cpr_number: '0101901234' }).success).toBe(false);
  });
});
