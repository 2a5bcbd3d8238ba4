import type { BikeCategory, BikeVisibility } from '@nbr/domain/bikes';
import { CLUSTER_MAX_LEVEL, MAX_STACKED_BIKES, STOLEN_LIST_PAGE_SIZE } from '@nbr/domain/stolen-map';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bikeFiles } from '../../db/schema/bikes.ts';
import { theftReports } from '../../db/schema/theft.ts';
import { uuidv7 } from '../../platform/ids.ts';
import { insertBike } from '../../test/bike-helpers.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { bearer, signUpUser, type TestUser } from '../../test/identity-helpers.ts';
import { cellsQuery } from './stolen-bikes.repository.ts';

let t: TestApp;
let owner: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  [owner, stranger] = await Promise.all([signUpUser(t.app), signUpUser(t.app)]);
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.database.db;

interface StolenOptions {
  /** The rounded public place; null when only an address was given. */
  at: [longitude: number, latitude: number] | null;
  status?: 'draft' | 'submitted' | 'closed';
  bikeStatus?: 'stolen' | 'registered';
  stolenAt?: Date;
  region?: 'dk' | 'no';
  category?: BikeCategory;
  electric?: boolean;
  visibility?: BikeVisibility;
  brand?: string;
  model?: string;
  /** What the theft report says the bike looks like, where it differs from the registration. */
  reported?: { color: string; category: BikeCategory; electric: boolean };
}

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

/** A bike with a theft report, written directly (the wizard's submit is tested with its own routes). */
async function stolenBike(options: StolenOptions): Promise<string> {
  const region = options.region ?? 'dk';
  const category = options.category ?? 'city';
  const { bikeId } = await insertBike(db(), {
    ownerPartyId: owner.partyId,
    brand: options.brand ?? 'Kildemoes',
    model: options.model ?? 'Logic 2.0',
    color: 'blue',
    category,
    visibility: options.visibility ?? 'active',
    status: options.bikeStatus ?? 'stolen',
    region,
  });
  const status = options.status ?? 'submitted';
  await db()
    .insert(theftReports)
    .values({
      id: uuidv7(),
      bikeId,
      ownerPartyId: owner.partyId,
      status,
      // What the report holds but the map must never show.
      fields: {
        first_name: 'Henriette',
        last_name: 'Kvistgaard',
        email: 'henriette@example.test',
        street_address: 'Ribegade 47',
        ...(options.reported ? { bike_color: options.reported.color } : {}),
        location: options.at
          ? { longitude: options.at[0] + 0.00123, latitude: options.at[1] + 0.00234 }
          : null,
      },
      submittedAt: status === 'draft' ? null : new Date(),
      closedAt: status === 'closed' ? new Date() : null,
      closedReason: status === 'closed' ? 'found' : null,
      publicLongitude: options.at?.[0] ?? null,
      publicLatitude: options.at?.[1] ?? null,
      stolenAt: options.stolenAt ?? daysAgo(2),
      region,
      category: options.reported?.category ?? category,
      isElectric: options.reported?.electric ?? options.electric ?? false,
    });
  return bikeId;
}

interface MapAnswer {
  type: string;
  total: number;
  features: Array<{
    type: string;
    geometry: { type: string; coordinates: [number, number] };
    properties: Record<string, unknown> & { kind: 'bike' | 'cluster' };
  }>;
}

async function map(bbox: string, zoom: number, extra: Record<string, string> = {}, token?: string) {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/stolen-bikes',
    query: { bbox, zoom: String(zoom), ...extra },
    headers: token ? bearer(token) : {},
  });
  expect(response.statusCode, response.body).toBe(200);
  return { answer: response.json<MapAnswer>(), response };
}

const bikesOf = (answer: MapAnswer) =>
  answer.features.filter((feature) => feature.properties.kind === 'bike');
const clustersOf = (answer: MapAnswer) =>
  answer.features.filter((feature) => feature.properties.kind === 'cluster');

/** Each test works in its own stretch of the map so they never see each other's bikes. */
function area(longitude: number, latitude: number, size = 0.5): string {
  return [longitude - size, latitude - size, longitude + size, latitude + size].join(',');
}

