import { readStorage, STORAGE_PREFIX, writeStorage } from '../../lib/storage.ts';

/*
 * The address a password-reset link was asked for, kept for this tab only: the check-mail page
 * shows it and can send again, without putting the address in the URL (and so in logs and history).
 */
const KEY = `${STORAGE_PREFIX}password-reset-email`;

export function rememberPasswordResetEmail(email: string | null | undefined): void {
  const trimmed = email?.trim() ?? '';
  writeStorage(KEY, trimmed === '' ? null : trimmed, 'session');
}

export function passwordResetEmail(): string | null {
  return readStorage(KEY, 'session');
}
