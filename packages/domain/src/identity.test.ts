import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  AccountDeletionSchema,
  flatOfRegion,
  NewPasswordFormSchema,
  PhoneSchema,
  ProfileUpdateSchema,
  SignUpSchema,
} from './identity.ts';
import { resolveLanguage } from './locale.ts';

describe('SignUpSchema', () => {
  it('normalises the e-mail and applies defaults', () => {
    const parsed = SignUpSchema.parse({ email: '  Anna@Example.DK ', password: 'correct horse' });
    expect(parsed.email).toBe('anna@example.dk');
    expect(parsed.skip_email).toBe(false);
  });
  it('answers stable codes for bad input', () => {
    const result = SignUpSchema.safeParse({ email: 'nope', password: 'short', zip_code: '12' });
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(messages).toEqual([
      ['email', 'invalid_email'],
      ['password', 'password_too_short'],
      ['zip_code', 'invalid_zip_code'],
    ]);
  });
  it('accepts an empty phone as no phone', () => {
    expect(SignUpSchema.parse({ email: 'a@b.dk', password: '12345678x', phone: '' }).phone).toBeNull();
  });
});

describe('ProfileUpdateSchema', () => {
  it('clears a field given as an empty string and strips phone spaces', () => {
    const parsed = ProfileUpdateSchema.parse({ city: '', mobile: '+45 12 34 56 78' });
    expect(parsed.city).toBeNull();
    expect(parsed.mobile).toBe('+4512345678');
  });
  it('describes the phone it accepts as a string with its pattern, so the API document shows the field', () => {
    expect(PhoneSchema.parse(' 12 34-56 78 ')).toBe('12345678');
    expect(PhoneSchema.safeParse('12 34').success).toBe(false);
    // A transform would leave the input undescribed: the document then lost the phone's string branch.
    expect(z.toJSONSchema(PhoneSchema, { io: 'input' })).toMatchObject({
      type: 'string',
      pattern: '^\\+?\\d{8,15}$',
    });
  });
  it('refuses a club number outside 6–8 characters', () => {
    expect(ProfileUpdateSchema.safeParse({ club_membership_number: '12345' }).success).toBe(false);
    expect(ProfileUpdateSchema.safeParse({ club_membership_number: '123456' }).success).toBe(true);
  });
});

describe('NewPasswordFormSchema', () => {
  it('requires both entries to match', () => {
    const result = NewPasswordFormSchema.safeParse({ new_password: 'abcdefgh1', new_password_repeat: 'x' });
    expect(result.error?.issues[0]?.message).toBe('passwords_do_not_match');
  });
});

describe('AccountDeletionSchema', () => {
  it('needs all four confirmations', () => {
    const all = {
      confirm_data_copy: true,
      confirm_legal_retention: true,
      confirm_insurance_consequences: true,
      confirm_permanent: true,
    };
    expect(AccountDeletionSchema.safeParse(all).success).toBe(true);
    expect(AccountDeletionSchema.safeParse({ ...all, confirm_permanent: false }).success).toBe(false);
  });
});

describe('resolveLanguage', () => {
  it.each([
    [undefined, 'da'],
    ['nb-NO,nb;q=0.9', 'no'],
    ['fr-FR, en;q=0.5', 'en'],
    ['de', 'da'],
    ['is', 'is'],
  ])('%s → %s', (header, expected) => {
    expect(resolveLanguage(header)).toBe(expected);
  });
});

describe('flatOfRegion', () => {
  it('leaves a Danish flat as given', () => {
    expect(flatOfRegion('dk', { floor: '3', side: 'tv', door: 'B' })).toEqual({
      ok: true,
      fields: { floor: '3', side: 'tv', door: 'B' },
    });
  });

  it('drops floor and side of a Norwegian flat and keeps its bolignummer upper case', () => {
    expect(flatOfRegion('no', { floor: '3', side: 'tv', door: ' h0101 ', city: 'Oslo' })).toEqual({
      ok: true,
      fields: { door: 'H0101', city: 'Oslo' },
    });
    expect(flatOfRegion('no', { door: '' })).toEqual({ ok: true, fields: { door: null } });
    expect(flatOfRegion('no', { door: null })).toEqual({ ok: true, fields: { door: null } });
    expect(flatOfRegion('no', { floor: '2' })).toEqual({ ok: true, fields: {} });
  });

  it('refuses a door that is not a letter H, U, K or L and four digits', () => {
    for (const door of ['H010', 'H01011', 'A0101', '0101', 'tv', 'H 0101']) {
      expect(flatOfRegion('no', { door }), door).toEqual({ ok: false, problem: 'invalid_unit_number' });
    }
  });
});