describe('GET /api/stolen-bikes', () => {
  it('shows a stolen bike at its rounded place with public facts only, to anyone', async () => {
    const bikeId = await stolenBike({ at: [12.55, 55.69], brand: 'Christiania', model: 'Light' });
    for (const token of [undefined, owner.token, stranger.token]) {
      const { answer, response } = await map(area(12.55, 55.69), 12, {}, token);
      expect(response.headers['cache-control']).toBe('public, max-age=30');
      expect(answer.type).toBe('FeatureCollection');
      expect(answer.total).toBe(1);
      expect(answer.features).toEqual([
        {
          type: 'Feature',
          geometry: { type: 'Point', coordinates: [12.55, 55.69] },
          properties: {
            kind: 'bike',
            bike_id: bikeId,
            brand: 'Christiania',
            color: 'blue',
            category: 'city',
            is_electric: false,
            stolen_on: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
            thumbnail_url: null,
          },
        },
      ]);
      for (const secret of [
        'Henriette',
        'Kvistgaard',
        'henriette@',
        'Ribegade',
        '12.55123',
        '55.69234',
        'Light',
      ]) {
        expect(response.body).not.toContain(secret);
      }
    }
  });

  it('leaves out drafts, closed reports, bikes no longer stolen and reports without a place', async () => {
    await stolenBike({ at: [9.1, 56.1], status: 'draft', bikeStatus: 'registered' });
    await stolenBike({ at: [9.11, 56.1], status: 'closed', bikeStatus: 'registered' });
    await stolenBike({ at: [9.3, 56.1], status: 'submitted', bikeStatus: 'registered' });
    await stolenBike({ at: null });
    const shown = await stolenBike({ at: [9.13, 56.1] });
    const { answer } = await map(area(9.1, 56.1), 12);
    expect(bikesOf(answer).map((feature) => feature.properties.bike_id)).toEqual([shown]);
    expect(clustersOf(answer)).toEqual([]);
  });

  it('clusters nearby bikes when zoomed out and splits them at the expansion zoom', async () => {
    const places: Array<[number, number]> = [
      [10.2, 59.9],
      [10.21, 59.9],
      [10.25, 59.93],
      [10.4, 59.8],
    ];
    for (const place of places) await stolenBike({ at: place, region: 'no' });
    const { answer } = await map(area(10.3, 59.9, 2), 5);
    expect(answer.total).toBe(4);
    const [cluster] = clustersOf(answer);
    expect(clustersOf(answer)).toHaveLength(1);
    expect(bikesOf(answer)).toEqual([]);
    expect(cluster?.properties.point_count).toBe(4);
    const [longitude = 0, latitude = 0] = cluster?.geometry.coordinates ?? [];
    expect(longitude).toBeCloseTo((10.2 + 10.21 + 10.25 + 10.4) / 4, 3);
    expect(latitude).toBeCloseTo((59.9 + 59.9 + 59.93 + 59.8) / 4, 3);
    const expansion = Number(cluster?.properties.expansion_zoom);
    expect(expansion).toBeGreaterThan(5);
    expect(expansion).toBeLessThanOrEqual(CLUSTER_MAX_LEVEL);

    // One zoom short of the expansion zoom they are still one cluster; at it, they come apart.
    const before = await map(area(10.3, 59.9, 2), expansion - 0.5);
    expect(before.answer.features).toHaveLength(1);
    const after = await map(area(10.3, 59.9, 2), expansion);
    expect(after.answer.features.length).toBeGreaterThan(1);
    expect(after.answer.total).toBe(4);
    // Close enough, even neighbouring rounded places stand alone.
    const closest = await map('10.18,59.88,10.23,59.92', CLUSTER_MAX_LEVEL);
    expect(bikesOf(closest.answer).map((feature) => feature.geometry.coordinates)).toEqual(
      expect.arrayContaining([
        [10.2, 59.9],
        [10.21, 59.9],
      ]),
    );
    expect(closest.answer.features).toHaveLength(2);
  });

  it('stacks a few bikes at one rounded place into bike features at the closest zoom, and keeps many as a cluster', async () => {
    for (let index = 0; index < 3; index += 1) await stolenBike({ at: [8.45, 55.47] });
    const far = await map(area(8.45, 55.47), 9);
    expect(clustersOf(far.answer)).toEqual([
      expect.objectContaining({
        properties: { kind: 'cluster', point_count: 3, expansion_zoom: CLUSTER_MAX_LEVEL },
      }),
    ]);
    const close = await map(area(8.45, 55.47, 0.05), CLUSTER_MAX_LEVEL + 0.4);
    expect(bikesOf(close.answer)).toHaveLength(3);
    for (const feature of close.answer.features) expect(feature.geometry.coordinates).toEqual([8.45, 55.47]);

    for (let index = 0; index <= MAX_STACKED_BIKES; index += 1) await stolenBike({ at: [8.3, 55.2] });
    const crowded = await map(area(8.3, 55.2, 0.02), 15);
    expect(crowded.answer.features).toEqual([
      expect.objectContaining({
        properties: { kind: 'cluster', point_count: MAX_STACKED_BIKES + 1, expansion_zoom: 15 },
      }),
    ]);
  });

  it('filters by period, region, category and electric', async () => {
    const recent = await stolenBike({ at: [15.0, 69.0], region: 'no', category: 'cargo', electric: true });
    const lastSeason = await stolenBike({ at: [15.1, 69.0], region: 'no', stolenAt: daysAgo(100) });
    const longAgo = await stolenBike({ at: [15.2, 69.0], region: 'no', stolenAt: daysAgo(800) });
    const danish = await stolenBike({ at: [15.3, 69.0], region: 'dk', category: 'racer' });
    const bbox = area(15.15, 69.0);
    const ids = async (extra: Record<string, string>) =>
      bikesOf((await map(bbox, 12, extra)).answer)
        .map((feature) => feature.properties.bike_id)
        .sort();
    expect(await ids({})).toEqual([recent, lastSeason, longAgo, danish].sort());
    expect(await ids({ period: 'month' })).toEqual([recent, danish].sort());
    expect(await ids({ period: 'year' })).toEqual([recent, lastSeason, danish].sort());
    expect(await ids({ region: 'no' })).toEqual([recent, lastSeason, longAgo].sort());
    expect(await ids({ category: 'cargo' })).toEqual([recent]);
    expect(await ids({ electric: 'true' })).toEqual([recent]);
    expect(await ids({ electric: 'false', region: 'dk' })).toEqual([danish]);
  });

  it('shows the model and public thumbnail only of bikes their owners show in full', async () => {
    const shownFully = await stolenBike({ at: [11.0, 64.0], visibility: 'active', model: 'Open Model' });
    const limited = await stolenBike({ at: [11.1, 64.0], visibility: 'private', model: 'Hidden Model' });
    for (const bikeId of [shownFully, limited]) {
      for (const kind of ['public', 'private']) {
        await db()
          .insert(bikeFiles)
          .values({
            id: uuidv7(),
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
      }
    }
    const { answer, response } = await map(area(11.05, 64.0), 12);
    const byId = new Map(bikesOf(answer).map((feature) => [feature.properties.bike_id, feature.properties]));
    expect(byId.get(shownFully)?.thumbnail_url).toEqual(expect.stringContaining('/api/files/'));
    expect(byId.get(limited)?.thumbnail_url).toBeNull();
    expect(response.body.match(/\/api\/files\//g)).toHaveLength(1);

    const list = await t.app.inject({
      method: 'GET',
      url: '/api/stolen-bikes/list',
      query: { bbox: area(11.05, 64.0) },
    });
    const bikes = list.json<{ bikes: Array<Record<string, unknown>> }>().bikes;
    expect(bikes.find((bike) => bike.bike_id === shownFully)).toMatchObject({ model: 'Open Model' });
    expect(bikes.find((bike) => bike.bike_id === limited)).toMatchObject({
      model: null,
      thumbnail_url: null,
    });
  });

  it('clusters coarser for a box too big for its zoom, so the answer stays small', async () => {
    for (let index = 0; index < 6; index += 1) await stolenBike({ at: [20 + index * 0.5, 70.0] });
    const { answer } = await map('5,54,31,71', 14);
    expect(answer.features.length).toBeLessThan(4096);
    expect(clustersOf(answer).length).toBeGreaterThan(0);
  });

  it('keeps a coarse view as long as browsers may (30 s), while closer views are always fresh', async () => {
    // A corner of the map no other test uses.
    await stolenBike({ at: [45.0, 62.0] });
    const coarse = await map('40,60,50,64', 4);
    const close = await map('44.9,61.95,45.1,62.05', 12);
    await stolenBike({ at: [45.01, 62.01] });
    expect((await map('40,60,50,64', 4)).answer.total).toBe(coarse.answer.total);
    expect((await map('44.9,61.95,45.1,62.05', 12)).answer.total).toBe(close.answer.total + 1);
  });

  const invalid: Array<[Record<string, string>, string]> = [
    [{}, 'no box'],
    [{ bbox: '1,2,3' }, 'three numbers'],
    [{ bbox: 'a,b,c,d' }, 'not numbers'],
    [{ bbox: '10,50,5,60' }, 'west east of east'],
    [{ bbox: '10,50,12,95' }, 'a latitude beyond the pole'],
    [{ bbox: '10,50,12,60', zoom: '23' }, 'zoom too high'],
    [{ bbox: '10,50,12,60', zoom: 'x' }, 'zoom not a number'],
    [{ bbox: '10,50,12,60', zoom: '8', period: 'decade' }, 'unknown period'],
    [{ bbox: '10,50,12,60', zoom: '8', region: 'se' }, 'unknown region'],
    [{ bbox: '10,50,12,60', zoom: '8', category: 'tandem' }, 'unknown category'],
    [{ bbox: '10,50,12,60', zoom: '8', electric: 'yes' }, 'electric not true or false'],
  ];
  it.each(invalid)('answers 422 for %j (%s)', async (query) => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/stolen-bikes',
      query: { zoom: '8', ...query },
    });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json<{ detail: Array<{ msg: string }> }>().detail[0]?.msg).toBeTruthy();
    expect(response.headers['cache-control']).not.toBe('public, max-age=30');
  });

  it('reads the clusters through the map index', async () => {
    const plan = await db().transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const result = await tx.execute(
        sql`explain ${cellsQuery(
          {
            since: daysAgo(30),
            region: 'dk',
            category: 'city',
            electric: false,
            bbox: { minLon: 8, minLat: 54, maxLon: 13, maxLat: 58 },
          },
          0.001,
          100,
        )}`,
      );
      return (result as unknown as { rows: Array<{ 'QUERY PLAN': string }> }).rows
        .map((row) => row['QUERY PLAN'])
        .join('\n');
    });
    expect(plan, plan).toContain('theft_reports_map_idx');
    expect(plan, plan).not.toMatch(/Seq Scan/);
  });
});

