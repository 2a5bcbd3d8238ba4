import type { OrganisationRole } from '@nbr/domain/organisations';
import { and, asc, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { identities, parties } from '../../db/schema/identity.ts';
import {
  organisationInvitations,
  organisationMembers,
  organisations,
} from '../../db/schema/organisations.ts';
import { uuidv7 } from '../../platform/ids.ts';

export type OrganisationRow = typeof organisations.$inferSelect;

export interface MemberRow {
  identityPartyId: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  role: OrganisationRole;
  addedAt: Date;
}

export type InvitationRow = typeof organisationInvitations.$inferSelect;

export interface OrganisationWithRole {
  organisation: OrganisationRow;
  role: OrganisationRole | null;
}

/** PostgreSQL's unique_violation, as raised directly (pg) or wrapped by Drizzle. */
export function isUniqueViolation(error: unknown): boolean {
  for (let current = error as { code?: unknown; cause?: unknown } | undefined; current; ) {
    if (current.code === '23505') return true;
    current = current.cause as typeof current;
  }
  return false;
}

export async function insertOrganisation(
  executor: Executor,
  values: Omit<typeof organisations.$inferInsert, 'partyId' | 'createdAt'>,
): Promise<OrganisationRow> {
  const now = new Date();
  const partyId = uuidv7(now.getTime());
  await executor.insert(parties).values({ id: partyId, kind: 'organisation', createdAt: now });
  const [row] = await executor
    .insert(organisations)
    .values({ ...values, partyId, createdAt: now })
    .returning();
  if (!row) throw new Error('insert into organisations returned no row');
  return row;
}

export async function isRegistrationNumberTaken(
  executor: Executor,
  region: string,
  registrationNumber: string,
): Promise<boolean> {
  const [row] = await executor
    .select({ partyId: organisations.partyId })
    .from(organisations)
    .where(and(eq(organisations.region, region), eq(organisations.registrationNumber, registrationNumber)))
    .limit(1);
  return Boolean(row);
}

/** The organisation with the role `identityPartyId` has in it (null: not a member). */
export async function findOrganisationForMember(
  executor: Executor,
  organisationPartyId: string,
  identityPartyId: string,
): Promise<OrganisationWithRole | null> {
  const [row] = await executor
    .select({ organisation: organisations, role: organisationMembers.role })
    .from(organisations)
    .leftJoin(
      organisationMembers,
      and(
        eq(organisationMembers.organisationPartyId, organisations.partyId),
        eq(organisationMembers.identityPartyId, identityPartyId),
      ),
    )
    .where(eq(organisations.partyId, organisationPartyId))
    .limit(1);
  return row ?? null;
}

/**
 * Locks the organisation row for the rest of the transaction: changes to its admins run one at a
 * time, so two admins demoting each other at once cannot leave it with none.
 */
export async function lockOrganisation(executor: Executor, organisationPartyId: string): Promise<void> {
  await executor
    .select({ partyId: organisations.partyId })
    .from(organisations)
    .where(eq(organisations.partyId, organisationPartyId))
    .for('update');
}

/** The organisations a person belongs to, with their role, oldest membership first. */
export async function listOrganisationsOfMember(
  executor: Executor,
  identityPartyId: string,
): Promise<Array<{ organisation: OrganisationRow; role: OrganisationRole }>> {
  return executor
    .select({ organisation: organisations, role: organisationMembers.role })
    .from(organisationMembers)
    .innerJoin(organisations, eq(organisations.partyId, organisationMembers.organisationPartyId))
    .where(eq(organisationMembers.identityPartyId, identityPartyId))
    .orderBy(asc(organisationMembers.createdAt), asc(organisations.name));
}

const memberColumns = {
  identityPartyId: organisationMembers.identityPartyId,
  email: identities.email,
  firstName: identities.firstName,
  lastName: identities.lastName,
  role: organisationMembers.role,
  addedAt: organisationMembers.createdAt,
};

export async function listMembers(executor: Executor, organisationPartyId: string): Promise<MemberRow[]> {
  const rows = await executor
    .select(memberColumns)
    .from(organisationMembers)
    .innerJoin(identities, eq(identities.partyId, organisationMembers.identityPartyId))
    .where(eq(organisationMembers.organisationPartyId, organisationPartyId))
    .orderBy(asc(organisationMembers.createdAt), asc(identities.email));
  return rows;
}

export async function findMember(
  executor: Executor,
  organisationPartyId: string,
  identityPartyId: string,
): Promise<MemberRow | null> {
  const [row] = await executor
    .select(memberColumns)
    .from(organisationMembers)
    .innerJoin(identities, eq(identities.partyId, organisationMembers.identityPartyId))
    .where(
      and(
        eq(organisationMembers.organisationPartyId, organisationPartyId),
        eq(organisationMembers.identityPartyId, identityPartyId),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function insertMember(
  executor: Executor,
  values: {
    organisationPartyId: string;
    identityPartyId: string;
    role: OrganisationRole;
    addedByPartyId: string | null;
  },
): Promise<void> {
  await executor.insert(organisationMembers).values(values);
}

export async function updateMemberRole(
  executor: Executor,
  organisationPartyId: string,
  identityPartyId: string,
  role: OrganisationRole,
): Promise<void> {
  await executor
    .update(organisationMembers)
    .set({ role })
    .where(
      and(
        eq(organisationMembers.organisationPartyId, organisationPartyId),
        eq(organisationMembers.identityPartyId, identityPartyId),
      ),
    );
}

export async function deleteMember(
  executor: Executor,
  organisationPartyId: string,
  identityPartyId: string,
): Promise<void> {
  await executor
    .delete(organisationMembers)
    .where(
      and(
        eq(organisationMembers.organisationPartyId, organisationPartyId),
        eq(organisationMembers.identityPartyId, identityPartyId),
      ),
    );
}

export async function countAdmins(executor: Executor, organisationPartyId: string): Promise<number> {
  const [row] = await executor
    .select({ n: count() })
    .from(organisationMembers)
    .where(
      and(
        eq(organisationMembers.organisationPartyId, organisationPartyId),
        eq(organisationMembers.role, 'admin'),
      ),
    );
  return row?.n ?? 0;
}

/** Whether a current member of the organisation signs in with this (lower-case) address. */
export async function isMemberEmail(
  executor: Executor,
  organisationPartyId: string,
  email: string,
): Promise<boolean> {
  const [row] = await executor
    .select({ partyId: organisationMembers.identityPartyId })
    .from(organisationMembers)
    .innerJoin(identities, eq(identities.partyId, organisationMembers.identityPartyId))
    .where(
      and(
        eq(organisationMembers.organisationPartyId, organisationPartyId),
        sql`lower(${identities.email}) = ${email}`,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** Neither accepted, declined nor revoked (it may have expired: renewing it brings it back). */
const isOpen = and(
  isNull(organisationInvitations.acceptedAt),
  isNull(organisationInvitations.declinedAt),
  isNull(organisationInvitations.revokedAt),
);

/** The open invitation of an address to an organisation, at most one (a partial unique index). */
export async function findOpenInvitation(
  executor: Executor,
  organisationPartyId: string,
  email: string,
): Promise<InvitationRow | null> {
  const [row] = await executor
    .select()
    .from(organisationInvitations)
    .where(
      and(
        eq(organisationInvitations.organisationPartyId, organisationPartyId),
        eq(organisationInvitations.email, email),
        isOpen,
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function insertInvitation(
  executor: Executor,
  values: Pick<
    InvitationRow,
    'organisationPartyId' | 'email' | 'role' | 'invitedByPartyId' | 'codeHash' | 'expiresAt'
  > & { now: Date },
): Promise<InvitationRow> {
  const { now, ...rest } = values;
  const [row] = await executor
    .insert(organisationInvitations)
    .values({ id: uuidv7(now.getTime()), createdAt: now, ...rest })
    .returning();
  if (!row) throw new Error('the invitation was not inserted');
  return row;
}

/** A new code, expiry and role for an open invitation: the old link stops working. */
export async function renewInvitation(
  executor: Executor,
  id: string,
  values: Pick<InvitationRow, 'role' | 'invitedByPartyId' | 'codeHash' | 'expiresAt'> & { now: Date },
): Promise<InvitationRow> {
  const { now, ...rest } = values;
  const [row] = await executor
    .update(organisationInvitations)
    .set({ ...rest, createdAt: now })
    .where(and(eq(organisationInvitations.id, id), isOpen))
    .returning();
  if (!row) throw new Error('the invitation to renew is gone');
  return row;
}

/** Open, unexpired invitations of an organisation, newest first. */
export async function listPendingInvitations(
  executor: Executor,
  organisationPartyId: string,
  now: Date,
): Promise<InvitationRow[]> {
  return executor
    .select()
    .from(organisationInvitations)
    .where(
      and(
        eq(organisationInvitations.organisationPartyId, organisationPartyId),
        isOpen,
        gt(organisationInvitations.expiresAt, now),
      ),
    )
    .orderBy(sql`${organisationInvitations.createdAt} desc`);
}

/** Revokes an open invitation of this organisation; false when there is none with that id. */
export async function revokeInvitation(
  executor: Executor,
  organisationPartyId: string,
  id: string,
  now: Date,
): Promise<InvitationRow | null> {
  const [row] = await executor
    .update(organisationInvitations)
    .set({ revokedAt: now })
    .where(
      and(
        eq(organisationInvitations.id, id),
        eq(organisationInvitations.organisationPartyId, organisationPartyId),
        isOpen,
      ),
    )
    .returning();
  return row ?? null;
}

/**
 * The usable invitation with this code hash (open and unexpired), with its organisation. With
 * `lock`, the invitation row is locked for the transaction: of two answers at once the second waits
 * and then finds it used, instead of both reading it as open.
 */
export async function findUsableInvitation(
  executor: Executor,
  codeHash: string,
  now: Date,
  lock = false,
): Promise<{ invitation: InvitationRow; organisation: OrganisationRow } | null> {
  const query = executor
    .select({ invitation: organisationInvitations, organisation: organisations })
    .from(organisationInvitations)
    .innerJoin(organisations, eq(organisations.partyId, organisationInvitations.organisationPartyId))
    .where(
      and(eq(organisationInvitations.codeHash, codeHash), isOpen, gt(organisationInvitations.expiresAt, now)),
    )
    .limit(1);
  const [row] = lock ? await query.for('update', { of: organisationInvitations }) : await query;
  return row ?? null;
}

/**
 * Closes a usable invitation as accepted or declined. Conditional, so of two clicks at once (or an
 * accept racing a revoke) exactly one wins; the loser sees false.
 */
export async function closeInvitation(
  executor: Executor,
  id: string,
  outcome: { acceptedByPartyId: string } | { declined: true },
  now: Date,
): Promise<boolean> {
  const rows = await executor
    .update(organisationInvitations)
    .set(
      'declined' in outcome
        ? { declinedAt: now }
        : { acceptedAt: now, acceptedByPartyId: outcome.acceptedByPartyId },
    )
    .where(and(eq(organisationInvitations.id, id), isOpen, gt(organisationInvitations.expiresAt, now)))
    .returning({ id: organisationInvitations.id });
  return rows.length === 1;
}
