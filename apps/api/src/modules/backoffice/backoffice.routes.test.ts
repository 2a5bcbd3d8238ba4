import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/backoffice.ts';
import { identities, sessions } from '../../db/schema/identity.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import {
  bearer,
  claimsOf,
  logIn,
  signUpUser,
  TEST_PASSWORD,
  type TestUser,
  uniqueEmail,
} from '../../test/identity-helpers.ts';
import { signUpStaff } from '../../test/staff-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.database.db;

async function verifiedUser(): Promise<TestUser> {
  const user = await signUpUser(t.app);
  await db()
    .update(identities)
    .set({ verifiedOn: new Date(), birthDate: '1990-01-01' })
    .where(eq(identities.partyId, user.partyId));
  return { ...user, token: await logIn(t.app, user.email, user.password) };
}

async function switchTo(token: string | null, targetId: string, reason = 'Ticket #4711: cannot add a bike') {
  return t.app.inject({
    method: 'POST',
    url: `/api/identities/switch-user/${targetId}`,
    headers: token ? bearer(token) : {},
    payload: { reason },
  });
}

async function switchedToken(staff: TestUser, target: TestUser): Promise<string> {
  const response = await switchTo(staff.token, target.partyId);
  expect(response.statusCode).toBe(200);
  return response.json().authentication_token as string;
}

async function endSwitch(token: string | null) {
  return t.app.inject({
    method: 'DELETE',
    url: '/api/identities/switch-user',
    headers: token ? bearer(token) : {},
  });
}

async function search(token: string | null, query: Record<string, string> = {}) {
  return t.app.inject({
    method: 'GET',
    url: '/api/backoffice/identities',
    query,
    headers: token ? bearer(token) : {},
  });
}

async function me(token: string) {
  return t.app.inject({ method: 'GET', url: '/api/identities/me', headers: bearer(token) });
}

