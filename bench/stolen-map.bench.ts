/**
 * The public stolen-bike map at scale on a real listening server: BENCH_STOLEN (default 100,000)
 * submitted theft reports spread over Denmark and Norway (most around the big towns, the rest across
 * the land, at the public 0.01° places), then the map's GeoJSON for a desktop window (1280×800 px)
 * at zooms 4, 7, 10 and 13, a filtered view, the list's first and a deep page, and one bike's page.
 *
 *   npx tsx bench/stolen-map.bench.ts                                  # PGlite in a temporary directory
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/stolen-map.bench.ts
 *
 * Prints EXPLAIN ANALYZE of the cluster query, req/s, p50/p99 latency and answer sizes; never fails
 * on timing.
 */
import { performance } from 'node:perf_hooks';
import {
  type Bbox,
  latitudeOfMercatorY,
  longitudeOfMercatorX,
  MAP_TILE_SIZE,
  mapGrid,
  mercatorX,
  mercatorY,
} from '@nbr/domain/stolen-map';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { cellsQuery } from '../apps/api/src/modules/theft/stolen-bikes.repository.ts';
import { CONNECTIONS, DURATION_SECONDS, startBenchServer } from './support/bench-server.ts';

/** BENCH_SCENARIOS=0 loads and explains only. */
const RUN_SCENARIOS = process.env.BENCH_SCENARIOS !== '0';
const STOLEN = Number(process.env.BENCH_STOLEN ?? 100_000);

const server = await startBenchServer();
const { address, database } = server;

// Towns and how many of the thefts happen around them (the rest anywhere on the land boxes below).
const TOWNS: Array<[name: string, longitude: number, latitude: number, share: number]> = [
  ['København', 12.57, 55.68, 0.3],
  ['Aarhus', 10.2, 56.15, 0.08],
  ['Odense', 10.39, 55.4, 0.05],
  ['Aalborg', 9.92, 57.05, 0.03],
  ['Oslo', 10.75, 59.91, 0.15],
  ['Bergen', 5.32, 60.39, 0.05],
  ['Trondheim', 10.4, 63.43, 0.04],
  ['Stavanger', 5.73, 58.97, 0.03],
  ['Tromsø', 18.96, 69.65, 0.02],
];
const inTowns = TOWNS.reduce((sum, [, , , share]) => sum + share, 0);
let cumulative = 0;
/** A town index picked by a random number r in [0, 1), weighted by the towns' shares. */
const townOf = (r: string) =>
  `case ${TOWNS.map(([, , , share], index) => {
    cumulative += share / inTowns;
    return `when ${r} < ${cumulative.toFixed(4)} then ${index}`;
  }).join(' ')} else ${TOWNS.length - 1} end`;
const townRows = TOWNS.map(([, longitude, latitude], index) => `(${index}, ${longitude}, ${latitude})`).join(
  ', ',
);

const id = (group: string, n: string) =>
  `('00000000-0000-7000-${group}-' || lpad(to_hex(${n}), 12, '0'))::uuid`;
const started = performance.now();
// Inserted in SQL: submitting each through the wizard would measure the write path, not the map.
await database.exec(`
  select setseed(0.42);
  insert into parties (id, kind) values (${id('a000', '1')}, 'person');
  create temporary table towns (n int, lon float8, lat float8);
  insert into towns values ${townRows};
  create temporary table places as
    select n,
           case when n % 10 < 7 then 'town' else 'land' end as kind,
           random() as r1, random() as r2, random() as r3, random() as r4, random() as r5, random() as r6
      from generate_series(1, ${STOLEN}) as n;
  create temporary table spots as
    select p.n,
           round((case when p.kind = 'town'
                  then t.lon + (p.r1 + p.r2 - 1) * 0.25
                  else case when p.r3 < 0.45 then 8.2 + p.r1 * 4.4 else 5.5 + p.r1 * 12 end end)::numeric, 2)::float8 as lon,
           round((case when p.kind = 'town'
                  then t.lat + (p.r2 + p.r4 - 1) * 0.12
                  else case when p.r3 < 0.45 then 54.9 + p.r2 * 2.6 else 58.2 + p.r2 * 6 end end)::numeric, 2)::float8 as lat,
           case when p.r3 < 0.45 or (p.kind = 'town' and t.lat < 58) then 'dk' else 'no' end as region,
           p.r5
      from places p
      join towns t on t.n = ${townOf('p.r6')};
  insert into bikes (id, owner_party_id, nickname, brand, color, category, is_electric, currency, visibility,
                     status, region)
    select ${id('b000', 'n')}, ${id('a000', '1')}, 'Bike ' || n,
           (array['Kildemoes', 'Christiania', 'DBS', 'Trek', 'Cube', 'Batavus'])[1 + n % 6],
           (array['black', 'blue', 'red', 'gray', 'white', 'green'])[1 + n % 6],
           (array['city', 'road', 'cargo', 'mountainTour', 'hybrid', 'folding'])[1 + n % 6],
           n % 4 = 0, case when region = 'dk' then 'DKK' else 'NOK' end,
           case when n % 3 = 0 then 'searchable' else 'active' end, 'stolen', region
      from spots;
  insert into theft_reports (id, bike_id, owner_party_id, status, submitted_at, public_latitude, public_longitude,
                             stolen_at, region, category, is_electric)
    select ${id('c000', 'n')}, ${id('b000', 'n')}, ${id('a000', '1')}, 'submitted', now(),
           case when n % 20 = 0 then null else lat end, case when n % 20 = 0 then null else lon end,
           now() - (r5 * 3 * 365 || ' days')::interval, region,
           (array['city', 'road', 'cargo', 'mountainTour', 'hybrid', 'folding'])[1 + n % 6], n % 4 = 0
      from spots;
`);
// As autovacuum would soon after: statistics, and the visibility map index-only scans rely on.
await database.exec('vacuum analyze theft_reports');
await database.exec('vacuum analyze bikes');
const loadSeconds = ((performance.now() - started) / 1000).toFixed(1);

