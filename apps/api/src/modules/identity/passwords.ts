import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@nbr/domain/identity';
import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';

/** argon2id; the library's defaults follow OWASP (19 MiB, 2 passes) and hash in a few ms here. */
const ARGON2ID = 2;

let commonPasswords: Set<string> | undefined;

/** The ~49,000 most common passwords of @zxcvbn-ts, lower-cased, loaded once on first use. */
function commonPasswordSet(): Set<string> {
  if (!commonPasswords) {
    const list = (dictionary as Record<string, string[]>)['passwords-common'] ?? [];
    commonPasswords = new Set(list.map((word) => word.toLowerCase()));
  }
  return commonPasswords;
}

export function commonPasswordCount(): number {
  return commonPasswordSet().size;
}

export type PasswordProblem = 'password_too_short' | 'password_too_long' | 'password_too_common';

/**
 * Why a new password is refused, or null when it is acceptable. Besides length, it refuses the
 * common-password list (case-insensitively) and the user's own e-mail address or its local part,
 * which are the first guesses of anyone attacking that account.
 */
export function checkNewPassword(password: string, email?: string | null): PasswordProblem | null {
  if (password.length < PASSWORD_MIN_LENGTH) return 'password_too_short';
  if (password.length > PASSWORD_MAX_LENGTH) return 'password_too_long';
  const lowered = password.toLowerCase();
  if (commonPasswordSet().has(lowered)) return 'password_too_common';
  if (email) {
    const address = email.toLowerCase();
    const localPart = address.split('@')[0] ?? '';
    if (lowered === address || lowered === localPart) return 'password_too_common';
  }
  return null;
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID });
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash must not turn into a 500 that tells an attacker something.
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as a real password check. Called when no account matches, so that an
 * unknown e-mail and a wrong password cannot be told apart by timing.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('dummy-password-for-timing-only');
  await verifyPassword(await dummyHash, password);
  return false;
}
