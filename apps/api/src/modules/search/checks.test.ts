import type { AccessLogPage } from '@nbr/domain/access-log';
import { type ApiKeyCreated, CHECK_BATCH_LIMIT, type CheckAnswer } from '@nbr/domain/checks';
import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/backoffice.ts';
import { organisationApiKeys } from '../../db/schema/organisations.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { bearer, injectAs, type TestUser } from '../../test/identity-helpers.ts';
import {
  createBusiness,
  createVettedOrganisation,
  signUpStaff,
  signUpVerifiedUser,
  type TestVettedOrganisation,
} from '../../test/organisation-helpers.ts';
import { ownerWithBike, reportStolen } from '../../test/theft-report-fixtures.ts';

/*
 * Checks by API (issue 32 §1): GET and POST /api/v1/checks with an organisation's API key answer
 * registered, stolen or unknown (the police also get the theft case reference and since-date), never
 * anything of the owner; a person's session opens nothing here, and a key nothing else. Every check
 * is audited and shows in the owner's access log.
 */

async function createKey(
  app: FastifyInstance,
  admin: TestUser,
  organisationId: string,
): Promise<ApiKeyCreated> {
  const response = await injectAs(app, admin.token, 'POST', `/api/organisations/${organisationId}/api-keys`, {
    name: 'Screening',
  });
  if (response.statusCode !== 201)
    throw new Error(`create key answered ${response.statusCode}: ${response.body}`);
  return response.json<ApiKeyCreated>();
}

function check(app: FastifyInstance, key: string | null, identifier: string, url = '/api/v1/checks') {
  return app.inject({
    method: 'GET',
    url: `${url}?identifier=${encodeURIComponent(identifier)}`,
    headers: key ? bearer(key) : {},
  });
}

function checkMany(app: FastifyInstance, key: string | null, identifiers: string[], lang = 'en') {
  return app.inject({
    method: 'POST',
    url: `/api/v1/checks?lang=${lang}`,
    headers: key ? bearer(key) : {},
    payload: { identifiers },
  });
}

async function accessLog(app: FastifyInstance, user: TestUser): Promise<AccessLogPage> {
  const response = await injectAs(app, user.token, 'GET', '/api/identities/me/access-log');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AccessLogPage>();
}

async function checkEvents(app: TestApp, organisationId: string) {
  const [row] = await app.database.db
    .select({ n: count() })
    .from(auditEvents)
    .where(
      and(eq(auditEvents.action, 'check.identifier_checked'), eq(auditEvents.actorPartyId, organisationId)),
    );
  return row?.n ?? 0;
}

/** Names, addresses, e-mail and ids of the owner must never be in what a key is answered. */
function expectNothingOfOwner(body: string, owner: TestUser, bikeId: string) {
  expect(body).not.toContain(owner.email);
  expect(body).not.toContain(owner.partyId);
  expect(body).not.toContain(bikeId);
  expect(body).not.toContain('Ejersen');
  expect(body).not.toContain('Ejervej');
  expect(body).not.toContain('Byhesten');
  expect(body).not.toMatch(/picture|thumbnail|owner|email|address/i);
}

