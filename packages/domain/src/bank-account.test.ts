import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bankAccountFieldsSchemaOf,
  checkBankAccount,
  checkDanishAccountNumber,
  checkDanishRegistrationNumber,
  checkNorwegianAccountNumber,
  DanishAccountNumberSchema,
  DanishRegistrationNumberSchema,
  NorwegianAccountNumberSchema,
  normaliseBankNumber,
  norwegianAccountCheckDigit,
} from './bank-account.ts';

const digitString = (minLength: number, maxLength = minLength) =>
  fc.array(fc.integer({ min: 0, max: 9 }), { minLength, maxLength }).map((d) => d.join(''));

/** A Norwegian account number with the right check digit. */
const validNorwegianAccount = digitString(10)
  .map((firstTen) => ({ firstTen, check: norwegianAccountCheckDigit(firstTen) }))
  .filter(({ check }) => check !== null)
  .map(({ firstTen, check }) => `${firstTen}${check}`);

/** The digits as a person might type them: a space, dot or dash, or nothing, after each. */
const typedVariant = (digits: string) =>
  fc
    .array(fc.constantFrom('', ' ', '.', '-'), { minLength: digits.length, maxLength: digits.length })
    .map((separators) => [...digits].map((digit, index) => `${digit}${separators[index]}`).join(''));

describe('Danish registration and account numbers (insurance.md §5.3: 4 + up to 10 digits, length only)', () => {
  it('accepts 4 digits as the registration number', () => {
    expect(checkDanishRegistrationNumber('1551')).toEqual({ ok: true, digits: '1551' });
    expect(checkDanishRegistrationNumber(' 15 51 ')).toEqual({ ok: true, digits: '1551' });
  });

  it('refuses any other registration number', () => {
    for (const typed of ['155', '15511', '15a1', '+1551']) {
      expect(checkDanishRegistrationNumber(typed), typed).toEqual({
        ok: false,
        problem: 'invalid_bank_registration_number',
      });
    }
    expect(checkDanishRegistrationNumber(' ')).toEqual({ ok: false, problem: 'required' });
  });

  it('accepts an account number of 1 to 10 digits, typed with spaces, dots or dashes', () => {
    expect(checkDanishAccountNumber('3179681')).toEqual({ ok: true, digits: '3179681' });
    expect(checkDanishAccountNumber('0003 179 681')).toEqual({ ok: true, digits: '0003179681' });
    expect(checkDanishAccountNumber('12.34-56')).toEqual({ ok: true, digits: '123456' });
  });

  it('refuses more than 10 digits or anything but digits', () => {
    for (const typed of ['12345678901', '12345x', 'DK5000400440116243']) {
      expect(checkDanishAccountNumber(typed), typed).toEqual({
        ok: false,
        problem: 'invalid_bank_account_number',
      });
    }
  });

  it('accepts every 1–10 digit account number however it is typed, and normalises it stably', () => {
    fc.assert(
      fc.property(
        digitString(1, 10).chain((digits) => fc.tuple(fc.constant(digits), typedVariant(digits))),
        ([digits, typed]) => {
          expect(checkDanishAccountNumber(typed)).toEqual({ ok: true, digits });
          expect(checkDanishAccountNumber(digits)).toEqual({ ok: true, digits });
        },
      ),
    );
  });
});

describe('Norwegian account numbers (insurance.md §5.4: 11 digits, modulus 11)', () => {
  it('accepts the example of insurance.md, as written or as in its IBAN', () => {
    expect(checkNorwegianAccountNumber('8601.11.17947')).toEqual({ ok: true, digits: '86011117947' });
    expect(checkNorwegianAccountNumber('8601 1117 947')).toEqual({ ok: true, digits: '86011117947' });
    expect(norwegianAccountCheckDigit('8601111794')).toBe(7);
  });

  it('refuses the invalid example of insurance.md for its check digit', () => {
    expect(checkNorwegianAccountNumber('8601 11 17949')).toEqual({
      ok: false,
      problem: 'invalid_norwegian_account_check_digit',
    });
  });

  it('has no check digit where the remainder is 1, and refuses every number with those first 10 digits', () => {
    // 0000000006: weighted sum 6·2 = 12, remainder 1.
    expect(norwegianAccountCheckDigit('0000000006')).toBeNull();
    for (let check = 0; check <= 9; check++) {
      expect(checkNorwegianAccountNumber(`0000000006${check}`)).toMatchObject({ ok: false });
    }
  });

  it('refuses any other length with invalid_norwegian_account_number', () => {
    for (const typed of ['8601111794', '860111179470', '8601.11.1794x']) {
      expect(checkNorwegianAccountNumber(typed), typed).toEqual({
        ok: false,
        problem: 'invalid_norwegian_account_number',
      });
    }
  });

  it('accepts every generated valid number however it is typed, and normalises it stably', () => {
    fc.assert(
      fc.property(
        validNorwegianAccount.chain((digits) => fc.tuple(fc.constant(digits), typedVariant(digits))),
        ([digits, typed]) => {
          expect(checkNorwegianAccountNumber(typed)).toEqual({ ok: true, digits });
          expect(checkNorwegianAccountNumber(digits)).toEqual({ ok: true, digits });
        },
      ),
    );
  });

  it('refuses every change of a single digit (modulus 11 catches them all)', () => {
    fc.assert(
      fc.property(
        validNorwegianAccount,
        fc.integer({ min: 0, max: 10 }),
        fc.integer({ min: 1, max: 9 }),
        (digits, index, step) => {
          const changed = `${digits.slice(0, index)}${(Number(digits[index]) + step) % 10}${digits.slice(index + 1)}`;
          expect(checkNorwegianAccountNumber(changed)).toEqual({
            ok: false,
            problem: 'invalid_norwegian_account_check_digit',
          });
        },
      ),
    );
  });
});

