import type { AccessLogPage } from '@nbr/domain/access-log';
import type { OrgBikeDetail, OrgBikeSearchResponse, OwnerContact } from '@nbr/domain/org-search';
import { OWNER_CONTACT_REVEALS_PER_DAY } from '@nbr/domain/sensitive-reads';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/backoffice.ts';
import { recordAuditEvent } from '../../platform/audit/audit.ts';
import { insertBike } from '../../test/bike-helpers.ts';
import { backdateOwnership, insertDockWithLock, insertParking } from '../../test/dock-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { bearer, mailsTo, signUpUser, type TestUser } from '../../test/identity-helpers.ts';
import {
  createBusiness,
  createVettedOrganisation,
  signUpStaff,
  signUpVerifiedUser,
  type TestVettedOrganisation,
} from '../../test/organisation-helpers.ts';
import { switchInto } from '../../test/role-fixtures.ts';
import { ownerWithBike, reportStolen } from '../../test/theft-report-fixtures.ts';

/*
 * /org-bike-search (issue 17 §3): the police, municipalities and insurers search every registered
 * bike, see its history but never its owner, write to the owner through the register, and the police
 * see the owner's contact after stating a case number. Every look-up lands in the owner's access log.
 */

function get(app: FastifyInstance, token: string | null, url: string) {
  return app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
}

function post(app: FastifyInstance, token: string | null, url: string, payload: Record<string, unknown>) {
  return app.inject({ method: 'POST', url, headers: token ? bearer(token) : {}, payload });
}