describe('POST /api/identities/switch-user/:id', () => {
  it.each(['support', 'admin'] as const)(
    'lets %s staff continue as the person, with act.sub naming them',
    async (role) => {
      const staff = await signUpStaff(t.app, role);
      const target = await signUpUser(t.app, { zip_code: '2100' });
      const token = await switchedToken(staff, target);

      const claims = claimsOf(token);
      expect(claims).toMatchObject({
        act: { sub: staff.partyId },
        party_id: target.partyId,
        identity_party_id: target.partyId,
        email: target.email,
        zip_code: '2100',
      });
      // A switch lasts an hour at most.
      expect(Number(claims.exp) - Date.now() / 1000).toBeLessThanOrEqual(60 * 60 + 5);

      const profile = await me(token);
      expect(profile.statusCode).toBe(200);
      expect(profile.json()).toMatchObject({
        identity_party_id: target.partyId,
        email: target.email,
        staff_role: null,
      });

      const [session] = await db()
        .select()
        .from(sessions)
        .where(eq(sessions.id, String(claims.sid)));
      expect(session).toMatchObject({
        partyId: target.partyId,
        impersonatorPartyId: staff.partyId,
        parentSessionId: String(claimsOf(staff.token).sid),
      });
      expect(session!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(60 * 60 * 1000);

      const [audit] = await db()
        .select()
        .from(auditEvents)
        .where(
          and(eq(auditEvents.action, 'switch_user.start'), eq(auditEvents.targetPartyId, target.partyId)),
        );
      expect(audit).toMatchObject({ actorPartyId: staff.partyId, sessionId: String(claims.sid) });
      expect(audit!.details).toMatchObject({ reason: 'Ticket #4711: cannot add a bike' });
    },
  );

  it('asks for a reason: none, or a blank one, is refused before anything happens', async () => {
    const staff = await signUpStaff(t.app, 'support');
    const target = await signUpUser(t.app);
    const withoutBody = await t.app.inject({
      method: 'POST',
      url: `/api/identities/switch-user/${target.partyId}`,
      headers: bearer(staff.token),
    });
    expect(withoutBody.statusCode).toBe(422);
    const blank = await switchTo(staff.token, target.partyId, '   ');
    expect(blank.statusCode).toBe(422);
    expect(blank.json().detail[0].loc).toEqual(['body', 'reason']);
    const started = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'switch_user.start'), eq(auditEvents.targetPartyId, target.partyId)));
    expect(started).toHaveLength(0);
  });

  it('refuses visitors (401), users and verified users (403)', async () => {
    const target = await signUpUser(t.app);
    expect((await switchTo(null, target.partyId)).statusCode).toBe(401);
    const user = await signUpUser(t.app);
    const refused = await switchTo(user.token, target.partyId);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('forbidden');
    const verified = await verifiedUser();
    expect((await switchTo(verified.token, target.partyId)).statusCode).toBe(403);
  });

  it('refuses switching into staff or into oneself (403 cannot_switch_to_user)', async () => {
    const support = await signUpStaff(t.app, 'support');
    const admin = await signUpStaff(t.app, 'admin');
    for (const [staff, target] of [
      [support, admin],
      [admin, support],
      [support, await signUpStaff(t.app, 'support')],
      [support, support],
      [admin, admin],
    ] as const) {
      const response = await switchTo(staff.token, target.partyId);
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('cannot_switch_to_user');
    }
  });

  it('answers 404 for an unknown or deleted person and 422 for an id that is no UUID', async () => {
    const support = await signUpStaff(t.app, 'support');
    expect((await switchTo(support.token, randomUUID())).statusCode).toBe(404);
    const gone = await signUpUser(t.app);
    const deletion = await t.app.inject({
      method: 'DELETE',
      url: `/api/identities/${gone.partyId}`,
      headers: bearer(gone.token),
      payload: {
        confirm_data_copy: true,
        confirm_legal_retention: true,
        confirm_insurance_consequences: true,
        confirm_permanent: true,
        password: TEST_PASSWORD,
      },
    });
    expect(deletion.statusCode).toBe(204);
    expect((await switchTo(support.token, gone.partyId)).statusCode).toBe(404);
    const malformed = await switchTo(support.token, 'not-a-uuid');
    expect(malformed.statusCode).toBe(422);
  });

  it('keeps what only the person may do out of reach of a switched session', async () => {
    const support = await signUpStaff(t.app, 'support');
    const target = await signUpUser(t.app);
    const other = await signUpUser(t.app);
    const token = await switchedToken(support, target);

    const attempts = [
      {
        method: 'PUT' as const,
        url: '/api/identities/me/password',
        payload: { current_password: TEST_PASSWORD, new_password: 'Another-long-pass-2026' },
      },
      {
        method: 'DELETE' as const,
        url: `/api/identities/${target.partyId}`,
        payload: {
          confirm_data_copy: true,
          confirm_legal_retention: true,
          confirm_insurance_consequences: true,
          confirm_permanent: true,
          password: TEST_PASSWORD,
        },
      },
      { method: 'GET' as const, url: '/api/identities/me/export' },
      { method: 'PUT' as const, url: '/api/identities/me', payload: { email: uniqueEmail('moved') } },
      {
        method: 'POST' as const,
        url: `/api/identities/switch-user/${other.partyId}`,
        payload: { reason: 'Ticket #1' },
      },
      { method: 'GET' as const, url: '/api/backoffice/identities' },
    ];
    for (const attempt of attempts) {
      const response = await t.app.inject({ ...attempt, headers: bearer(token) });
      expect(response.statusCode, `${attempt.method} ${attempt.url}`).toBe(403);
      expect(response.json().code, `${attempt.method} ${attempt.url}`).toBe('not_allowed_while_switched');
    }
    // Ordinary profile edits on the person's behalf are what support is there for.
    const edit = await t.app.inject({
      method: 'PUT',
      url: '/api/identities/me',
      headers: bearer(token),
      payload: { city: 'Aarhus C' },
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json()).toMatchObject({ city: 'Aarhus C', email: target.email });
  });
});