describe('GET /api/stolen-bikes/list', () => {
  it('lists the stolen bikes newest theft first, a page at a time, with those without a place', async () => {
    const ids: string[] = [];
    for (let index = 0; index < STOLEN_LIST_PAGE_SIZE + 2; index += 1) {
      ids.push(await stolenBike({ at: null, region: 'no', category: 'bmx', stolenAt: daysAgo(3 + index) }));
    }
    const page = async (number: number) => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/stolen-bikes/list',
        query: { region: 'no', category: 'bmx', page: String(number) },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=30');
      return response.json<{
        bikes: Array<Record<string, unknown>>;
        total: number;
        page: number;
        page_size: number;
      }>();
    };
    const first = await page(1);
    expect(first).toMatchObject({
      total: STOLEN_LIST_PAGE_SIZE + 2,
      page: 1,
      page_size: STOLEN_LIST_PAGE_SIZE,
    });
    expect(first.bikes.map((bike) => bike.bike_id)).toEqual(ids.slice(0, STOLEN_LIST_PAGE_SIZE));
    expect(first.bikes[0]).toMatchObject({ location: null, region: 'no', category: 'bmx' });
    expect(Object.keys(first.bikes[0] ?? {}).sort()).toEqual(
      [
        'bike_id',
        'brand',
        'category',
        'color',
        'is_electric',
        'location',
        'model',
        'region',
        'stolen_on',
        'thumbnail_url',
      ].sort(),
    );
    const second = await page(2);
    expect(second.bikes.map((bike) => bike.bike_id)).toEqual(ids.slice(STOLEN_LIST_PAGE_SIZE));
    expect((await page(9)).bikes).toEqual([]);
  });

  it('keeps to the box when one is given and answers 422 for a bad page', async () => {
    const inside = await stolenBike({ at: [6.0, 62.0], region: 'no' });
    await stolenBike({ at: [7.5, 62.0], region: 'no' });
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/stolen-bikes/list',
      query: { bbox: area(6.0, 62.0) },
    });
    expect(response.json<{ bikes: Array<{ bike_id: string; location: unknown }> }>().bikes).toEqual([
      expect.objectContaining({ bike_id: inside, location: { latitude: 62, longitude: 6 } }),
    ]);
    const badQueries: Array<Record<string, string>> = [{ page: '0' }, { page: 'two' }, { bbox: '1,2' }];
    for (const query of badQueries) {
      const bad = await t.app.inject({ method: 'GET', url: '/api/stolen-bikes/list', query });
      expect(bad.statusCode, JSON.stringify(query)).toBe(422);
    }
  });
});

