import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { identities } from '../../db/schema/identity.ts';

/** A person someone invited, as the inviter's list shows them (issue 30 §1). */
export interface ReferredIdentity {
  partyId: string;
  firstName: string | null;
  lastName: string | null;
  signedUpAt: Date;
  deletedAt: Date | null;
}

/** The live person whose referral code this is, or null. */
export async function findPartyIdByReferralCode(executor: Executor, code: string): Promise<string | null> {
  const [row] = await executor
    .select({ partyId: identities.partyId })
    .from(identities)
    .where(and(eq(identities.referralCode, code), isNull(identities.deletedAt)))
    .limit(1);
  return row?.partyId ?? null;
}

export async function findReferralFacts(
  executor: Executor,
  partyId: string,
): Promise<{ referralCode: string | null; referredByPartyId: string | null } | null> {
  const [row] = await executor
    .select({ referralCode: identities.referralCode, referredByPartyId: identities.referredByPartyId })
    .from(identities)
    .where(eq(identities.partyId, partyId))
    .limit(1);
  return row ?? null;
}

/** Gives the person this code unless they have one; answers whether it was set. */
export async function setReferralCodeIfNone(
  executor: Executor,
  partyId: string,
  code: string,
): Promise<boolean> {
  const rows = await executor
    .update(identities)
    .set({ referralCode: code })
    .where(
      and(eq(identities.partyId, partyId), isNull(identities.referralCode), isNull(identities.deletedAt)),
    )
    .returning({ partyId: identities.partyId });
  return rows.length > 0;
}

/**
 * The people who signed up with this person's code and proved their address (a sign-up nobody
 * confirmed may be someone typing another's address), oldest first.
 */
export async function findReferredIdentities(
  executor: Executor,
  referrerPartyId: string,
): Promise<ReferredIdentity[]> {
  return executor
    .select({
      partyId: identities.partyId,
      firstName: identities.firstName,
      lastName: identities.lastName,
      signedUpAt: identities.signedUpAt,
      deletedAt: identities.deletedAt,
    })
    .from(identities)
    .where(
      and(
        eq(identities.referredByPartyId, referrerPartyId),
        eq(identities.awaitingSignUpConfirmation, false),
      ),
    )
    .orderBy(asc(identities.signedUpAt), asc(identities.partyId));
}