describe('checks by API', () => {
  let t: TestApp;
  let marketplaceAdmin: TestUser;
  let marketplaceId: string;
  let marketplaceKey: ApiKeyCreated;
  let police: TestVettedOrganisation;
  let policeKey: ApiKeyCreated;
  let staffAdmin: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    marketplaceAdmin = await signUpVerifiedUser(t.app, 'market');
    marketplaceId = await createBusiness(t.app, marketplaceAdmin, 'Brugtmarked ApS');
    marketplaceKey = await createKey(t.app, marketplaceAdmin, marketplaceId);
    staffAdmin = await signUpStaff(t.app, 'admin');
    police = await createVettedOrganisation(t.app, staffAdmin.token, 'police', 'Fyns Politi');
    policeKey = await createKey(t.app, police.member, police.partyId);
  });

  afterAll(async () => {
    await t?.close();
  });

  async function ownerWithNamedBike() {
    const bike = await ownerWithBike(t.app);
    const profile = await injectAs(t.app, bike.owner.token, 'PUT', '/api/identities/me', {
      first_name: 'Olga',
      last_name: 'Ejersen',
      street_address: 'Ejervej 7',
      zip_code: '8000',
      city: 'Aarhus C',
    });
    expect(profile.statusCode, profile.body).toBe(200);
    return bike;
  }

  it('answers registered, stolen and unknown, with nothing of the owner', async () => {
    const { owner, bikeId, frameNumber, plate } = await ownerWithNamedBike();
    const registered = await check(t.app, marketplaceKey.secret, frameNumber);
    expect(registered.statusCode, registered.body).toBe(200);
    expect(registered.json()).toEqual({ identifier: frameNumber, result: 'registered' });
    expectNothingOfOwner(registered.body, owner, bikeId);

    // Typed with spaces, lower case and a look-alike letter: found as the public search finds it.
    const typed = `${plate.slice(0, 2).toLowerCase()} ${plate.slice(2).replaceAll('0', 'O')}`;
    expect((await check(t.app, marketplaceKey.secret, typed)).json<CheckAnswer>().result).toBe('registered');

    await reportStolen(t.app, owner.token, bikeId);
    const stolen = await check(t.app, marketplaceKey.secret, plate);
    expect(stolen.json()).toEqual({ identifier: plate, result: 'stolen' });
    expectNothingOfOwner(stolen.body, owner, bikeId);

    const unknown = await check(t.app, marketplaceKey.secret, 'NOSUCHFRAME123');
    expect(unknown.json()).toEqual({ identifier: 'NOSUCHFRAME123', result: 'unknown' });
  });

  it('tells the police the theft case reference and since-date, and a marketplace not', async () => {
    const { owner, bikeId, frameNumber } = await ownerWithNamedBike();
    const report = await reportStolen(t.app, owner.token, bikeId);
    const byPolice = await check(t.app, policeKey.secret, frameNumber);
    expect(byPolice.statusCode, byPolice.body).toBe(200);
    const answer = byPolice.json<CheckAnswer>();
    expect(answer).toMatchObject({
      identifier: frameNumber,
      result: 'stolen',
      case_reference: report.report_id,
    });
    expect(Number.isNaN(Date.parse(answer.stolen_since ?? ''))).toBe(false);
    expectNothingOfOwner(byPolice.body.replace(report.report_id, ''), owner, bikeId);

    const byMarketplace = await check(t.app, marketplaceKey.secret, frameNumber);
    expect(byMarketplace.json()).toEqual({ identifier: frameNumber, result: 'stolen' });

    const registered = await ownerWithNamedBike();
    expect((await check(t.app, policeKey.secret, registered.frameNumber)).json()).toEqual({
      identifier: registered.frameNumber,
      result: 'registered',
      case_reference: null,
      stolen_since: null,
    });
  });

  it('answers a batch in the order sent, and audits every identifier, each bike once', async () => {
    const first = await ownerWithNamedBike();
    const second = await ownerWithNamedBike();
    await reportStolen(t.app, second.owner.token, second.bikeId);
    const before = await checkEvents(t, marketplaceId);
    const withEnDash = `${second.frameNumber.slice(0, 3)}\u2013${second.frameNumber.slice(3)}`;
    const withInvisible = `${second.frameNumber.slice(0, 3)}\u200b\u00ad${second.frameNumber.slice(3)}`;
    const response = await checkMany(t.app, marketplaceKey.secret, [
      second.plate,
      'UNKNOWN-4711',
      first.frameNumber,
      first.frameNumber,
      // A listing's text as typed on a phone or copied from a page still finds the stolen bike.
      withEnDash,
      withInvisible,
      // What cannot be a frame number at all is said to be so, never `unknown`.
      `(${first.frameNumber})`,
    ]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ results: CheckAnswer[] }>().results).toEqual([
      { identifier: second.plate, result: 'stolen' },
      { identifier: 'UNKNOWN-4711', result: 'unknown' },
      { identifier: first.frameNumber, result: 'registered' },
      { identifier: first.frameNumber, result: 'registered' },
      { identifier: withEnDash, result: 'stolen' },
      { identifier: withInvisible, result: 'stolen' },
      { identifier: `(${first.frameNumber})`, result: 'invalid', problem: 'invalid_characters' },
    ]);
    expectNothingOfOwner(response.body, first.owner, first.bikeId);
    expectNothingOfOwner(response.body, second.owner, second.bikeId);
    // Each bike once however often it was named (an owner's log says who checked, not how often),
    // the unknown and the invalid identifier once each.
    expect((await checkEvents(t, marketplaceId)) - before).toBe(4);
    const firstLog = (await accessLog(t.app, first.owner)).entries.map((entry) => entry.action);
    expect(firstLog.filter((action) => action === 'check.identifier_checked')).toHaveLength(1);
  });

  it(`refuses a batch of ${CHECK_BATCH_LIMIT + 1} identifiers with a translated 422, auditing nothing`, async () => {
    const before = await checkEvents(t, marketplaceId);
    const identifiers = Array.from({ length: CHECK_BATCH_LIMIT + 1 }, (_, index) => `FRAME${index}`);
    const english = await checkMany(t.app, marketplaceKey.secret, identifiers, 'en');
    expect(english.statusCode).toBe(422);
    expect(english.json().detail[0]).toMatchObject({
      loc: ['body', 'identifiers'],
      msg: `At most ${CHECK_BATCH_LIMIT} identifiers can be checked at once.`,
    });
    const danish = await checkMany(t.app, marketplaceKey.secret, identifiers, 'da');
    expect(danish.json().detail[0].msg).toBe(`Der kan højst tjekkes ${CHECK_BATCH_LIMIT} numre ad gangen.`);
    expect(await checkEvents(t, marketplaceId)).toBe(before);
  });

  it("shows the check in the owner's access log, naming the organisation", async () => {
    const { owner, frameNumber, plate } = await ownerWithNamedBike();
    await check(t.app, marketplaceKey.secret, frameNumber);
    await checkMany(t.app, marketplaceKey.secret, [plate]);
    const entries = (await accessLog(t.app, owner)).entries.filter(
      (entry) => entry.action === 'check.identifier_checked',
    );
    expect(entries.map((entry) => entry.identifier_kind).sort()).toEqual(['frame_number', 'plate_id']);
    for (const entry of entries) {
      expect(entry).toMatchObject({ who: 'organisation', organisation_name: 'Brugtmarked ApS' });
    }
  });

  it('refuses a call without a key (401), a revoked key (401) and a made-up key (401)', async () => {
    const { frameNumber } = await ownerWithNamedBike();
    const none = await check(t.app, null, frameNumber);
    expect(none.statusCode).toBe(401);
    expect(none.json().code).toBe('not_authenticated');

    const doomed = await createKey(t.app, marketplaceAdmin, marketplaceId);
    expect((await check(t.app, doomed.secret, frameNumber)).statusCode).toBe(200);
    const revoked = await injectAs(
      t.app,
      marketplaceAdmin.token,
      'DELETE',
      `/api/organisations/${marketplaceId}/api-keys/${doomed.id}`,
    );
    expect(revoked.statusCode).toBe(204);
    for (const response of [
      await check(t.app, doomed.secret, frameNumber),
      await checkMany(t.app, doomed.secret, [frameNumber]),
      await check(t.app, `${doomed.secret.slice(0, -1)}x`, frameNumber),
    ]) {
      expect(response.statusCode, response.body).toBe(401);
      expect(response.json().code).toBe('invalid_api_key');
    }
  });

  it('refuses the keys of a suspended organisation until the suspension is lifted', async () => {
    const admin = await signUpVerifiedUser(t.app, 'suspended');
    const organisationId = await createBusiness(t.app, admin, 'Suspenderet Marked ApS');
    const key = await createKey(t.app, admin, organisationId);
    const suspend = (action: 'suspend' | 'unsuspend') =>
      injectAs(t.app, staffAdmin.token, 'POST', `/api/backoffice/organisations/${organisationId}/${action}`, {
        reason: 'Issue 32 test',
      });
    expect((await suspend('suspend')).statusCode).toBe(200);
    const refused = await check(t.app, key.secret, 'WBK1234');
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe('invalid_api_key');
    expect((await suspend('unsuspend')).statusCode).toBe(200);
    expect((await check(t.app, key.secret, 'WBK1234')).statusCode).toBe(200);
  });

  it(`answers a full batch of ${CHECK_BATCH_LIMIT} identifiers and audits each`, async () => {
    const { owner, frameNumber } = await ownerWithNamedBike();
    const before = await checkEvents(t, marketplaceId);
    const identifiers = Array.from({ length: CHECK_BATCH_LIMIT }, (_, index) =>
      index === 500 ? frameNumber : `NOSUCH${index}`,
    );
    const response = await checkMany(t.app, marketplaceKey.secret, identifiers);
    expect(response.statusCode, response.body).toBe(200);
    const results = response.json<{ results: CheckAnswer[] }>().results;
    expect(results).toHaveLength(CHECK_BATCH_LIMIT);
    expect(results[500]).toEqual({ identifier: frameNumber, result: 'registered' });
    expect(results.filter((answer) => answer.result === 'unknown')).toHaveLength(CHECK_BATCH_LIMIT - 1);
    expect((await checkEvents(t, marketplaceId)) - before).toBe(CHECK_BATCH_LIMIT);
    expect((await accessLog(t.app, owner)).entries.map((entry) => entry.action)).toEqual([
      'check.identifier_checked',
    ]);
  });

  it("refuses a person's session instead of a key, even the organisation admin's own", async () => {
    const { frameNumber } = await ownerWithNamedBike();
    for (const token of [marketplaceAdmin.token, police.member.token]) {
      for (const response of [
        await check(t.app, token, frameNumber),
        await checkMany(t.app, token, [frameNumber]),
      ]) {
        expect(response.statusCode, response.body).toBe(403);
        expect(response.json().code).toBe('api_key_required');
      }
    }
  });

  it('lets a key open nothing but the checks', async () => {
    const key = marketplaceKey.secret;
    for (const [method, url] of [
      ['GET', '/api/identities/me'],
      ['GET', '/api/organisations'],
      ['GET', `/api/organisations/${marketplaceId}/api-keys`],
      ['POST', `/api/organisations/${marketplaceId}/api-keys`],
      ['GET', '/api/org-bike-search?q=ABC123'],
    ] as const) {
      const response = await t.app.inject({
        method,
        url,
        headers: bearer(key),
        ...(method === 'POST' ? { payload: { name: 'Escalated' } } : {}),
      });
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(401);
    }
  });

  it('records when a key was last used', async () => {
    const fresh = await createKey(t.app, marketplaceAdmin, marketplaceId);
    await check(t.app, fresh.secret, 'ANYTHING1');
    const [row] = await t.database.db
      .select({ lastUsedAt: organisationApiKeys.lastUsedAt })
      .from(organisationApiKeys)
      .where(eq(organisationApiKeys.id, fresh.id));
    expect(row?.lastUsedAt).not.toBeNull();
  });

  it('documents both routes in OpenAPI with an operationId and the key as their security', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const document = response.json<{
      paths: Record<string, Record<string, { operationId?: string; security?: unknown }>>;
      components: { securitySchemes: Record<string, unknown> };
    }>();
    const path = document.paths['/api/v1/checks'];
    expect(path?.get?.operationId).toBe('getV1Checks');
    expect(path?.post?.operationId).toBe('postV1Checks');
    expect(path?.get?.security).toEqual([{ checkKey: [] }]);
    expect(path?.post?.security).toEqual([{ checkKey: [] }]);
    expect(document.components.securitySchemes.checkKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    const keys = document.paths['/api/organisations/{organisationId}/api-keys'];
    expect(keys?.post?.operationId).toBe('postOrganisationsByOrganisationIdApiKeys');
    expect(keys?.get?.operationId).toBe('getOrganisationsByOrganisationIdApiKeys');
  });
});

