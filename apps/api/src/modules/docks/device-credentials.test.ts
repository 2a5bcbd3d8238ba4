import { describe, expect, it } from 'vitest';
import { hashDevicePassword, verifyDevicePassword } from './device-credentials.ts';

describe('device credentials', () => {
  it('hashes a password to SHA-256 hex', () => {
    expect(hashDevicePassword('secret')).toBe(
      '2bb80d537b1da3e38bd30361aa855686bde0eacd7162fef6a25fe97bf527a25b',
    );
  });

  it('verifies the right password only', () => {
    const stored = hashDevicePassword('right password');
    expect(verifyDevicePassword('right password', stored)).toBe(true);
    expect(verifyDevicePassword('wrong password', stored)).toBe(false);
    expect(verifyDevicePassword('right password', null)).toBe(false);
    expect(verifyDevicePassword('right password', 'not-hex')).toBe(false);
  });
});
