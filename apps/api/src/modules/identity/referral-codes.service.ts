import { randomBytes } from 'node:crypto';
import { parseReferralCode, REFERRAL_CODE_LENGTH, referralCodeFrom } from '@nbr/domain/referrals';
import type { Database, Executor } from '../../db/client.ts';
import { isUniqueViolation } from './identity.repository.ts';
import * as repository from './referral-codes.repository.ts';

/*
 * Referral codes (issue 30 §1): each person's own, random and unique, never their party id or
 * address. A sign-up's `friend_ref` naming one records who invited the new person; the rewards are
 * the webshop's (webshop/referrals.service.ts).
 */

/** Who invited a new person: the live owner of the code `friend_ref` names, or null. */
export async function findReferrerByCode(executor: Executor, friendRef: string | null | undefined) {
  const code = parseReferralCode(friendRef);
  return code ? repository.findPartyIdByReferralCode(executor, code) : null;
}

/**
 * The person's referral code, made the first time it is asked for. Each try runs in its own
 * transaction: a code another person drew already (the unique index) is drawn again.
 */
export async function ensureReferralCode(db: Database, partyId: string): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const facts = await repository.findReferralFacts(db, partyId);
    if (!facts) throw new Error(`no identity ${partyId}`);
    if (facts.referralCode) return facts.referralCode;
    try {
      await db.transaction((tx) =>
        repository.setReferralCodeIfNone(tx, partyId, referralCodeFrom(randomBytes(REFERRAL_CODE_LENGTH))),
      );
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
  throw new Error('no free referral code after five tries');
}

/** The person's code (null until made) and who invited them, for their export and for staff. */
export function referralFactsOf(executor: Executor, partyId: string) {
  return repository.findReferralFacts(executor, partyId);
}

export { findReferredIdentities, type ReferredIdentity } from './referral-codes.repository.ts';