/** The box a 1280×800 px window shows around a place at a zoom (MapLibre's 512 px tiles). */
function view(longitude: number, latitude: number, zoom: number, width = 1280, height = 800): Bbox {
  const world = MAP_TILE_SIZE * 2 ** zoom;
  const x = mercatorX(longitude);
  const y = mercatorY(latitude);
  return {
    minLon: Math.max(-180, longitudeOfMercatorX(x - width / 2 / world)),
    maxLon: Math.min(180, longitudeOfMercatorX(x + width / 2 / world)),
    minLat: latitudeOfMercatorY(y + height / 2 / world),
    maxLat: latitudeOfMercatorY(y - height / 2 / world),
  };
}
const bboxParam = (box: Bbox) =>
  [box.minLon, box.minLat, box.maxLon, box.maxLat].map((value) => value.toFixed(5)).join(',');

interface Scenario {
  name: string;
  url: string;
}
const mapViews: Array<[string, number, number, number, string]> = [
  ['zoom 4, Denmark and Norway', 15, 63, 4, ''],
  ['zoom 7, Zealand', 12.0, 55.6, 7, ''],
  ['zoom 10, Copenhagen', 12.57, 55.68, 10, ''],
  ['zoom 13, Copenhagen centre', 12.57, 55.68, 13, ''],
  ['zoom 7, e-bikes this year', 12.0, 55.6, 7, '&period=year&electric=true'],
];
const scenarios: Scenario[] = [
  { name: 'GET /api/health', url: `${address}/api/health` },
  ...mapViews.map(([name, longitude, latitude, zoom, extra]) => ({
    name: `map ${name}`,
    url: `${address}/api/stolen-bikes?bbox=${bboxParam(view(longitude, latitude, zoom))}&zoom=${zoom}${extra}`,
  })),
  { name: 'list, page 1', url: `${address}/api/stolen-bikes/list` },
  { name: 'list, page 1000', url: `${address}/api/stolen-bikes/list?page=1000` },
  { name: 'one bike', url: `${address}/api/stolen-bikes/00000000-0000-7000-b000-000000000021` },
];

console.log(
  `database: ${database.kind}; ${STOLEN} stolen bikes loaded in ${loadSeconds} s; ` +
    `${CONNECTIONS} connections, ${DURATION_SECONDS} s per scenario; node ${process.version}`,
);

// The cluster query's plan for the widest and a close view.
for (const [name, longitude, latitude, zoom] of [mapViews[0], mapViews[2]].filter(
  (entry) => entry !== undefined,
)) {
  const grid = mapGrid(view(longitude, latitude, zoom), zoom);
  const filter = { since: null, region: undefined, category: undefined, electric: undefined, bbox: grid.box };
  const result = await database.db.execute(
    sql`explain (analyze, buffers) ${cellsQuery(filter, grid.cell, 5000)}`,
  );
  const plan = (result as unknown as { rows: Array<{ 'QUERY PLAN': string }> }).rows;
  console.log(`\ncluster query, map ${name}:\n${plan.map((row) => row['QUERY PLAN']).join('\n')}`);
}

const rows = [];
for (const scenario of RUN_SCENARIOS ? scenarios : []) {
  const sample = await fetch(scenario.url);
  const body = await sample.text();
  const features = body.startsWith('{"type":"FeatureCollection"')
    ? (JSON.parse(body) as { features: Array<{ properties: { kind: string } }> }).features
    : null;
  const result = await autocannon({
    url: scenario.url,
    connections: CONNECTIONS,
    duration: DURATION_SECONDS,
  });
  rows.push({
    scenario: scenario.name,
    status: sample.status,
    'answer kB': Math.round(Buffer.byteLength(body) / 100) / 10,
    clusters: features?.filter((feature) => feature.properties.kind === 'cluster').length ?? '',
    bikes: features?.filter((feature) => feature.properties.kind === 'bike').length ?? '',
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    'non-2xx': result.non2xx,
  });
}
console.table(rows);

// BENCH_KEEP=1 leaves the PostgreSQL schema for looking at plans by hand.
const keepSchema = process.env.BENCH_KEEP === '1';
await server.close({ keepSchema });
if (keepSchema && server.schema) console.log(`kept schema ${server.schema}`);
