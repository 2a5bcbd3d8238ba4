import type { Region } from '@nbr/domain/locale';
import { readJson, STORAGE_PREFIX, writeStorage } from '../../lib/storage.ts';

/** The sign-in transaction of this tab, kept while the person is at MitID/BankID. */
const KEY = `${STORAGE_PREFIX}national-sign-in`;

export interface PendingNationalSignIn {
  transaction: string;
  /** Sign-up: the region chosen on the page, for the new account. */
  region: Region;
  /** Sign-up: the referral code of the invitation link the person came through. */
  friendRef?: string;
}

export function rememberNationalSignIn(pending: PendingNationalSignIn): void {
  writeStorage(KEY, JSON.stringify(pending), 'session');
}

/** The pending sign-in, once: a second read (a reload of the return page) finds nothing. */
export function takeNationalSignIn(): PendingNationalSignIn | null {
  const pending = readJson<PendingNationalSignIn>(KEY, 'session');
  writeStorage(KEY, null, 'session');
  return pending && typeof pending.transaction === 'string' ? pending : null;
}
