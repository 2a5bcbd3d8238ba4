import type { ApiKey, ApiKeyCreated } from '@nbr/domain/checks';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/backoffice.ts';
import { organisationApiKeys } from '../../db/schema/organisations.ts';
import { hashApiKey } from '../../platform/auth/api-keys.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { injectAs, signUpUser, type TestUser, uniqueEmail } from '../../test/identity-helpers.ts';
import {
  createBusiness,
  joinByInvitation,
  signUpStaff,
  signUpVerifiedUser,
} from '../../test/organisation-helpers.ts';
import { switchInto } from '../../test/role-fixtures.ts';

/*
 * An organisation's API keys for checks by API (issue 32 §1): its admins create them (the key shown
 * once, only its hash kept), list them with their last use, and revoke them. Nobody else may.
 */

describe('API keys of an organisation', () => {
  let t: TestApp;
  let admin: TestUser;
  let organisationId: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signUpVerifiedUser(t.app, 'keys-admin');
    organisationId = await createBusiness(t.app, admin, 'Brugtcykler ApS');
  });

  afterAll(async () => {
    await t?.close();
  });

  const keysUrl = (id: string) => `/api/organisations/${id}/api-keys`;

  async function createKey(name = 'Listings screening'): Promise<ApiKeyCreated> {
    const response = await injectAs(t.app, admin.token, 'POST', keysUrl(organisationId), { name });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<ApiKeyCreated>();
  }

  it('lets the admin create a key: shown once, recognisable, stored only as its hash, and audited', async () => {
    const created = await createKey();
    expect(created).toMatchObject({ name: 'Listings screening', scopes: ['check'], revoked_at: null });
    expect(created.last_used_at).toBeNull();
    expect(created.secret).toMatch(/^nbr_ck_[A-Za-z0-9_-]{43}$/);
    expect(created.secret.startsWith(created.hint)).toBe(true);

    const [row] = await t.database.db
      .select()
      .from(organisationApiKeys)
      .where(eq(organisationApiKeys.id, created.id));
    expect(row?.keyHash).toBe(hashApiKey(created.secret));
    expect(JSON.stringify(row)).not.toContain(created.secret);

    const listed = await injectAs(t.app, admin.token, 'GET', keysUrl(organisationId));
    expect(listed.statusCode, listed.body).toBe(200);
    const keys = listed.json<ApiKey[]>();
    expect(keys.map((key) => key.id)).toContain(created.id);
    // The list never holds the key again.
    expect(listed.body).not.toContain(created.secret);
    expect(keys.every((key) => !('secret' in key))).toBe(true);

    const audited = await t.database.db
      .select({ details: auditEvents.details })
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, 'organisation.api_key_created'),
          eq(auditEvents.targetPartyId, organisationId),
        ),
      );
    expect(audited.map((event) => (event.details as { api_key_id: string }).api_key_id)).toContain(
      created.id,
    );
    expect(JSON.stringify(audited)).not.toContain(created.secret);
  });

  it('refuses a key without a name (422, translated)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `${keysUrl(organisationId)}?lang=en`,
      headers: { authorization: `Bearer ${admin.token}` },
      payload: { name: '  ' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().detail[0].loc).toEqual(['body', 'name']);
  });

  it('lets the admin revoke a key once; it stays listed as revoked', async () => {
    const created = await createKey('To revoke');
    const revoked = await injectAs(t.app, admin.token, 'DELETE', `${keysUrl(organisationId)}/${created.id}`);
    expect(revoked.statusCode, revoked.body).toBe(204);
    const again = await injectAs(t.app, admin.token, 'DELETE', `${keysUrl(organisationId)}/${created.id}`);
    expect(again.statusCode).toBe(404);
    const keys = (await injectAs(t.app, admin.token, 'GET', keysUrl(organisationId))).json<ApiKey[]>();
    expect(keys.find((key) => key.id === created.id)?.revoked_at).not.toBeNull();
    const [event] = await t.database.db
      .select({ actor: auditEvents.actorPartyId })
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, 'organisation.api_key_revoked'),
          eq(auditEvents.targetPartyId, organisationId),
        ),
      );
    expect(event?.actor).toBe(admin.partyId);
  });

  it("refuses another organisation's admin, a member who is not admin, a plain user and a visitor", async () => {
    const created = await createKey('Guarded');
    const otherAdmin = await signUpVerifiedUser(t.app, 'other-admin');
    const otherOrganisation = await createBusiness(t.app, otherAdmin, 'Andre Cykler ApS');
    const member = await signUpUser(t.app, { email: uniqueEmail('keys-member') });
    await joinByInvitation(t.app, admin.token, organisationId, member);
    const plain = await signUpUser(t.app, { email: uniqueEmail('plain') });

    const attempts = (token: string | null) => [
      injectAs(t.app, token, 'GET', keysUrl(organisationId)),
      injectAs(t.app, token, 'POST', keysUrl(organisationId), { name: 'Mine now' }),
      injectAs(t.app, token, 'DELETE', `${keysUrl(organisationId)}/${created.id}`),
    ];
    for (const response of await Promise.all(attempts(otherAdmin.token))) {
      expect(response.statusCode, response.body).toBe(404);
    }
    for (const response of await Promise.all(attempts(plain.token))) {
      expect(response.statusCode, response.body).toBe(404);
    }
    for (const response of await Promise.all(attempts(member.token))) {
      expect(response.statusCode, response.body).toBe(403);
    }
    for (const response of await Promise.all(attempts(null))) {
      expect(response.statusCode, response.body).toBe(401);
    }
    // The other admin's own organisation is theirs to manage, and holds none of these keys.
    const own = await injectAs(t.app, otherAdmin.token, 'GET', keysUrl(otherOrganisation));
    expect(own.json()).toEqual([]);
    // Nothing was created or revoked by the refused callers.
    const keys = (await injectAs(t.app, admin.token, 'GET', keysUrl(organisationId))).json<ApiKey[]>();
    expect(keys.find((key) => key.id === created.id)?.revoked_at).toBeNull();
    expect(keys.some((key) => key.name === 'Mine now')).toBe(false);
  });

  it('refuses staff switched into the admin (keys are the admin’s own decision)', async () => {
    const created = await createKey('Not for staff');
    const staff = await signUpStaff(t.app, 'support');
    const switched = await switchInto(t.app, staff.token, admin.partyId);
    const create = await injectAs(t.app, switched, 'POST', keysUrl(organisationId), { name: 'Staff key' });
    expect(create.statusCode, create.body).toBe(403);
    const revoke = await injectAs(t.app, switched, 'DELETE', `${keysUrl(organisationId)}/${created.id}`);
    expect(revoke.statusCode, revoke.body).toBe(403);
  });
});