describe('the budgets of checks', () => {
  let t: TestApp;
  let admin: TestUser;
  let organisationId: string;

  beforeAll(async () => {
    t = await createTestApp({
      checkRateLimits: {
        checksPerKeyPerMinute: 3,
        checksPerOrganisationPerMinute: 5,
        batchesPerKeyPerMinute: 1,
        batchesPerOrganisationPerMinute: 10,
      },
    });
    admin = await signUpVerifiedUser(t.app, 'budget');
    organisationId = await createBusiness(t.app, admin, 'Budgetmarked ApS');
  });

  afterAll(async () => {
    await t?.close();
  });

  it('counts every spelling of the path in one budget per key, and the organisation’s keys together', async () => {
    const first = await createKey(t.app, admin, organisationId);
    const spellings = ['/api/v1/checks', '//api/v1/checks', '/api/v1/%63hecks'];
    for (const url of spellings) {
      const response = await check(t.app, first.secret, 'WBK1234', url);
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    }
    const over = await check(t.app, first.secret, 'WBK1234', '/api//v1/checks');
    expect(over.statusCode).toBe(429);
    expect(over.json().code).toBe('rate_limited');

    // A second key has its own budget, until the organisation's (5 a minute) is used up.
    const second = await createKey(t.app, admin, organisationId);
    expect((await check(t.app, second.secret, 'WBK1234')).statusCode).toBe(200);
    expect((await check(t.app, second.secret, 'WBK1234')).statusCode).toBe(200);
    expect((await check(t.app, second.secret, 'WBK1234')).statusCode).toBe(429);

    // A batch has budgets of its own.
    expect((await checkMany(t.app, second.secret, ['WBK1234'])).statusCode).toBe(200);
    expect((await checkMany(t.app, second.secret, ['WBK1234'])).statusCode).toBe(429);
  });
});
