import type { OrganisationRole } from '@nbr/domain/organisations';
import type { FastifyInstance } from 'fastify';
import {
  bearer,
  latestMail,
  type OutboxMail,
  signUpUser,
  type TestUser,
  uniqueEmail,
} from './identity-helpers.ts';
import { grantStaffRole, markVerified } from './role-fixtures.ts';

/** Valid CVR numbers (modulus 11), one per organisation a test creates: the register keeps them unique. */
let cvrStem = 1_000_000 + Math.floor(Math.random() * 8_000_000);
export function nextCvr(): string {
  for (;;) {
    cvrStem += 1;
    const stem = String(cvrStem);
    const sum = [2, 7, 6, 5, 4, 3, 2].reduce(
      (total, weight, index) => total + weight * Number(stem[index]),
      0,
    );
    const check = (11 - (sum % 11)) % 11;
    if (check !== 10) return `${stem}${check}`;
  }
}

/** A person who has completed the national identity check, as MitID/BankID would leave them. */
export async function signUpVerifiedUser(app: FastifyInstance, prefix = 'verified'): Promise<TestUser> {
  const user = await signUpUser(app, { email: uniqueEmail(prefix) });
  await markVerified(app.db, user.partyId);
  return user;
}

/** A backoffice staff member (support or admin), signed in. */
export async function signUpStaff(app: FastifyInstance, role: 'support' | 'admin'): Promise<TestUser> {
  const user = await signUpUser(app, { email: uniqueEmail(`staff-${role}`) });
  await grantStaffRole(app.db, user.partyId, role);
  return user;
}

/** Creates a business through the API as `admin` (who must be verified) and answers its party id. */
export async function createBusiness(
  app: FastifyInstance,
  admin: TestUser,
  name = 'Test Cykler ApS',
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/organisations',
    headers: bearer(admin.token),
    payload: { name, type: 'business', region: 'dk', registration_number: nextCvr() },
  });
  if (response.statusCode !== 201)
    throw new Error(`create organisation answered ${response.statusCode}: ${response.body}`);
  return response.json<{ party_id: string }>().party_id;
}

/** Invites an address through the API as an admin of the organisation. */
export async function invite(
  app: FastifyInstance,
  adminToken: string,
  organisationId: string,
  body: { email: string; role: OrganisationRole },
) {
  return app.inject({
    method: 'POST',
    url: `/api/organisations/${organisationId}/invitations`,
    headers: bearer(adminToken),
    payload: body,
  });
}

const INVITATION_PATH = /^\/app\/organisations\/invitations\/([A-Za-z0-9_-]+)$/;

/** The code of the invitation link in a mail. */
export function invitationCodeFromMail(mail: OutboxMail): string {
  for (const link of mail.links) {
    const match = INVITATION_PATH.exec(new URL(link).pathname);
    if (match?.[1]) return match[1];
  }
  throw new Error(`no invitation link in ${mail.template} mail: ${mail.links.join(', ')}`);
}

/** The code of the newest invitation mailed to an address. */
export async function latestInvitationCode(app: FastifyInstance, email: string): Promise<string> {
  return invitationCodeFromMail(await latestMail(app.db, email, 'organisation_invitation'));
}

/**
 * Brings a person into an organisation the way the product does: the admin invites their address,
 * they accept with their own account. Answers the person's new token (acting for the organisation).
 */
export async function joinByInvitation(
  app: FastifyInstance,
  adminToken: string,
  organisationId: string,
  person: TestUser,
  role: OrganisationRole = 'member',
): Promise<string> {
  const invited = await invite(app, adminToken, organisationId, { email: person.email, role });
  if (invited.statusCode !== 201) throw new Error(`invite answered ${invited.statusCode}: ${invited.body}`);
  const code = await latestInvitationCode(app, person.email);
  const accepted = await app.inject({
    method: 'POST',
    url: `/api/organisations/invitations/${code}/accept`,
    headers: bearer(person.token),
  });
  if (accepted.statusCode !== 200)
    throw new Error(`accept answered ${accepted.statusCode}: ${accepted.body}`);
  person.token = accepted.json<{ authentication_token: string }>().authentication_token;
  return person.token;
}

export interface TestVettedOrganisation {
  partyId: string;
  /** Its first admin, signed in acting for it. */
  member: TestUser;
}

/**
 * An organisation only backoffice admins create (the police, a municipality, an insurer), made the
 * way the product does: a staff admin creates it and invites its first admin, who accepts with their
 * own account and is then signed in acting for it.
 */
export async function createVettedOrganisation(
  app: FastifyInstance,
  staffAdminToken: string,
  type: 'police' | 'municipality' | 'insurance_company',
  name: string,
): Promise<TestVettedOrganisation> {
  const member = await signUpUser(app, { email: uniqueEmail(type) });
  const created = await app.inject({
    method: 'POST',
    url: '/api/backoffice/organisations',
    headers: bearer(staffAdminToken),
    payload: { name, type, region: 'dk', registration_number: nextCvr(), admin_email: member.email },
  });
  if (created.statusCode !== 201)
    throw new Error(`creating the organisation answered ${created.statusCode}: ${created.body}`);
  const accepted = await app.inject({
    method: 'POST',
    url: `/api/organisations/invitations/${await latestInvitationCode(app, member.email)}/accept`,
    headers: bearer(member.token),
  });
  if (accepted.statusCode !== 200)
    throw new Error(`accepting the invitation answered ${accepted.statusCode}: ${accepted.body}`);
  member.token = accepted.json<{ authentication_token: string }>().authentication_token;
  return { partyId: created.json<{ party_id: string }>().party_id, member };
}
