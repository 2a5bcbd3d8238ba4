import type { OrganisationRole } from '@nbr/domain/organisations';
import { and, asc, count, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { identities, parties } from '../../db/schema/identity.ts';
import { organisationMembers, organisations } from '../../db/schema/organisations.ts';
import { uuidv7 } from '../../platform/ids.ts';

export type OrganisationRow = typeof organisations.$inferSelect;

export interface MemberRow {
  identityPartyId: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  role: OrganisationRole;
  addedAt: Date;
  hasPassword: boolean;
  emailVerifiedAt: Date | null;
}

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
  passwordHash: identities.passwordHash,
  emailVerifiedAt: identities.emailVerifiedAt,
};

function toMemberRow({
  passwordHash,
  ...row
}: { passwordHash: string | null } & Omit<MemberRow, 'hasPassword'>) {
  return { ...row, hasPassword: passwordHash !== null };
}

export async function listMembers(executor: Executor, organisationPartyId: string): Promise<MemberRow[]> {
  const rows = await executor
    .select(memberColumns)
    .from(organisationMembers)
    .innerJoin(identities, eq(identities.partyId, organisationMembers.identityPartyId))
    .where(eq(organisationMembers.organisationPartyId, organisationPartyId))
    .orderBy(asc(organisationMembers.createdAt), asc(identities.email));
  return rows.map(toMemberRow);
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
  return row ? toMemberRow(row) : null;
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