async function accessLog(app: FastifyInstance, user: TestUser, cursor?: string): Promise<AccessLogPage> {
  const response = await get(
    app,
    user.token,
    `/api/identities/me/access-log${cursor ? `?cursor=${cursor}` : ''}`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** Names, addresses and e-mail of the owner must never be in what an organisation sees. */
function expectNothingOfOwner(body: string, owner: TestUser) {
  expect(body).not.toContain(owner.email);
  expect(body).not.toContain(owner.partyId);
  expect(body).not.toContain('Ejersen');
  expect(body).not.toContain('Ejervej');
}

describe('organisations search the register', () => {
  let t: TestApp;
  let police: TestVettedOrganisation;
  let municipality: TestVettedOrganisation;
  let insurer: TestVettedOrganisation;
  let staffAdmin: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    staffAdmin = await signUpStaff(t.app, 'admin');
    police = await createVettedOrganisation(t.app, staffAdmin.token, 'police', 'Københavns Politi');
    municipality = await createVettedOrganisation(t.app, staffAdmin.token, 'municipality', 'Aarhus Kommune');
    insurer = await createVettedOrganisation(t.app, staffAdmin.token, 'insurance_company', 'Tryg Test A/S');
  });

  afterAll(async () => {
    await t?.close();
  });

  async function stolenBike() {
    const bike = await ownerWithBike(t.app, { bike: { visibility: 'private' } });
    const profile = await t.app.inject({
      method: 'PUT',
      url: '/api/identities/me',
      headers: bearer(bike.owner.token),
      payload: {
        first_name: 'Olga',
        last_name: 'Ejersen',
        street_address: 'Ejervej 7',
        zip_code: '8000',
        city: 'Aarhus C',
        mobile: '+4520304050',
      },
    });
    expect(profile.statusCode, profile.body).toBe(200);
    await reportStolen(t.app, bike.owner.token, bike.bikeId);
    return bike;
  }

  it('finds every bike by frame number, plate or facts, with more than the public and nothing of the owner', async () => {
    const { owner, bikeId, frameNumber, plate } = await stolenBike();
    for (const member of [police.member, municipality.member, insurer.member]) {
      const byFrame = await get(
        t.app,
        member.token,
        `/api/org-bike-search?q=${encodeURIComponent(frameNumber)}`,
      );
      expect(byFrame.statusCode, byFrame.body).toBe(200);
      const hit = byFrame.json<OrgBikeSearchResponse>().results.find((result) => result.bike_id === bikeId);
      // A private bike: the public search leaves out nothing stolen, but shows no frame or history.
      expect(hit).toMatchObject({
        status: 'stolen',
        frame_number: frameNumber,
        plate_id: plate,
        owner_verified: false,
      });
      expect(hit?.stolen_since).not.toBeNull();
      expectNothingOfOwner(byFrame.body, owner);
    }
    const byPlate = await get(t.app, police.member.token, `/api/org-bike-search?q=${plate}`);
    expect(byPlate.json<OrgBikeSearchResponse>().results.map((hit) => hit.bike_id)).toContain(bikeId);
    const byFacts = await get(
      t.app,
      police.member.token,
      '/api/org-bike-search?brand=kildem&color=blue&stolen=yes',
    );
    expect(byFacts.json<OrgBikeSearchResponse>().results.map((hit) => hit.bike_id)).toContain(bikeId);
    const notStolen = await get(t.app, police.member.token, '/api/org-bike-search?brand=kildem&stolen=no');
    expect(notStolen.json<OrgBikeSearchResponse>().results.map((hit) => hit.bike_id)).not.toContain(bikeId);
    // No criterion: 422.
    expect((await get(t.app, police.member.token, '/api/org-bike-search')).statusCode).toBe(422);
    // Searching is not a look-up of anyone: nothing in the owner's log yet.
    expect((await accessLog(t.app, owner)).entries).toEqual([]);
  });

  it('refuses people, visitors, businesses, staff and staff switched into an account', async () => {
    const { owner, bikeId } = await ownerWithBike(t.app);
    const verified = await signUpVerifiedUser(t.app, 'shop');
    const businessId = await createBusiness(t.app, verified, 'Cykel Test ApS');
    const acting = await t.app.inject({
      method: 'PUT',
      url: '/api/identities/authentications/acting-party',
      headers: bearer(verified.token),
      payload: { party_id: businessId },
    });
    const businessToken: string = acting.json().authentication_token;
    const support = await signUpStaff(t.app, 'support');
    const switched = await switchInto(t.app, support.token, owner.partyId);
    const urls = [
      ['GET', '/api/org-bike-search?q=abc123'],
      ['GET', `/api/org-bike-search/bikes/${bikeId}`],
      ['POST', `/api/org-bike-search/bikes/${bikeId}/owner-contact`],
      ['POST', `/api/org-bike-search/bikes/${bikeId}/messages`],
    ] as const;
    const body = { case_number: 'K-1', content: 'Hej' };
    for (const [method, url] of urls) {
      const send = (token: string | null) =>
        method === 'GET' ? get(t.app, token, url) : post(t.app, token, url, body);
      expect((await send(null)).statusCode).toBe(401);
      for (const token of [owner.token, businessToken, support.token, staffAdmin.token]) {
        const refused = await send(token);
        expect(refused.statusCode, `${url}: ${refused.body}`).toBe(403);
        expect(refused.json().code).toBe('organisation_search_not_allowed');
      }
      expect((await send(switched)).statusCode).toBe(403);
    }
    expect(
      await t.app.db.select().from(auditEvents).where(eq(auditEvents.targetPartyId, owner.partyId)),
    ).toEqual([expect.objectContaining({ action: 'switch_user.start' })]);
  });

  it('opens a bike with its history, audited for the owner; the owner sees it by organisation, not by name', async () => {
    const { owner, bikeId } = await stolenBike();
    const opened = await get(t.app, municipality.member.token, `/api/org-bike-search/bikes/${bikeId}`);
    expect(opened.statusCode, opened.body).toBe(200);
    const detail = opened.json<OrgBikeDetail>();
    expect(detail.history.map((entry) => entry.event)).toEqual(['reported_stolen', 'registered']);
    expect(detail.actions).toEqual(['message', 'hold']);
    expect(detail.chat_id).toBeNull();
    expectNothingOfOwner(opened.body, owner);

    expect(
      (await get(t.app, insurer.member.token, `/api/org-bike-search/bikes/${bikeId}`)).json().actions,
    ).toEqual(['message']);
    expect(
      (await get(t.app, police.member.token, `/api/org-bike-search/bikes/${bikeId}`)).json().actions,
    ).toEqual(['message', 'reveal_contact', 'hold']);
    expect((await get(t.app, police.member.token, '/api/org-bike-search/bikes/not-a-uuid')).statusCode).toBe(
      404,
    );

    const events = await t.app.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.targetPartyId, owner.partyId), eq(auditEvents.action, 'org_search.bike_viewed')),
      );
    expect(events.map((event) => [event.actorPartyId, event.details])).toEqual(
      expect.arrayContaining([
        [municipality.member.partyId, { organisation_party_id: municipality.partyId, bike_id: bikeId }],
        [insurer.member.partyId, { organisation_party_id: insurer.partyId, bike_id: bikeId }],
        [police.member.partyId, { organisation_party_id: police.partyId, bike_id: bikeId }],
      ]),
    );
    const log = await accessLog(t.app, owner);
    expect(log.entries.map((entry) => [entry.action, entry.who, entry.organisation_name])).toEqual([
      ['org_search.bike_viewed', 'organisation', 'Københavns Politi'],
      ['org_search.bike_viewed', 'organisation', 'Tryg Test A/S'],
      ['org_search.bike_viewed', 'organisation', 'Aarhus Kommune'],
    ]);
    expect(JSON.stringify(log)).not.toContain(police.member.email);
  });

  it('the police see the owner’s contact after a case number; others may only write', async () => {
    const { owner, bikeId } = await stolenBike();
    const url = `/api/org-bike-search/bikes/${bikeId}/owner-contact`;
    const missing = await post(t.app, police.member.token, url, {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json().detail[0]).toMatchObject({ loc: ['body', 'case_number'], type: 'required' });
    expect((await post(t.app, police.member.token, url, { case_number: 'x'.repeat(41) })).statusCode).toBe(
      422,
    );
    for (const member of [municipality.member, insurer.member]) {
      const refused = await post(t.app, member.token, url, { case_number: '0100-80151-00012-26' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('owner_contact_police_only');
    }

    const revealed = await post(t.app, police.member.token, url, { case_number: ' 0100 80151 00012 26 ' });
    expect(revealed.statusCode, revealed.body).toBe(200);
    expect(revealed.json<OwnerContact>()).toEqual({
      name: 'Olga Ejersen',
      email: owner.email,
      mobile: '+4520304050',
      phone: null,
      address: ['Ejervej 7', '8000 Aarhus C'],
    });
    const [event] = await t.app.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.targetPartyId, owner.partyId),
          eq(auditEvents.action, 'org_search.owner_contact_revealed'),
        ),
      );
    expect(event).toMatchObject({
      actorPartyId: police.member.partyId,
      details: { organisation_party_id: police.partyId, bike_id: bikeId, case_number: '0100-80151-00012-26' },
    });
    expect((await accessLog(t.app, owner)).entries).toEqual([
      expect.objectContaining({
        action: 'org_search.owner_contact_revealed',
        who: 'organisation',
        organisation_name: 'Københavns Politi',
        organisation_type: 'police',
        case_number: '0100-80151-00012-26',
      }),
    ]);
  });

  it('refuses a case number not in the form of the police of the organisation’s region, auditing nothing', async () => {
    const { owner, bikeId } = await stolenBike();
    const url = `/api/org-bike-search/bikes/${bikeId}/owner-contact`;
    // Free text, a made-up reference, and a Norwegian number from the Danish police.
    for (const caseNumber of ['x', 'K-1', '0100-12345-2026', '14325678']) {
      const refused = await post(t.app, police.member.token, url, { case_number: caseNumber });
      expect(refused.statusCode, caseNumber).toBe(422);
      expect(refused.json().detail[0]).toMatchObject({
        loc: ['body', 'case_number'],
        type: 'invalid_police_case_number',
      });
    }
    const danish = await t.app.inject({
      method: 'POST',
      url,
      headers: { ...bearer(police.member.token), 'accept-language': 'da' },
      payload: { case_number: 'x' },
    });
    expect(danish.json().detail[0].msg).toContain('0100-80151-00012-24');
    const events = await t.app.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.targetPartyId, owner.partyId),
          eq(auditEvents.action, 'org_search.owner_contact_revealed'),
        ),
      );
    expect(events).toEqual([]);
  });

  it('gives each officer a daily budget of contacts and mails the organisation’s admins once when it is used up', async () => {
    const { bikeId } = await stolenBike();
    const station = await createVettedOrganisation(t.app, staffAdmin.token, 'police', 'Fyns Politi');
    const url = `/api/org-bike-search/bikes/${bikeId}/owner-contact`;
    const reveal = () => post(t.app, station.member.token, url, { case_number: '1200-80151-00077-26' });
    // Asked all at once, as from several instances: never more than the budget.
    const answers = await Promise.all(
      Array.from({ length: OWNER_CONTACT_REVEALS_PER_DAY + 3 }, () => reveal()),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(OWNER_CONTACT_REVEALS_PER_DAY);
    expect(statuses.filter((status) => status === 429)).toHaveLength(3);
    const refused = answers.find((answer) => answer.statusCode === 429);
    expect(refused?.json().code).toBe('read_budget_reached');
    expect((await reveal()).json().code).toBe('read_budget_reached');
    const events = await t.app.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.actorPartyId, station.member.partyId),
          eq(auditEvents.action, 'org_search.owner_contact_revealed'),
        ),
      );
    expect(events).toHaveLength(OWNER_CONTACT_REVEALS_PER_DAY);
    // The organisation's admin (here the officer's own organisation's only admin) is told once.
    const alerts = await mailsTo(t.app.db, station.member.email, 'read_budget_reached_owner_contact');
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.text).toContain('Fyns Politi');
    // Another officer's budget is their own.
    const other = await post(t.app, police.member.token, url, { case_number: '0100-80151-00012-26' });
    expect(other.statusCode, other.body).toBe(200);
  });

  it('writes to the owner through the register in a chat the owner can answer', async () => {
    const { owner, bikeId } = await stolenBike();
    const sent = await post(
      t.app,
      municipality.member.token,
      `/api/org-bike-search/bikes/${bikeId}/messages`,
      {
        content: 'Vi har fundet din cykel ved banegården.',
      },
    );
    expect(sent.statusCode, sent.body).toBe(201);
    const chatId: string = sent.json().chat_id;
    const chat = await get(t.app, owner.token, `/api/chats/${chatId}/messages`);
    expect(chat.statusCode, chat.body).toBe(200);
    expect(chat.body).toContain('Vi har fundet din cykel ved banegården.');
    // The organisation finds its chat again when it opens the bike.
    expect(
      (await get(t.app, municipality.member.token, `/api/org-bike-search/bikes/${bikeId}`)).json().chat_id,
    ).toBe(chatId);
    expect(
      await t.app.db
        .select({ details: auditEvents.details })
        .from(auditEvents)
        .where(
          and(
            eq(auditEvents.targetPartyId, owner.partyId),
            eq(auditEvents.action, 'org_search.owner_messaged'),
          ),
        ),
    ).toEqual([
      { details: { organisation_party_id: municipality.partyId, bike_id: bikeId, chat_id: chatId } },
    ]);
    expect(
      (
        await post(t.app, municipality.member.token, `/api/org-bike-search/bikes/${bikeId}/messages`, {
          content: ' ',
        })
      ).statusCode,
    ).toBe(422);
  });

  it('shows the police, and only the police, where a stolen bike was last locked in a dock (issue 28)', async () => {
    const { owner, bikeId, frameNumber } = await stolenBike();
    const calm = await ownerWithBike(t.app);
    const dock = await insertDockWithLock(t.app.db, {
      operatorPartyId: municipality.partyId,
      name: 'Rådhuspladsen',
      lockLabel: 'C7',
    });
    const lockedAt = new Date(Date.now() - 3 * 3600 * 1000);
    await backdateOwnership(t.app.db, bikeId, new Date(Date.now() - 30 * 24 * 3600 * 1000));
    await backdateOwnership(t.app.db, calm.bikeId, new Date(Date.now() - 30 * 24 * 3600 * 1000));
    await insertParking(t.app.db, { ...dock, partyId: owner.partyId, bikeId, lockedAt });
    await insertParking(t.app.db, {
      ...dock,
      partyId: calm.owner.partyId,
      bikeId: calm.bikeId,
      lockedAt: new Date(Date.now() - 7 * 24 * 3600 * 1000),
      unlockedAt: new Date(Date.now() - 6 * 24 * 3600 * 1000),
      unlockedBy: 'owner',
    });

    const byPolice = await get(t.app, police.member.token, `/api/org-bike-search/bikes/${bikeId}`);
    expect(byPolice.statusCode, byPolice.body).toBe(200);
    expect(byPolice.json<OrgBikeDetail>().last_dock_parking).toEqual({
      dock_id: dock.dockId,
      dock_name: 'Rådhuspladsen',
      street_address: 'Banegårdspladsen 1',
      town: 'Aarhus C',
      lock_label: 'C7',
      locked_at: lockedAt.toISOString(),
      unlocked_at: null,
    });
    expectNothingOfOwner(byPolice.body, owner);
    // Not stolen: where a bike stands is nobody's business, the police's neither.
    const calmByPolice = await get(t.app, police.member.token, `/api/org-bike-search/bikes/${calm.bikeId}`);
    expect(calmByPolice.json<OrgBikeDetail>().last_dock_parking).toBeNull();
    for (const member of [municipality.member, insurer.member]) {
      const opened = await get(t.app, member.token, `/api/org-bike-search/bikes/${bikeId}`);
      expect(opened.statusCode, opened.body).toBe(200);
      expect(opened.json<OrgBikeDetail>().last_dock_parking).toBeNull();
      expect(opened.body).not.toContain('Rådhuspladsen');
    }
    // The public search and the public view of the bike say nothing of docks.
    for (const url of [`/api/search?q=${encodeURIComponent(frameNumber)}`, `/api/bikes/${bikeId}/public`]) {
      const publicAnswer = await get(t.app, null, url);
      expect(publicAnswer.statusCode, publicAnswer.body).toBe(200);
      expect(publicAnswer.body).not.toContain('Rådhuspladsen');
      expect(publicAnswer.body).not.toContain(dock.dockId);
    }
  });
});