describe('DELETE /api/identities/switch-user', () => {
  it('ends the switch, audits it and answers a token of the staff member’s own session', async () => {
    const staff = await signUpStaff(t.app, 'support');
    const target = await signUpUser(t.app);
    const switched = await switchedToken(staff, target);
    const switchedSid = String(claimsOf(switched).sid);

    const response = await endSwitch(switched);
    expect(response.statusCode).toBe(200);
    const back = response.json().authentication_token as string;
    const claims = claimsOf(back);
    expect(claims.sid).toBe(claimsOf(staff.token).sid);
    expect(claims.party_id).toBe(staff.partyId);
    expect(claims.act).toBeUndefined();
    expect((await me(back)).json()).toMatchObject({ email: staff.email, staff_role: 'support' });

    const reused = await me(switched);
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toMatchObject({ detail: 'invalid_token' });
    const [session] = await db().select().from(sessions).where(eq(sessions.id, switchedSid));
    expect(session?.revokedReason).toBe('switch_ended');

    const trail = await db()
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.targetPartyId, target.partyId))
      .orderBy(auditEvents.createdAt);
    expect(trail.map((event) => [event.action, event.actorPartyId, event.sessionId])).toEqual([
      ['switch_user.start', staff.partyId, switchedSid],
      ['switch_user.end', staff.partyId, switchedSid],
    ]);
  });

  it('ends and audits the switch when the switched session signs out', async () => {
    const staff = await signUpStaff(t.app, 'support');
    const target = await signUpUser(t.app);
    const switched = await switchedToken(staff, target);
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/identities/authentications/logout',
      headers: bearer(switched),
    });
    expect(logout.statusCode).toBe(204);
    expect((await me(switched)).statusCode).toBe(401);
    expect((await me(staff.token)).statusCode).toBe(200);
    const [end] = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'switch_user.end'), eq(auditEvents.targetPartyId, target.partyId)));
    expect(end).toMatchObject({ actorPartyId: staff.partyId, sessionId: String(claimsOf(switched).sid) });
  });

  it('answers 400 on a session that is not a switch, 401 to visitors', async () => {
    const user = await signUpUser(t.app);
    const response = await endSwitch(user.token);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('bad_request');
    const staff = await signUpStaff(t.app, 'admin');
    expect((await endSwitch(staff.token)).statusCode).toBe(400);
    expect((await endSwitch(null)).statusCode).toBe(401);
  });

  it('ends every switch of a staff member who signs out, and records when', async () => {
    const staff = await signUpStaff(t.app, 'support');
    const target = await signUpUser(t.app);
    const switched = await switchedToken(staff, target);
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/identities/authentications/logout',
      headers: bearer(staff.token),
    });
    expect(logout.statusCode).toBe(204);

    // The way back is gone with the staff session, and so is the way in.
    const response = await endSwitch(switched);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ detail: 'invalid_token' });
    expect((await me(switched)).statusCode).toBe(401);
    const [end] = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'switch_user.end'), eq(auditEvents.targetPartyId, target.partyId)));
    expect(end?.actorPartyId).toBe(staff.partyId);
    expect(end?.details).toMatchObject({ via: 'staff_logout' });
  });
});

