import type { OrganisationRole } from '@nbr/domain/organisations';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../db/client.ts';
import { staffMembers } from '../db/schema/backoffice.ts';
import { identities, parties } from '../db/schema/identity.ts';
import { organisationMembers, organisations } from '../db/schema/organisations.ts';
import { uuidv7 } from '../platform/ids.ts';
import { logIn, signUpUser, type TestUser, uniqueEmail } from './identity-helpers.ts';

/**
 * Every kind of caller the permission matrix tries. Set up straight in the database where the
 * product makes them through journeys tested elsewhere (a national identity check, a backoffice
 * grant), so the matrix tests access rules and nothing else.
 */
export const ROLES = [
  'visitor',
  'user',
  'verified_user',
  'other_user',
  'org_member',
  'org_admin',
  /** A member of the business with the dock_operator role (issue 28): runs its docks, not an admin. */
  'org_dock_operator',
  'insurer',
  /** Members whose sessions act for a police and a municipality organisation (issue 17 §3). */
  'police',
  'municipality',
  'staff',
  'staff_admin',
  /** Support staff switched into `user`'s account (switch-user). */
  'switched',
] as const;
export type Role = (typeof ROLES)[number];

export interface RoleFixtures {
  /** A token per role; null for the visitor. */
  tokens: Record<Role, string | null>;
  users: Record<Exclude<Role, 'visitor' | 'switched'>, TestUser>;
  /** A business whose admin is org_admin, member org_member and dock operator org_dock_operator. */
  organisationId: string;
  /** An insurance company whose business user is `insurer` (their sessions act for it). */
  insurerId: string;
  /** The police and the municipality `police` and `municipality` act for. */
  policeId: string;
  municipalityId: string;
}

/** Marks a person's national identity as verified, as a completed MitID/BankID check would. */
export async function markVerified(db: Executor, partyId: string, at = new Date()): Promise<void> {
  await db
    .update(identities)
    .set({ verifiedOn: at, birthDate: '1990-01-01' })
    .where(eq(identities.partyId, partyId));
}

export async function grantStaffRole(
  db: Executor,
  partyId: string,
  role: 'support' | 'admin',
): Promise<void> {
  await db.insert(staffMembers).values({ identityPartyId: partyId, role });
}

/** An organisation with its members, inserted directly. */
export async function insertOrganisation(
  db: Executor,
  values: {
    name: string;
    type: string;
    region?: 'dk' | 'no';
    members: Array<{ partyId: string; role: OrganisationRole }>;
  },
): Promise<string> {
  const partyId = uuidv7();
  await db.insert(parties).values({ id: partyId, kind: 'organisation' });
  await db.insert(organisations).values({
    partyId,
    name: values.name,
    type: values.type,
    region: values.region ?? 'dk',
    registrationNumber: null,
  });
  for (const member of values.members) {
    await db.insert(organisationMembers).values({
      organisationPartyId: partyId,
      identityPartyId: member.partyId,
      role: member.role,
    });
  }
  return partyId;
}

/** Switches a staff member into a person's account through the API; answers the switched token. */
export async function switchInto(
  app: FastifyInstance,
  staffToken: string | null,
  targetPartyId: string,
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: `/api/identities/switch-user/${targetPartyId}`,
    headers: staffToken ? { authorization: `Bearer ${staffToken}` } : {},
    payload: { reason: 'Ticket #1000: test switch' },
  });
  if (response.statusCode !== 200)
    throw new Error(`switch-user answered ${response.statusCode}: ${response.body}`);
  return response.json<{ authentication_token: string }>().authentication_token;
}

export async function createRoleFixtures(app: FastifyInstance): Promise<RoleFixtures> {
  const db = app.db;
  const signUp = (prefix: string) => signUpUser(app, { email: uniqueEmail(prefix) });
  const users = {
    user: await signUp('user'),
    verified_user: await signUp('verified'),
    other_user: await signUp('other'),
    org_member: await signUp('member'),
    org_admin: await signUp('admin'),
    org_dock_operator: await signUp('dockoperator'),
    insurer: await signUp('insurer'),
    police: await signUp('police'),
    municipality: await signUp('municipality'),
    staff: await signUp('support'),
    staff_admin: await signUp('staffadmin'),
  } satisfies RoleFixtures['users'];

  await markVerified(db, users.verified_user.partyId);
  // Organisation admins were verified when they created it (creating one needs a verified identity).
  await markVerified(db, users.org_admin.partyId);
  await grantStaffRole(db, users.staff.partyId, 'support');
  await grantStaffRole(db, users.staff_admin.partyId, 'admin');
  const organisationId = await insertOrganisation(db, {
    name: 'Matrix Cykler ApS',
    type: 'business',
    members: [
      { partyId: users.org_admin.partyId, role: 'admin' },
      { partyId: users.org_member.partyId, role: 'member' },
      { partyId: users.org_dock_operator.partyId, role: 'dock_operator' },
    ],
  });
  const insurerId = await insertOrganisation(db, {
    name: 'Matrix Forsikring A/S',
    type: 'insurance_company',
    members: [{ partyId: users.insurer.partyId, role: 'member' }],
  });
  const policeId = await insertOrganisation(db, {
    name: 'Matrix Politi',
    type: 'police',
    members: [{ partyId: users.police.partyId, role: 'member' }],
  });
  const municipalityId = await insertOrganisation(db, {
    name: 'Matrix Kommune',
    type: 'municipality',
    members: [{ partyId: users.municipality.partyId, role: 'member' }],
  });
  // Business users of the insurer, the police and the municipality: new sessions act for them.
  for (const [role, organisationId] of [
    ['insurer', insurerId],
    ['police', policeId],
    ['municipality', municipalityId],
  ] as const) {
    await db
      .update(identities)
      .set({ defaultPartyId: organisationId })
      .where(eq(identities.partyId, users[role].partyId));
    users[role].token = await logIn(app, users[role].email, users[role].password);
  }

  return {
    tokens: {
      visitor: null,
      ...Object.fromEntries(Object.entries(users).map(([role, user]) => [role, user.token])),
      switched: await switchInto(app, users.staff.token, users.user.partyId),
    } as Record<Role, string | null>,
    users,
    organisationId,
    insurerId,
    policeId,
    municipalityId,
  };
}
