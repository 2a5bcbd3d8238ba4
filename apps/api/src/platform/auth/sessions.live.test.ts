import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffMembers } from '../../db/schema/backoffice.ts';
import { organisationMembers } from '../../db/schema/organisations.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { bearer, logIn, signUpUser, uniqueEmail } from '../../test/identity-helpers.ts';
import { grantStaffRole, insertOrganisation, switchInto } from '../../test/role-fixtures.ts';

/*
 * A session lives only as long as what it stands on: a switch-user session needs the staff member's
 * own session and role, a session acting for an organisation needs the membership.
 */
describe('sessions that depend on another', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });

  afterAll(async () => {
    await t?.close();
  });

  const me = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/identities/me', headers: bearer(token) });

  async function staffAndTarget() {
    const staff = await signUpUser(t.app, { email: uniqueEmail('support') });
    await grantStaffRole(t.app.db, staff.partyId, 'support');
    const target = await signUpUser(t.app);
    return { staff, target, switched: await switchInto(t.app, staff.token, target.partyId) };
  }

  it('ends a switch when the staff member signs out of their own session', async () => {
    const { staff, switched } = await staffAndTarget();
    expect((await me(switched)).statusCode).toBe(200);
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/identities/authentications/logout',
      headers: bearer(staff.token),
    });
    expect(logout.statusCode).toBe(204);
    const after = await me(switched);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ detail: 'invalid_token' });
  });

  it('ends a switch when the staff member changes their password', async () => {
    const { staff, switched } = await staffAndTarget();
    const change = await t.app.inject({
      method: 'PUT',
      url: '/api/identities/me/password',
      headers: bearer(staff.token),
      payload: { current_password: staff.password, new_password: 'Ny-sadel-paa-cyklen-2026' },
    });
    expect(change.statusCode).toBe(200);
    expect((await me(switched)).statusCode).toBe(401);
  });

  it('ends a switch when the staff role is taken away, even without revoking anything', async () => {
    const { staff, switched } = await staffAndTarget();
    await t.app.db.delete(staffMembers).where(eq(staffMembers.identityPartyId, staff.partyId));
    expect((await me(switched)).statusCode).toBe(401);
  });

  it('refuses a session acting for an organisation once the membership is gone', async () => {
    const person = await signUpUser(t.app);
    const organisationId = await insertOrganisation(t.app.db, {
      name: 'Live Cykler ApS',
      type: 'business',
      members: [{ partyId: person.partyId, role: 'admin' }],
    });
    const acting = await t.app.inject({
      method: 'PUT',
      url: '/api/identities/authentications/acting-party',
      headers: bearer(person.token),
      payload: { party_id: organisationId },
    });
    expect(acting.statusCode).toBe(200);
    const token = acting.json<{ authentication_token: string }>().authentication_token;
    expect((await me(token)).statusCode).toBe(200);
    // Removed behind the API's back (or by a removal racing the switch): the session must not outlive it.
    await t.app.db
      .delete(organisationMembers)
      .where(
        and(
          eq(organisationMembers.organisationPartyId, organisationId),
          eq(organisationMembers.identityPartyId, person.partyId),
        ),
      );
    expect((await me(token)).statusCode).toBe(401);
    // Signing in again acts for the person: the remembered organisation is no longer theirs.
    const fresh = await logIn(t.app, person.email, person.password);
    expect((await me(fresh)).statusCode).toBe(200);
  });
});