describe('GET /api/backoffice/identities', () => {
  it('finds people by e-mail or name, case-insensitively, with no private fields', async () => {
    const support = await signUpStaff(t.app, 'support');
    const marker = randomUUID().slice(0, 8);
    const person = await signUpUser(t.app, { email: `Kirsten.${marker}@Example.dk` });
    await t.app.inject({
      method: 'PUT',
      url: '/api/identities/me',
      headers: bearer(person.token),
      payload: {
        first_name: 'Kirsten',
        last_name: `Holm${marker}`,
        street_address: 'Hemmelig Vej 1',
        mobile: '+4520000000',
      },
    });

    const byEmail = await search(support.token, { query: `  KIRSTEN.${marker.toUpperCase()}  ` });
    expect(byEmail.statusCode).toBe(200);
    expect(byEmail.json()).toMatchObject({ page: 1, page_size: 20, has_next_page: false });
    const [hit] = byEmail.json().results;
    expect(hit).toEqual({
      identity_party_id: person.partyId,
      email: `kirsten.${marker}@example.dk`,
      name: `Kirsten Holm${marker}`,
      verified_on: null,
      signed_up_at: expect.any(String),
      staff_role: null,
    });
    for (const text of [`holm${marker}`, `kirsten holm${marker}`, `HOLM${marker.toUpperCase()}`]) {
      const results = (await search(support.token, { query: text })).json().results;
      expect(results.map((result: { identity_party_id: string }) => result.identity_party_id)).toEqual([
        person.partyId,
      ]);
    }
    // Wildcards typed by staff are literal characters, not "match everything".
    expect((await search(support.token, { query: '%%' })).json().results).toEqual([]);
    // Every look-up of people is on record: who searched, for what.
    const searches = await db()
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, 'backoffice.identity_search'),
          eq(auditEvents.actorPartyId, support.partyId),
        ),
      );
    expect(searches.map((event) => (event.details as { query: string }).query)).toContain('%%');
  });

  it('lists the newest sign-ups without a query, pages by 20, and shows staff roles', async () => {
    const admin = await signUpStaff(t.app, 'admin');
    const newest = await signUpUser(t.app);
    const first = (await search(admin.token)).json();
    expect(first.results[0].identity_party_id).toBe(newest.partyId);
    expect(first.results[1].identity_party_id).toBe(admin.partyId);
    expect(first.results[1].staff_role).toBe('admin');

    for (let index = 0; index < 20; index += 1) await signUpUser(t.app);
    const page1 = (await search(admin.token, { page: '1' })).json();
    const page2 = (await search(admin.token, { page: '2' })).json();
    expect(page1.results).toHaveLength(20);
    expect(page1.has_next_page).toBe(true);
    expect(page2.page).toBe(2);
    const ids = new Set(
      [...page1.results, ...page2.results].map((r: { identity_party_id: string }) => r.identity_party_id),
    );
    expect(ids.size).toBe(page1.results.length + page2.results.length);
  });

  it('never returns deleted accounts', async () => {
    const support = await signUpStaff(t.app, 'support');
    const marker = randomUUID().slice(0, 8);
    const gone = await signUpUser(t.app, { email: `gone-${marker}@example.dk` });
    expect((await search(support.token, { query: marker })).json().results).toHaveLength(1);
    await t.app.inject({
      method: 'DELETE',
      url: `/api/identities/${gone.partyId}`,
      headers: bearer(gone.token),
      payload: {
        confirm_data_copy: true,
        confirm_legal_retention: true,
        confirm_insurance_consequences: true,
        confirm_permanent: true,
        password: TEST_PASSWORD,
      },
    });
    expect((await search(support.token, { query: marker })).json().results).toEqual([]);
    const all = (await search(support.token)).json().results as { identity_party_id: string }[];
    expect(all.some((result) => result.identity_party_id === gone.partyId)).toBe(false);
  });

  it('answers 422 for a one-letter query or a bad page, 401 to visitors, 403 to users', async () => {
    const support = await signUpStaff(t.app, 'support');
    const short = await search(support.token, { query: 'a' });
    expect(short.statusCode).toBe(422);
    expect(short.json().detail[0].loc).toEqual(['query', 'query']);
    expect((await search(support.token, { page: '0' })).statusCode).toBe(422);
    expect((await search(support.token, { page: 'two' })).statusCode).toBe(422);
    expect((await search(null)).statusCode).toBe(401);
    const user = await signUpUser(t.app);
    expect((await search(user.token)).statusCode).toBe(403);
    expect((await search((await verifiedUser()).token)).statusCode).toBe(403);
  });
});