describe('normaliseBankNumber', () => {
  it('is idempotent', () => {
    fc.assert(
      fc.property(fc.string(), (value) => {
        expect(normaliseBankNumber(normaliseBankNumber(value))).toBe(normaliseBankNumber(value));
      }),
    );
  });
});

describe('checkBankAccount (the checkout fields of a region)', () => {
  it('checks both Danish fields and names the field of a problem', () => {
    expect(checkBankAccount('dk', { registration: '1551', account: '3179681' })).toEqual({
      ok: true,
      registration: '1551',
      account: '3179681',
    });
    expect(checkBankAccount('dk', { registration: '155', account: '3179681' })).toEqual({
      ok: false,
      field: 'registration',
      problem: 'invalid_bank_registration_number',
    });
    expect(checkBankAccount('dk', { registration: '1551', account: null })).toEqual({
      ok: false,
      field: 'account',
      problem: 'required',
    });
  });

  it('takes a Norwegian number whole in the account field, or split over both', () => {
    const whole = { ok: true, registration: null, account: '86011117947' };
    expect(checkBankAccount('no', { account: '8601.11.17947' })).toEqual(whole);
    expect(checkBankAccount('no', { registration: '', account: '8601.11.17947' })).toEqual(whole);
    expect(checkBankAccount('no', { registration: '8601', account: '11.17947' })).toEqual(whole);
    expect(checkBankAccount('no', { account: '8601.11.17949' })).toEqual({
      ok: false,
      field: 'account',
      problem: 'invalid_norwegian_account_check_digit',
    });
  });
});

describe('the schemas', () => {
  const message = (result: { error?: { issues: Array<{ message: string; path: PropertyKey[] }> } }) =>
    result.error?.issues[0]?.message;

  it('answer the digits, or the validation code as the message', () => {
    expect(DanishRegistrationNumberSchema.parse('1551')).toBe('1551');
    expect(DanishAccountNumberSchema.parse('317 9681')).toBe('3179681');
    expect(NorwegianAccountNumberSchema.parse('8601.11.17947')).toBe('86011117947');
    expect(message(DanishRegistrationNumberSchema.safeParse('15'))).toBe('invalid_bank_registration_number');
    expect(message(DanishAccountNumberSchema.safeParse('12345678901'))).toBe('invalid_bank_account_number');
    expect(message(NorwegianAccountNumberSchema.safeParse('86011117949'))).toBe(
      'invalid_norwegian_account_check_digit',
    );
    expect(message(NorwegianAccountNumberSchema.safeParse(undefined))).toBe('required');
  });

  it('put the problem of the checkout fields at the field', () => {
    expect(bankAccountFieldsSchemaOf('dk').parse({ bankRegister: '1551', bankAccount: '3179681' })).toEqual({
      bankRegister: '1551',
      bankAccount: '3179681',
    });
    expect(
      bankAccountFieldsSchemaOf('no').parse({ bankRegister: null, bankAccount: '8601 11 17947' }),
    ).toEqual({
      bankRegister: null,
      bankAccount: '86011117947',
    });
    const refused = bankAccountFieldsSchemaOf('dk').safeParse({
      bankRegister: '1551',
      bankAccount: '12345678901',
    });
    expect(refused.error?.issues[0]).toMatchObject({
      path: ['bankAccount'],
      message: 'invalid_bank_account_number',
    });
    const noRegister = bankAccountFieldsSchemaOf('dk').safeParse({ bankAccount: '3179681' });
    expect(noRegister.error?.issues[0]).toMatchObject({ path: ['bankRegister'], message: 'required' });
  });
});
