import type { FastifyInstance } from 'fastify';
import { signUpUser, type TestUser, uniqueEmail } from './identity-helpers.ts';
import { grantStaffRole } from './role-fixtures.ts';

/** The backoffice's two kinds of staff, each a new person given the role. */
export interface StaffFixtures {
  support: TestUser;
  admin: TestUser;
}

/**
 * A new person given a backoffice role in the database (the grant journey has its own tests). The
 * sign-up token predates the role; the role is read per request, so the same token works.
 */
export async function signUpStaff(app: FastifyInstance, role: 'support' | 'admin'): Promise<TestUser> {
  const user = await signUpUser(app, { email: uniqueEmail(role) });
  await grantStaffRole(app.db, user.partyId, role);
  return user;
}

/** A support staff member and a backoffice admin, for a test file's backoffice calls. */
export async function createStaffFixtures(app: FastifyInstance): Promise<StaffFixtures> {
  return { support: await signUpStaff(app, 'support'), admin: await signUpStaff(app, 'admin') };
}