describe('staff roles and the audit trail', () => {
  async function putRole(token: string | null, partyId: string, payload: unknown) {
    return t.app.inject({
      method: 'PUT',
      url: `/api/backoffice/staff/${partyId}`,
      headers: token ? bearer(token) : {},
      payload: payload as Record<string, unknown>,
    });
  }
  async function deleteRole(token: string | null, partyId: string) {
    return t.app.inject({
      method: 'DELETE',
      url: `/api/backoffice/staff/${partyId}`,
      headers: token ? bearer(token) : {},
    });
  }
  async function audit(token: string | null, query: Record<string, string> = {}) {
    return t.app.inject({
      method: 'GET',
      url: '/api/backoffice/audit-events',
      query,
      headers: token ? bearer(token) : {},
    });
  }

  it('lets an admin grant a role, which works at once, and audits it', async () => {
    const admin = await signUpStaff(t.app, 'admin');
    const person = await signUpUser(t.app);
    expect((await search(person.token)).statusCode).toBe(403);

    const granted = await putRole(admin.token, person.partyId, { role: 'support' });
    expect(granted.statusCode).toBe(200);
    expect(granted.json()).toMatchObject({
      identity_party_id: person.partyId,
      role: 'support',
      granted_by_party_id: admin.partyId,
    });
    expect((await search(person.token)).statusCode).toBe(200);
    expect((await me(person.token)).json().staff_role).toBe('support');

    const promoted = await putRole(admin.token, person.partyId, { role: 'admin' });
    expect(promoted.json().role).toBe('admin');

    const trail = (await audit(admin.token, { target_party_id: person.partyId })).json();
    expect(trail.map((event: { action: string; details: unknown }) => [event.action, event.details])).toEqual(
      [
        ['staff.grant', { role: 'admin', previous_role: 'support' }],
        ['staff.grant', { role: 'support', previous_role: null }],
      ],
    );
    expect(trail[0]).toMatchObject({ actor_party_id: admin.partyId, session_id: claimsOf(admin.token).sid });
  });

  it('takes a removed role away on the next request and ends that person’s open switches', async () => {
    const admin = await signUpStaff(t.app, 'admin');
    const support = await signUpStaff(t.app, 'support');
    const target = await signUpUser(t.app);
    const switched = await switchedToken(support, target);
    expect((await search(support.token)).statusCode).toBe(200);

    const removed = await deleteRole(admin.token, support.partyId);
    expect(removed.statusCode).toBe(204);
    expect((await search(support.token)).statusCode).toBe(403);
    expect((await switchTo(support.token, target.partyId)).statusCode).toBe(403);
    expect((await me(switched)).statusCode).toBe(401);
    expect((await me(support.token)).json().staff_role).toBeNull();

    const [event] = (
      await audit(admin.token, { target_party_id: support.partyId, actor_party_id: admin.partyId })
    ).json();
    expect(event).toMatchObject({
      action: 'staff.revoke',
      details: { previous_role: 'support', ended_switch_sessions: 1 },
    });
    expect((await deleteRole(admin.token, support.partyId)).statusCode).toBe(404);
  });

  it('does not let an admin demote or remove themself (409)', async () => {
    const admin = await signUpStaff(t.app, 'admin');
    const demote = await putRole(admin.token, admin.partyId, { role: 'support' });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().code).toBe('conflict');
    expect((await deleteRole(admin.token, admin.partyId)).statusCode).toBe(409);
    expect((await me(admin.token)).json().staff_role).toBe('admin');
  });

  it('refuses support, users and visitors, and validates the role and the id', async () => {
    const admin = await signUpStaff(t.app, 'admin');
    const support = await signUpStaff(t.app, 'support');
    const person = await signUpUser(t.app);
    for (const token of [support.token, person.token]) {
      expect((await putRole(token, person.partyId, { role: 'support' })).statusCode).toBe(403);
      expect((await deleteRole(token, admin.partyId)).statusCode).toBe(403);
      expect((await audit(token)).statusCode).toBe(403);
    }
    expect((await putRole(null, person.partyId, { role: 'support' })).statusCode).toBe(401);
    expect((await deleteRole(null, person.partyId)).statusCode).toBe(401);
    expect((await audit(null)).statusCode).toBe(401);

    const badRole = await putRole(admin.token, person.partyId, { role: 'owner' });
    expect(badRole.statusCode).toBe(422);
    expect(badRole.json().detail[0].loc).toEqual(['body', 'role']);
    expect((await putRole(admin.token, 'nope', { role: 'support' })).statusCode).toBe(422);
    expect((await putRole(admin.token, randomUUID(), { role: 'support' })).statusCode).toBe(404);
    expect((await audit(admin.token, { target_party_id: 'nope' })).statusCode).toBe(422);
  });

  it('lists at most 50 audit events, newest first', async () => {
    const admin = await signUpStaff(t.app, 'admin');
    const events = (await audit(admin.token)).json() as { created_at: string }[];
    expect(events.length).toBeGreaterThan(0);
    expect(events.length).toBeLessThanOrEqual(50);
    const times = events.map((event) => event.created_at);
    expect([...times].sort().reverse()).toEqual(times);
  });
});
