import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bikeFiles } from '../../db/schema/bikes.ts';
import { identities } from '../../db/schema/identity.ts';
import { uuidv7 } from '../../platform/ids.ts';
import { insertBike, uniqueStickerCode } from '../../test/bike-helpers.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { signUpUser, type TestUser } from '../../test/identity-helpers.ts';
import { candidatesQuery } from './search.repository.ts';

let t: TestApp;
let owner: TestUser;
const OWNER = {
  firstName: 'Henriette',
  lastName: 'Kvistgaard',
  streetAddress: 'Ribegade 47',
  city: 'Esbjerg',
  mobile: '+4522334455',
};

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_SEARCH_PER_MINUTE: '1000' } });
  owner = await signUpUser(t.app);
  await t.database.db.update(identities).set(OWNER).where(eq(identities.partyId, owner.partyId));
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.database.db;

async function search(q: string) {
  const response = await t.app.inject({ method: 'GET', url: '/api/search', query: { q } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ query: string; results: Array<Record<string, unknown>> }>();
}

async function addPicture(bikeId: string, kind: string): Promise<string> {
  const id = uuidv7();
  await db()
    .insert(bikeFiles)
    .values({
      id,
      bikeId,
      fileClass: 'picture',
      kind,
      storageKey: `bikes/${bikeId}/${kind}.webp`,
      thumbnailKey: `bikes/${bikeId}/${kind}.thumb.webp`,
      contentType: 'image/webp',
      size: 100,
      fileName: `${kind}.webp`,
      uploadedByPartyId: owner.partyId,
    });
  return id;
}

describe('GET /api/search', () => {
  it('finds a bike by its frame number typed in another case with spaces and dashes', async () => {
    const { bikeId } = await insertBike(db(), {
      ownerPartyId: owner.partyId,
      frameNumber: 'WDA 10528-K',
      brand: 'Kildemoes',
      model: 'Logic 3',
      color: 'blue',
      category: 'city',
    });
    const answer = await search('  wda-105 28 k ');
    expect(answer).toEqual({
      query: 'wda-105 28 k',
      results: [
        {
          match: 'exact',
          identifier: 'frame_number',
          matched_value: 'WDA 10528-K',
          bike_id: bikeId,
          status: 'registered',
          brand: 'Kildemoes',
          model: 'Logic 3',
          color: 'blue',
          category: 'city',
          picture_url: null,
          thumbnail_url: null,
        },
      ],
    });
  });

  it.each([
    ['O for 0', 'WDA 1O528-K'],
    ['I for 1', 'WDA I0528-K'],
    ['l for 1', 'wda l0528-k'],
    ['S for 5', 'WDA10S28K'],
    ['Z for 2', 'WDA105Z8K'],
    ['B for 8', 'WDA1052B K'],
    ['all of them with separators', 'wda-io.5zb k'],
  ])('finds it by look-alike characters (%s)', async (_, typed) => {
    const answer = await search(typed);
    expect(answer.results).toEqual([
      expect.objectContaining({
        match: 'look_alike',
        identifier: 'frame_number',
        matched_value: 'WDA 10528-K',
      }),
    ]);
  });

  it('lists exact matches before look-alike ones, each bike once', async () => {
    const digits = await insertBike(db(), { ownerPartyId: owner.partyId, frameNumber: 'XKR-10528' });
    const letters = await insertBike(db(), { ownerPartyId: owner.partyId, frameNumber: 'XKR-IO5Z8' });
    const answer = await search('xkrio5z8');
    expect(answer.results.map((hit) => [hit.bike_id, hit.match])).toEqual([
      [letters.bikeId, 'exact'],
      [digits.bikeId, 'look_alike'],
    ]);
  });

  it('finds a bike by its plate ID, exactly and by look-alike characters', async () => {
    const plate = uniqueStickerCode();
    const { bikeId } = await insertBike(db(), {
      ownerPartyId: owner.partyId,
      frameNumber: 'PLT77341',
      plateId: plate,
    });
    const spaced = `${plate.slice(0, 4).toLowerCase()} ${plate.slice(4).toLowerCase()}`;
    expect((await search(spaced)).results).toEqual([
      expect.objectContaining({
        match: 'exact',
        identifier: 'plate_id',
        matched_value: plate,
        bike_id: bikeId,
      }),
    ]);

    // A sticker of an older series, printed with characters that look alike.
    const legacy = await insertBike(db(), { ownerPartyId: owner.partyId, plateId: 'LEG-0518' });
    expect((await search('leg-0518')).results).toEqual([
      expect.objectContaining({ match: 'exact', identifier: 'plate_id', bike_id: legacy.bikeId }),
    ]);
    expect((await search('LEG O5IB')).results).toEqual([
      expect.objectContaining({
        match: 'look_alike',
        identifier: 'plate_id',
        matched_value: 'LEG0518',
        bike_id: legacy.bikeId,
      }),
    ]);
  });

  it('does not find a private bike', async () => {
    await insertBike(db(), { ownerPartyId: owner.partyId, frameNumber: 'PRV55012', visibility: 'private' });
    expect((await search('PRV55012')).results).toEqual([]);
    expect((await search('PRV5SOI2')).results).toEqual([]);
  });

  it('finds a private bike reported stolen, with what a finder needs and no model or picture', async () => {
    const { bikeId } = await insertBike(db(), {
      ownerPartyId: owner.partyId,
      frameNumber: 'STL90210',
      visibility: 'private',
      status: 'stolen',
      brand: 'Centurion',
      model: 'Backfire',
      color: 'red',
      category: 'mountainTour',
    });
    await addPicture(bikeId, 'public');
    expect((await search('STL90210')).results).toEqual([
      {
        match: 'exact',
        identifier: 'frame_number',
        matched_value: 'STL90210',
        bike_id: bikeId,
        status: 'stolen',
        brand: 'Centurion',
        model: null,
        color: 'red',
        category: 'mountainTour',
        picture_url: null,
        thumbnail_url: null,
      },
    ]);
  });

  it('shows a searchable bike without its model and picture, an active one with both', async () => {
    const searchable = await insertBike(db(), {
      ownerPartyId: owner.partyId,
      frameNumber: 'SRC40001',
      visibility: 'searchable',
      brand: 'Winther',
      model: 'Cargoo',
      category: 'cargo',
      color: 'green',
    });
    await addPicture(searchable.bikeId, 'public');
    expect((await search('SRC40001')).results).toEqual([
      expect.objectContaining({
        brand: 'Winther',
        model: null,
        category: 'cargo',
        color: 'green',
        picture_url: null,
        thumbnail_url: null,
      }),
    ]);

    const active = await insertBike(db(), {
      ownerPartyId: owner.partyId,
      frameNumber: 'ACT40002',
      brand: 'Winther',
      model: 'Wallaroo',
    });
    const framePicture = await addPicture(active.bikeId, 'frame_number');
    expect((await search('ACT40002')).results).toEqual([
      expect.objectContaining({ model: 'Wallaroo', picture_url: null, thumbnail_url: null }),
    ]);
    const publicPicture = await addPicture(active.bikeId, 'public');
    const [hit] = (await search('ACT40002')).results;
    expect(hit?.picture_url).toEqual(expect.stringContaining(publicPicture));
    expect(hit?.thumbnail_url).toEqual(expect.stringContaining(publicPicture));
    expect(JSON.stringify(hit)).not.toContain(framePicture);
  });

  it('answers nothing of the owner', async () => {
    const plate = uniqueStickerCode();
    const { bikeId, ownershipId } = await insertBike(db(), {
      ownerPartyId: owner.partyId,
      nickname: 'Henriettes hverdagscykel',
      frameNumber: 'OWN31337',
      plateId: plate,
      brand: 'Principia',
    });
    await addPicture(bikeId, 'public');
    await addPicture(bikeId, 'private');
    for (const q of ['OWN31337', plate]) {
      const response = await t.app.inject({ method: 'GET', url: '/api/search', query: { q } });
      expect(response.json().results).toHaveLength(1);
      const body = response.body.toLowerCase();
      for (const secret of [
        owner.email,
        owner.partyId,
        ownershipId,
        'Henriettes hverdagscykel',
        'private.webp',
        ...Object.values(OWNER),
      ]) {
        expect(body).not.toContain(secret.toLowerCase());
      }
    }
  });

  it('answers no result for a query too short to be an identifier, and 422 for an empty one', async () => {
    await insertBike(db(), { ownerPartyId: owner.partyId, frameNumber: 'AB12' });
    expect(await search('ab-1.2')).toEqual({ query: 'ab-1.2', results: [] });
    expect(await search('nothing-registered-here')).toEqual({
      query: 'nothing-registered-here',
      results: [],
    });
    // Characters no frame or sticker shows, a NUL byte among them: no result, never a 500.
    expect(await search('WDA1234\u0000Z')).toEqual({ query: 'WDA1234\u0000Z', results: [] });
    expect(await search('WDA<1234>Z')).toEqual({ query: 'WDA<1234>Z', results: [] });
    const empty = await t.app.inject({ method: 'GET', url: '/api/search', query: { q: '   ' } });
    expect(empty.statusCode).toBe(422);
    const missing = await t.app.inject({ method: 'GET', url: '/api/search' });
    expect(missing.statusCode).toBe(422);
  });

  it('answers at most ten bikes', async () => {
    // Twelve frame numbers that fold to the same look-alike key 'LIM1111155'.
    const variants = ['1', 'I', 'L'];
    const numbers = new Set<string>();
    for (const a of variants)
      for (const b of variants) for (const c of variants) numbers.add(`LIM${a}${b}${c}1155`);
    for (const frameNumber of [...numbers].slice(0, 12)) {
      await insertBike(db(), { ownerPartyId: owner.partyId, frameNumber });
    }
    const answer = await search('LIM1111155');
    expect(answer.results).toHaveLength(10);
    expect(answer.results[0]).toMatchObject({ match: 'exact', matched_value: 'LIM1111155' });
  });

  it('finds each candidate through an index', async () => {
    const plan = await db().transaction(async (tx) => {
      // On a table this small a scan is cheapest; forbid it to see which index serves each lookup.
      await tx.execute(sql`set local enable_seqscan = off`);
      const result = await tx.execute(sql`explain ${candidatesQuery('WDA10528K', 'WDA10528K', 10)}`);
      return (result as unknown as { rows: Array<{ 'QUERY PLAN': string }> }).rows
        .map((row) => row['QUERY PLAN'])
        .join('\n');
    });
    for (const index of [
      'bikes_frame_number_key',
      'stickers_pkey',
      'bikes_frame_number_look_alike_idx',
      'stickers_look_alike_idx',
      'bikes_pkey',
      'bike_files_bike_idx',
    ]) {
      expect(plan, plan).toContain(index);
    }
    expect(plan).not.toMatch(/Seq Scan/);
  });
});

describe('GET /api/search rate limit', () => {
  it('refuses an address that searches more than RATE_LIMIT_SEARCH_PER_MINUTE times a minute', async () => {
    const limited = await createTestApp({ env: { RATE_LIMIT_SEARCH_PER_MINUTE: '3' } });
    try {
      const statuses = [];
      for (let index = 0; index < 4; index += 1) {
        const response = await limited.app.inject({ method: 'GET', url: '/api/search?q=WDA10528K' });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
      // Other routes keep their own budget.
      expect((await limited.app.inject({ method: 'GET', url: '/api/identities/region' })).statusCode).toBe(
        200,
      );
    } finally {
      await limited.close();
    }
  });
});
