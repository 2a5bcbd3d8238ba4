import { describe, expect, it } from 'vitest';
import {
  checkNewPassword,
  commonPasswordCount,
  hashPassword,
  verifyAgainstDummy,
  verifyPassword,
} from './passwords.ts';

describe('checkNewPassword', () => {
  it('refuses passwords shorter than 8 and longer than 128 characters', () => {
    expect(checkNewPassword('k7vq-pl')).toBe('password_too_short');
    expect(checkNewPassword('k7vq-pl2x')).toBeNull();
    expect(checkNewPassword(`${'x'.repeat(127)}y`)).toBeNull();
    expect(checkNewPassword('x'.repeat(129))).toBe('password_too_long');
  });

  it('knows tens of thousands of common passwords', () => {
    expect(commonPasswordCount()).toBeGreaterThan(10_000);
  });

  it('refuses common passwords whatever their case', () => {
    for (const password of ['password', 'PASSWORD', 'Password1', '12345678', 'qwertyuiop', 'iloveyou']) {
      expect(checkNewPassword(password), password).toBe('password_too_common');
    }
  });

  it('refuses the e-mail address and its local part as the password', () => {
    expect(checkNewPassword('Karen.Blixen@example.dk', 'karen.blixen@example.dk')).toBe(
      'password_too_common',
    );
    expect(checkNewPassword('karen.blixen', 'karen.blixen@example.dk')).toBe('password_too_common');
    expect(checkNewPassword('karen.blixen', 'other@example.dk')).toBeNull();
  });

  it('accepts an uncommon password', () => {
    expect(checkNewPassword('tandem-fjord-lyngby-42', 'karen@example.dk')).toBeNull();
  });
});

describe('password hashing', () => {
  it('hashes with argon2id and verifies only the same password', async () => {
    const hash = await hashPassword('tandem-fjord-lyngby-42');
    expect(hash.startsWith('$argon2id$')).toBe(true);
    expect(await verifyPassword(hash, 'tandem-fjord-lyngby-42')).toBe(true);
    expect(await verifyPassword(hash, 'tandem-fjord-lyngby-43')).toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('same-password-1')).not.toBe(await hashPassword('same-password-1'));
  });

  it('treats a malformed stored hash as a wrong password, not a crash', async () => {
    expect(await verifyPassword('not-a-hash', 'whatever')).toBe(false);
  });

  it('always fails the dummy check used for unknown e-mails', async () => {
    expect(await verifyAgainstDummy('dummy-password-for-timing-only')).toBe(false);
  });
});
