import { z } from 'zod';
import type { ValidationMessage } from './identity.ts';
import type { Region } from './locale.ts';
import { modulus11CheckDigit } from './modulus-11.ts';

/*
 * The bank account the insurer collects the premium from (issue 16 §2; checkout fields bankRegister
 * and bankAccount of SPEC §3), as shared/data/insurance.md §5.3–5.4 describes them.
 *
 * - Denmark: a 4-digit registration number (reg.nr.) and an account number of up to 10 digits.
 *   There is no single public checksum for Danish account numbers, so only the lengths are checked.
 * - Norway: 11 digits, written XXXX.XX.XXXXX, the last a modulus-11 check digit of the first 10
 *   (weights 5,4,3,2,7,6,5,4,3,2; remainder 1 makes the number invalid).
 *
 * Numbers are typed with spaces, dots or dashes as the person likes; they are kept as digits only.
 */

export type BankAccountProblem = Extract<
  ValidationMessage,
  | 'required'
  | 'invalid_bank_registration_number'
  | 'invalid_bank_account_number'
  | 'invalid_norwegian_account_number'
  | 'invalid_norwegian_account_check_digit'
>;

export type BankNumberCheck = { ok: true; digits: string } | { ok: false; problem: BankAccountProblem };

export const DANISH_REGISTRATION_NUMBER_LENGTH = 4;
export const DANISH_ACCOUNT_NUMBER_MAX_LENGTH = 10;
export const NORWEGIAN_ACCOUNT_NUMBER_LENGTH = 11;

/** A bank number as typed → its characters without spaces, dots and dashes (trimmed). */
export function normaliseBankNumber(value: string): string {
  return value.replace(/[\s.-]/g, '');
}

function checkDigits(value: string, shape: RegExp, problem: BankAccountProblem): BankNumberCheck {
  const digits = normaliseBankNumber(value);
  if (digits === '') return { ok: false, problem: 'required' };
  return shape.test(digits) ? { ok: true, digits } : { ok: false, problem };
}

/** A Danish registration number (reg.nr.): 4 digits. */
export function checkDanishRegistrationNumber(value: string): BankNumberCheck {
  return checkDigits(value, /^\d{4}$/, 'invalid_bank_registration_number');
}

/** A Danish account number: 1 to 10 digits, leading zeros kept as typed; no checksum (none is public). */
export function checkDanishAccountNumber(value: string): BankNumberCheck {
  return checkDigits(value, /^\d{1,10}$/, 'invalid_bank_account_number');
}

const NORWEGIAN_ACCOUNT_WEIGHTS = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2] as const;

/** The check digit of a Norwegian account number from its first 10 digits, or null when none exists. */
export function norwegianAccountCheckDigit(firstTen: string): number | null {
  return modulus11CheckDigit(firstTen, NORWEGIAN_ACCOUNT_WEIGHTS);
}

/** A Norwegian account number: 11 digits, the last the modulus-11 check digit of the first 10. */
export function checkNorwegianAccountNumber(value: string): BankNumberCheck {
  const shape = checkDigits(value, /^\d{11}$/, 'invalid_norwegian_account_number');
  if (!shape.ok) return shape;
  const { digits } = shape;
  if (norwegianAccountCheckDigit(digits.slice(0, 10)) !== Number(digits[10])) {
    return { ok: false, problem: 'invalid_norwegian_account_check_digit' };
  }
  return shape;
}

/** The two checkout fields as typed. */
export interface BankAccountFields {
  registration?: string | null | undefined;
  account?: string | null | undefined;
}

export type BankAccountCheck =
  | { ok: true; registration: string | null; account: string }
  | { ok: false; field: 'registration' | 'account'; problem: BankAccountProblem };

/**
 * The bank account of a region as typed in the checkout's two fields. dk: the registration number
 * and the account number, each checked. no: one 11-digit number; it may be typed whole in the
 * account field, or split with its first digits in the registration field (they are joined), and it
 * is answered whole in `account` with no registration. A problem names the field to show it at.
 */
export function checkBankAccount(region: Region, fields: BankAccountFields): BankAccountCheck {
  const registration = fields.registration ?? '';
  const account = fields.account ?? '';
  if (region === 'dk') {
    const checkedRegistration = checkDanishRegistrationNumber(registration);
    if (!checkedRegistration.ok) {
      return { ok: false, field: 'registration', problem: checkedRegistration.problem };
    }
    const checkedAccount = checkDanishAccountNumber(account);
    if (!checkedAccount.ok) return { ok: false, field: 'account', problem: checkedAccount.problem };
    return { ok: true, registration: checkedRegistration.digits, account: checkedAccount.digits };
  }
  const checked = checkNorwegianAccountNumber(`${registration}${account}`);
  if (!checked.ok) return { ok: false, field: 'account', problem: checked.problem };
  return { ok: true, registration: null, account: checked.digits };
}

/** A zod schema of a check: the digits, or an issue whose message is the problem's code. */
function schemaOf(check: (value: string) => BankNumberCheck) {
  return z.string({ error: 'required' }).transform((value, context) => {
    const result = check(value);
    if (!result.ok) {
      context.addIssue({ code: 'custom', message: result.problem });
      return z.NEVER;
    }
    return result.digits;
  });
}

export const DanishRegistrationNumberSchema = schemaOf(checkDanishRegistrationNumber);
export const DanishAccountNumberSchema = schemaOf(checkDanishAccountNumber);
export const NorwegianAccountNumberSchema = schemaOf(checkNorwegianAccountNumber);

/**
 * The checkout's bank fields of a region (`bankRegister`, `bankAccount` in SPEC §3) → normalised:
 * dk keeps both; no answers the whole 11 digits in bankAccount and null in bankRegister.
 */
export function bankAccountFieldsSchemaOf(region: Region) {
  return z
    .object({
      bankRegister: z.string().nullable().optional(),
      bankAccount: z.string({ error: 'required' }),
    })
    .transform((value, context) => {
      const result = checkBankAccount(region, {
        registration: value.bankRegister,
        account: value.bankAccount,
      });
      if (!result.ok) {
        context.addIssue({
          code: 'custom',
          path: [result.field === 'registration' ? 'bankRegister' : 'bankAccount'],
          message: result.problem,
        });
        return z.NEVER;
      }
      return { bankRegister: result.registration, bankAccount: result.account };
    });
}
