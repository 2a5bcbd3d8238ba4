import { createHash, timingSafeEqual } from 'node:crypto';

/*
 * A lock device's Basic password as stored (lock_devices.password_hash). The password is a 32-byte
 * random secret the API hands the device once at pairing, so a plain SHA-256 is enough: there is no
 * guessable password to stretch. Comparison is constant-time.
 */

/** SHA-256 of the password, lowercase hex. */
export function hashDevicePassword(password: string): string {
  return createHash('sha256').update(password, 'utf8').digest('hex');
}

/** Does the password match the stored hash? False for a missing hash (an unpaired device). */
export function verifyDevicePassword(password: string, storedHash: string | null): boolean {
  if (storedHash === null) return false;
  const given = Buffer.from(hashDevicePassword(password), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  if (given.length !== stored.length) return false;
  return timingSafeEqual(given, stored);
}
