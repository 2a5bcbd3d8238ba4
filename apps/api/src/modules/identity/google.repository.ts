import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { staffMembers } from '../../db/schema/backoffice.ts';
import { externalLogins, identities } from '../../db/schema/identity.ts';
import type { IdentityRow } from './identity.repository.ts';

export type ExternalLoginRow = typeof externalLogins.$inferSelect;

export async function findGoogleLogin(executor: Executor, subject: string): Promise<ExternalLoginRow | null> {
  const [row] = await executor
    .select()
    .from(externalLogins)
    .where(and(eq(externalLogins.provider, 'google'), eq(externalLogins.subject, subject)))
    .limit(1);
  return row ?? null;
}

export async function findGoogleLoginOfParty(
  executor: Executor,
  partyId: string,
): Promise<ExternalLoginRow | null> {
  const [row] = await executor
    .select()
    .from(externalLogins)
    .where(and(eq(externalLogins.provider, 'google'), eq(externalLogins.partyId, partyId)))
    .limit(1);
  return row ?? null;
}

export async function insertGoogleLogin(
  executor: Executor,
  values: { partyId: string; subject: string; email: string; at: Date },
): Promise<void> {
  await executor.insert(externalLogins).values({
    partyId: values.partyId,
    provider: 'google',
    subject: values.subject,
    email: values.email,
    createdAt: values.at,
    lastUsedAt: values.at,
  });
}

export async function markGoogleLoginUsed(
  executor: Executor,
  subject: string,
  values: { email: string; at: Date },
): Promise<void> {
  await executor
    .update(externalLogins)
    .set({ email: values.email, lastUsedAt: values.at })
    .where(and(eq(externalLogins.provider, 'google'), eq(externalLogins.subject, subject)));
}

/** Every provider link of a party: a deleted account must not be reachable through its Google account. */
export async function deleteExternalLogins(executor: Executor, partyId: string): Promise<void> {
  await executor.delete(externalLogins).where(eq(externalLogins.partyId, partyId));
}

/** A link left pointing at a deleted party (from before deletions removed links). */
export async function deleteGoogleLogin(executor: Executor, subject: string): Promise<void> {
  await executor
    .delete(externalLogins)
    .where(and(eq(externalLogins.provider, 'google'), eq(externalLogins.subject, subject)));
}

/** The live account with this address, locked: a claim by Google and a sign-in do not interleave. */
export async function lockIdentityByEmail(executor: Executor, email: string): Promise<IdentityRow | null> {
  const [row] = await executor
    .select()
    .from(identities)
    .where(and(eq(identities.email, email), isNull(identities.deletedAt)))
    .limit(1)
    .for('update');
  return row ?? null;
}

/**
 * Whether the person holds a backoffice role. Read here rather than through the backoffice module,
 * which builds on this one; the same table decides every request's staff role (platform/auth).
 */
export async function isStaffMember(executor: Executor, partyId: string): Promise<boolean> {
  const [row] = await executor
    .select({ partyId: staffMembers.identityPartyId })
    .from(staffMembers)
    .where(eq(staffMembers.identityPartyId, partyId))
    .limit(1);
  return row !== undefined;
}