describe('the owner’s access log', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });

  afterAll(async () => {
    await t?.close();
  });

  it('shows exactly the look-ups of others, newest first, a page at a time, and is in the export', async () => {
    const staffAdmin = await signUpStaff(t.app, 'admin');
    const support = await signUpStaff(t.app, 'support');
    const police = await createVettedOrganisation(t.app, staffAdmin.token, 'police', 'Nordsjællands Politi');
    const owner = await signUpUser(t.app);
    const other = await signUpUser(t.app);
    const bike = await insertBike(t.app.db, { ownerPartyId: owner.partyId, frameNumber: 'LOG12345' });
    const otherBike = await insertBike(t.app.db, { ownerPartyId: other.partyId, frameNumber: 'LOG12346' });

    // The owner's own look-ups are not in their log (an officer who looks up their own bike at
    // work); someone else's bike is not in it either.
    expect((await get(t.app, owner.token, `/api/bikes/${bike.bikeId}`)).statusCode).toBe(200);
    const officersBike = await insertBike(t.app.db, {
      ownerPartyId: police.member.partyId,
      frameNumber: 'LOG12347',
    });
    expect(
      (await get(t.app, police.member.token, `/api/org-bike-search/bikes/${officersBike.bikeId}`)).statusCode,
    ).toBe(200);
    expect((await accessLog(t.app, police.member)).entries).toEqual([]);
    expect(
      (await get(t.app, police.member.token, `/api/org-bike-search/bikes/${otherBike.bikeId}`)).statusCode,
    ).toBe(200);
    // Support switches in (audited with the owner as target), then the police look 21 times.
    await switchInto(t.app, support.token, owner.partyId);
    for (let look = 0; look < 21; look += 1) {
      expect(
        (await get(t.app, police.member.token, `/api/org-bike-search/bikes/${bike.bikeId}`)).statusCode,
      ).toBe(200);
    }

    const first = await accessLog(t.app, owner);
    expect(first.entries).toHaveLength(20);
    expect(first.entries.every((entry) => entry.action === 'org_search.bike_viewed')).toBe(true);
    expect(first.next_cursor).toBe(first.entries.at(-1)?.id);
    const second = await accessLog(t.app, owner, first.next_cursor ?? undefined);
    expect(second.entries.map((entry) => [entry.action, entry.who, entry.organisation_name])).toEqual([
      ['org_search.bike_viewed', 'organisation', 'Nordsjællands Politi'],
      ['switch_user.start', 'staff', null],
    ]);
    expect(second.next_cursor).toBeNull();
    expect(JSON.stringify([first, second])).not.toContain(support.email);

    expect((await get(t.app, null, '/api/identities/me/access-log')).statusCode).toBe(401);
    // Staff switched into the account do not read it (and their switching in is itself in it).
    expect(
      (
        await get(
          t.app,
          await switchInto(t.app, support.token, owner.partyId),
          '/api/identities/me/access-log',
        )
      ).statusCode,
    ).toBe(403);
    expect((await get(t.app, owner.token, '/api/identities/me/access-log?cursor=nope')).statusCode).toBe(422);

    const exported = await get(t.app, owner.token, '/api/identities/me/export');
    expect(exported.statusCode).toBe(200);
    const data = JSON.parse(exported.body);
    expect(data.access_log).toHaveLength(23);
    expect(data.access_log[0]).toMatchObject({ who: 'staff', action: 'switch_user.start' });
    expect(data.access_log[1]).toMatchObject({
      who: 'organisation',
      organisation_name: 'Nordsjællands Politi',
    });
  });

  it('names the insurer of its own screens, tells staff’s reason, and leaves out actions that are no look-up', async () => {
    const staffAdmin = await signUpStaff(t.app, 'admin');
    const insurer = await createVettedOrganisation(
      t.app,
      staffAdmin.token,
      'insurance_company',
      'Log Forsikring A/S',
    );
    const owner = await signUpUser(t.app);
    const event = (
      action: Parameters<typeof recordAuditEvent>[1]['action'],
      actor: string,
      details: object,
    ) =>
      recordAuditEvent(t.app.db, {
        action,
        actorPartyId: actor,
        targetPartyId: owner.partyId,
        sessionId: null,
        details: { ...details },
      });
    await event('insurance.insured_bike_viewed', insurer.member.partyId, {
      insurer_party_id: insurer.partyId,
    });
    await event('bike.viewed_by_staff', staffAdmin.partyId, { reason: 'Ticket 4711: the owner asked us' });
    // Not look-ups: a staff grant and an organisation's own invitation are audited, not shown.
    await event('staff.grant', staffAdmin.partyId, {});
    await event('organisation.invitation_sent', insurer.member.partyId, {
      organisation_party_id: insurer.partyId,
    });
    const log = await accessLog(t.app, owner);
    expect(
      log.entries.map((entry) => [entry.action, entry.who, entry.organisation_name, entry.reason]),
    ).toEqual([
      ['bike.viewed_by_staff', 'staff', null, 'Ticket 4711: the owner asked us'],
      ['insurance.insured_bike_viewed', 'organisation', 'Log Forsikring A/S', null],
    ]);
  });
});
