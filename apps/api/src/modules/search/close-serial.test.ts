import { closeSerialTokens, type StaffCloseSerialResponse } from '@nbr/domain/close-serial';
import type { OrgBikeSearchResponse } from '@nbr/domain/org-search';
import type { SearchResponse } from '@nbr/domain/search';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bikes } from '../../db/schema/bikes.ts';
import { insertBike } from '../../test/bike-helpers.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { bearer, signUpUser, type TestUser } from '../../test/identity-helpers.ts';
import {
  createVettedOrganisation,
  signUpStaff,
  type TestVettedOrganisation,
} from '../../test/organisation-helpers.ts';

/*
 * Close-serial search (issue 32 §3): the police (an option of /org-bike-search) and our staff
 * (/backoffice/close-serial-search) find frame numbers within edit distance 2 of what they typed,
 * closest and same-prefix first; nobody else may, and the public search never does.
 */

function get(app: FastifyInstance, token: string | null, url: string) {
  return app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
}

describe('close-serial search', () => {
  let t: TestApp;
  let police: TestVettedOrganisation;
  let municipality: TestVettedOrganisation;
  let staff: TestUser;
  let owner: TestUser;
  const ids = new Map<string, string>();

  beforeAll(async () => {
    t = await createTestApp();
    const staffAdmin = await signUpStaff(t.app, 'admin');
    staff = await signUpStaff(t.app, 'support');
    police = await createVettedOrganisation(t.app, staffAdmin.token, 'police', 'Fyns Politi');
    municipality = await createVettedOrganisation(t.app, staffAdmin.token, 'municipality', 'Odense Kommune');
    owner = await signUpUser(t.app);
    // The typed number is CSQ0012345Y; these are 0, 1, 1, 2, 2 and 3 edits away.
    for (const frameNumber of [
      'CSQ0012345Y',
      'CSQ0012346Y',
      'XSQ0012345Y',
      'CSQ0012354Y',
      'CSQ012345',
      'CSQ0098745Y',
    ]) {
      const bike = await insertBike(t.database.db, {
        ownerPartyId: owner.partyId,
        frameNumber,
        visibility: 'active',
      });
      ids.set(frameNumber, bike.bikeId);
    }
  });

  afterAll(async () => {
    await t?.close();
  });

  it('gives the police every frame number within distance 2, closest and same-prefix first, with why', async () => {
    const response = await get(t.app, police.member.token, '/api/org-bike-search?q=csq-0012345y&close=yes');
    expect(response.statusCode, response.body).toBe(200);
    const { results } = response.json<OrgBikeSearchResponse>();
    expect(results.map((hit) => [hit.frame_number, hit.close_match])).toEqual([
      ['CSQ0012345Y', { distance: 0, shared_prefix: 11 }],
      ['CSQ0012346Y', { distance: 1, shared_prefix: 9 }],
      ['XSQ0012345Y', { distance: 1, shared_prefix: 0 }],
      ['CSQ0012354Y', { distance: 2, shared_prefix: 8 }],
      ['CSQ012345', { distance: 2, shared_prefix: 4 }],
    ]);
    // Without the option the same search stays exact and look-alike.
    const exact = await get(t.app, police.member.token, '/api/org-bike-search?q=CSQ0012346Z');
    expect(exact.json<OrgBikeSearchResponse>().results).toEqual([]);
    // The other criteria narrow the close serials.
    const stolen = await get(
      t.app,
      police.member.token,
      '/api/org-bike-search?q=CSQ0012345Y&close=yes&stolen=yes',
    );
    expect(stolen.json<OrgBikeSearchResponse>().results).toEqual([]);
  });

  it('asks for a frame number to compare with', async () => {
    const noQuery = await get(t.app, police.member.token, '/api/org-bike-search?close=yes&stolen=yes');
    expect(noQuery.statusCode).toBe(422);
    const tooShort = await get(t.app, police.member.token, '/api/org-bike-search?q=ab1&close=yes');
    expect(tooShort.statusCode).toBe(422);
    expect(tooShort.body).toContain('identifier_too_short');
  });

  it('refuses close serials to other organisations, people and visitors', async () => {
    const other = await get(t.app, municipality.member.token, '/api/org-bike-search?q=CSQ0012345Y&close=yes');
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ code: 'close_serial_search_police_only' });
    const person = await get(t.app, owner.token, '/api/org-bike-search?q=CSQ0012345Y&close=yes');
    expect(person.statusCode).toBe(403);
    expect((await get(t.app, null, '/api/org-bike-search?q=CSQ0012345Y&close=yes')).statusCode).toBe(401);
  });

  it('gives our staff the close serials with their distance, and nobody else', async () => {
    const response = await get(t.app, staff.token, '/api/backoffice/close-serial-search?q=CSQ0012345Y');
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<StaffCloseSerialResponse>();
    expect(body.results.map((hit) => [hit.frame_number, hit.distance])).toEqual([
      ['CSQ0012345Y', 0],
      ['CSQ0012346Y', 1],
      ['XSQ0012345Y', 1],
      ['CSQ0012354Y', 2],
      ['CSQ012345', 2],
    ]);
    expect(body.truncated).toBe(false);
    for (const token of [owner.token, police.member.token]) {
      expect((await get(t.app, token, '/api/backoffice/close-serial-search?q=CSQ0012345Y')).statusCode).toBe(
        403,
      );
    }
    expect((await get(t.app, null, '/api/backoffice/close-serial-search?q=CSQ0012345Y')).statusCode).toBe(
      401,
    );
  });

  it('never gives close serials in the public search, whatever it is asked', async () => {
    for (const url of [
      '/api/search?q=CSQ0012347Y',
      '/api/search?q=CSQ0012347Y&close=yes',
      '/api/search?q=XSQ0012346Y',
    ]) {
      const response = await get(t.app, owner.token, url);
      expect([200, 422]).toContain(response.statusCode);
      if (response.statusCode === 200) expect(response.json<SearchResponse>().results).toEqual([]);
      const visitor = await get(t.app, null, url);
      if (visitor.statusCode === 200) expect(visitor.json<SearchResponse>().results).toEqual([]);
    }
  });

  it('keeps the keys right on every write of a frame number: insert, change, removal, deletion', async () => {
    const tokens = async (bikeId: string) => {
      const result = (await t.database.db.execute(
        sql`select token from bike_close_serial_keys where bike_id = ${bikeId} order by token`,
      )) as unknown as { rows: Array<{ token: string }> };
      return result.rows.map((row) => row.token).sort();
    };
    // The database cuts keys as the domain does.
    expect(await tokens(ids.get('CSQ0012345Y') ?? '')).toEqual([...closeSerialTokens('CSQ0012345Y')].sort());
    const bike = await insertBike(t.database.db, { ownerPartyId: owner.partyId, frameNumber: 'IMP7654321K' });
    const found = await get(t.app, staff.token, '/api/backoffice/close-serial-search?q=IMP7654312K');
    expect(found.json<StaffCloseSerialResponse>().results).toMatchObject([
      { frame_number: 'IMP7654321K', distance: 2 },
    ]);
    const bikeId = bike.bikeId;
    await t.database.db
      .update(bikes)
      .set({ frameNumber: 'NEW1111111A', frameNumberKey: 'NEW1111111A', frameNumberLookAlike: 'NEW1111111A' })
      .where(eq(bikes.id, bikeId));
    expect(await tokens(bikeId)).toEqual([...closeSerialTokens('NEW1111111A')].sort());
    await t.database.db.update(bikes).set({ frameNumberKey: null }).where(eq(bikes.id, bikeId));
    expect(await tokens(bikeId)).toEqual([]);
    await t.database.db.update(bikes).set({ frameNumberKey: 'NEW1111111A' }).where(eq(bikes.id, bikeId));
    expect(await tokens(bikeId)).toEqual([...closeSerialTokens('NEW1111111A')].sort());
    await t.database.db.execute(sql`delete from bike_ownerships where bike_id = ${bikeId}`);
    await t.database.db.delete(bikes).where(eq(bikes.id, bikeId));
    expect(await tokens(bikeId)).toEqual([]);
  });
});
