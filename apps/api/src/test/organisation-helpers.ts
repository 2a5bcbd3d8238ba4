import type { FastifyInstance } from 'fastify';
import { bearer, signUpUser, type TestUser, uniqueEmail } from './identity-helpers.ts';
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

/** Adds a member through the API as an admin of the organisation. */
export async function addMember(
  app: FastifyInstance,
  adminToken: string,
  organisationId: string,
  body: { email: string; role: 'admin' | 'member'; first_name?: string; last_name?: string },
) {
  return app.inject({
    method: 'POST',
    url: `/api/organisations/${organisationId}/members`,
    headers: bearer(adminToken),
    payload: body,
  });
}