describe('GET /api/stolen-bikes/{bike_id}', () => {
  it('shows what the bike looks like by its theft report: colour, kind and electric (issue 27)', async () => {
    const reported = await stolenBike({
      at: [12.55, 55.69],
      reported: { color: 'red', category: 'cargo', electric: true },
    });
    const response = await t.app.inject({ method: 'GET', url: `/api/stolen-bikes/${reported}` });
    expect(response.json()).toMatchObject({ color: 'red', category: 'cargo', is_electric: true });
    const { answer } = await map('12.5,55.6,12.6,55.7', 14);
    expect(
      bikesOf(answer).find((feature) => feature.properties.bike_id === reported)?.properties,
    ).toMatchObject({
      color: 'red',
      category: 'cargo',
      is_electric: true,
    });
  });

  it('answers a stolen bike to anyone, and the same 404 for a bike not stolen, a draft, a closed report, an unknown or malformed id', async () => {
    const stolen = await stolenBike({ at: [10.75, 59.91], region: 'no', brand: 'DBS' });
    for (const token of [undefined, owner.token, stranger.token]) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/stolen-bikes/${stolen}`,
        headers: token ? bearer(token) : {},
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({
        bike_id: stolen,
        brand: 'DBS',
        model: 'Logic 2.0',
        color: 'blue',
        category: 'city',
        is_electric: false,
        stolen_on: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        thumbnail_url: null,
        region: 'no',
        location: { latitude: 59.91, longitude: 10.75 },
      });
    }
    const notStolen = (await insertBike(db(), { ownerPartyId: owner.partyId })).bikeId;
    const draft = await stolenBike({ at: [10.0, 59.0], status: 'draft', bikeStatus: 'registered' });
    const closed = await stolenBike({ at: [10.0, 59.0], status: 'closed', bikeStatus: 'registered' });
    const notFound = [notStolen, draft, closed, uuidv7(), 'not-a-uuid'];
    const bodies = new Set<string>();
    for (const bikeId of notFound) {
      for (const token of [undefined, owner.token]) {
        const response = await t.app.inject({
          method: 'GET',
          url: `/api/stolen-bikes/${bikeId}`,
          headers: token ? bearer(token) : {},
        });
        expect(response.statusCode, bikeId).toBe(404);
        expect(response.headers['cache-control']).not.toBe('public, max-age=30');
        bodies.add(response.body);
      }
    }
    expect(bodies.size).toBe(1);
  });
});

describe('GET /api/stolen-bikes/map-configuration', () => {
  it('answers null when no style URL is configured (the offline basemap)', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/stolen-bikes/map-configuration' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ style_url: null });
  });

  it('answers the configured style URL', async () => {
    const configured = await createTestApp({
      env: { MAP_STYLE_URL: 'https://tiles.example.test/style.json' },
    });
    try {
      const response = await configured.app.inject({
        method: 'GET',
        url: '/api/stolen-bikes/map-configuration',
      });
      expect(response.json()).toEqual({ style_url: 'https://tiles.example.test/style.json' });
    } finally {
      await configured.close();
    }
  });
});
