/**
 * "Possibly yours" (issue 32 §2): how well found bikes meet stolen reports, measured on a generated
 * register. Loads N bikes (default 1,000,000, a tenth of them stolen: 100,000) into PostgreSQL
 * through the product's bulk import (importBikes: identifier keys, close-serial keys by trigger,
 * plates), gives every stolen bike a submitted theft report (one SQL statement, the columns a
 * submission leaves: when, where rounded, region, category), then asks the product's matcher
 * (findFoundMatchCandidates, the same call a pickup's hook makes) about found items:
 *
 *   exact          a stolen bike's frame number as stamped
 *   look-alike     the same typed with O for 0, I for 1, S for 5, Z for 2, B for 8
 *   sticker        a stolen bike's plate, no frame number
 *   close serial   its frame number misread in one or two places (changed, added, left out)
 *   looks          no identifier: its brand, colour and category, found near where it was stolen
 *   unrelated      a registered bike that is not stolen (the usual pickup), an unregistered frame
 *                  number, and a bike without identifiers of random looks
 *
 * The items the register does not know (looks, an unregistered frame number, no identifier) are real
 * pickups, as a town takes them in (issue 32 §2): an item_pickups row without a bike, holding what
 * the town typed and where it was found, matched by matchFoundPickup in the row's transaction (the
 * pickup's hook: the candidates stored, a strong one's notice marked). Their latency is the hook's.
 *
 * It prints recall (the stolen bike's report among the candidates) per kind, how many items told an
 * owner of a bike that was not theirs (a false strong match), and the matcher's latency per item,
 * one item at a time, with the load average (the machine is shared: quote figures with it).
 *
 *   npx tsx bench/found-matching.bench.ts [--bikes 1000000] [--items 1000] [--reuse]
 *
 * Database: `nbr_bench_found` on the server DATABASE_URL names (default
 * postgres://postgres@127.0.0.1:5432/postgres); `--reuse` keeps one that holds N bikes.
 */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { BIKE_CATEGORIES, BIKE_COLORS } from '@nbr/domain/bikes';
import { identifierKeys } from '@nbr/domain/identifiers';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { connectDatabase, type DatabaseConnection } from '../apps/api/src/db/client.ts';
import { migrate } from '../apps/api/src/db/migrate.ts';
import { foundBikeMatches, itemPickups } from '../apps/api/src/db/schema/theft.ts';
import { type ImportedBike, importBikes } from '../apps/api/src/modules/bikes/bike-import.service.ts';
import {
  type FoundItem,
  findFoundMatchCandidates,
  matchFoundPickup,
} from '../apps/api/src/modules/search/found-matches.service.ts';
import { countBikes, plateOf, random } from './support/generated-register.ts';

const { values: args } = parseArgs({
  options: {
    bikes: { type: 'string', default: '1000000' },
    items: { type: 'string', default: '1000' },
    reuse: { type: 'boolean', default: false },
  },
});
const BIKES = Number(args.bikes);
const ITEMS = Number(args.items);
const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const BENCH_DATABASE = 'nbr_bench_found';
const benchUrl = (() => {
  const url = new URL(serverUrl);
  url.pathname = `/${BENCH_DATABASE}`;
  return url.toString();
})();

const next = random(2026);
const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;

/*
 * Frame numbers as makers stamp them: a maker's prefix and a running serial, so the register is
 * dense (a one-character slip often lands on another registered bike) and a maker's frames mostly
 * carry its brand (the brand alone does not tell two of them apart). Prefixes and year letters hold
 * no look-alike characters, so only the serial's digits can be misread as letters.
 */
const MAKERS: ReadonlyArray<[prefix: string, brand: string]> = [
  ['WKD', 'Kildemoes'],
  ['MBK', 'MBK'],
  ['RLG', 'Raleigh'],
  ['WTU', 'Trek'],
  ['GNT', 'Giant'],
  ['PRC', 'Principia'],
  ['AVE', 'Avenue'],
  ['WNT', 'Winther'],
  ['CNT', 'Centurion'],
  ['CUB', 'Cube'],
];
const YEAR_LETTERS = 'ACDEFHJKMNPRTUWXY';
const PEOPLE = (count: number) => Math.max(1, Math.ceil(count / 2));
const ownerId = (n: number) => `00000000-0000-7000-8000-${n.toString(16).padStart(12, '0')}`;

function frameNumberOf(n: number): string {
  const [prefix] = MAKERS[n % MAKERS.length] ?? MAKERS[0]!;
  const serial = String(Math.floor(n / MAKERS.length)).padStart(7, '0');
  return `${prefix}${serial}${YEAR_LETTERS[Math.floor(n / 7) % YEAR_LETTERS.length]}`;
}
// A tenth stolen, half of them with a plate.
const isStolen = (n: number) => n % 20 === 3 || n % 20 === 4;
function bikeOf(n: number): ImportedBike {
  const [, brand] = MAKERS[n % MAKERS.length] ?? MAKERS[0]!;
  return {
    ownerPartyId: ownerId(1 + (n % PEOPLE(BIKES))),
    frameNumber: frameNumberOf(n),
    plateId: plateOf(n),
    // One in ten is sold under another brand than its frame's maker.
    brand: next() < 0.9 ? brand : pick(MAKERS)[1],
    model: `Model ${Math.floor(next() * 90) + 10}`,
    category: pick(BIKE_CATEGORIES),
    color: pick(BIKE_COLORS),
    isElectric: next() < 0.3,
    visibility: 'active',
    status: isStolen(n) ? 'stolen' : 'registered',
    region: 'dk',
    registeredAt: new Date(Date.UTC(2015, 0, 1) + Math.floor(next() * 3e11)),
  };
}

async function prepareDatabase(): Promise<{ database: DatabaseConnection; loaded: boolean }> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const exists = (await admin.query('select 1 from pg_database where datname = $1', [BENCH_DATABASE]))
      .rowCount;
    if (args.reuse && exists) {
      const database = await connectDatabase({ kind: 'postgres', url: benchUrl, statementTimeoutMs: 0 });
      if ((await countBikes(database).catch(() => -1)) === BIKES) {
        await migrate(database);
        return { database, loaded: true };
      }
      await database.close();
    }
    await admin.query(`drop database if exists ${BENCH_DATABASE}`);
    await admin.query(`create database ${BENCH_DATABASE}`);
  } finally {
    await admin.end();
  }
  const database = await connectDatabase({ kind: 'postgres', url: benchUrl, statementTimeoutMs: 0 });
  await migrate(database);
  return { database, loaded: false };
}

/** Denmark, roughly: where thefts happen and bikes are found. */
const AREA = { latitude: [54.9, 57.6], longitude: [8.3, 12.6] } as const;

async function load(database: DatabaseConnection): Promise<void> {
  const started = performance.now();
  await database.exec(`
    insert into parties (id, kind)
      select ('00000000-0000-7000-8000-' || lpad(to_hex(n), 12, '0'))::uuid, 'person'
      from generate_series(1, ${PEOPLE(BIKES)}) as n;
  `);
  const CHUNK = 50_000;
  for (let start = 0; start < BIKES; start += CHUNK) {
    const chunk = Array.from({ length: Math.min(CHUNK, BIKES - start) }, (_, offset) =>
      bikeOf(start + offset),
    );
    const result = await importBikes(database.db, chunk);
    if (result.rejected.length > 0) console.log(`  ${result.rejected.length} rows refused by the import`);
    const done = start + chunk.length;
    if (done % 250_000 === 0 || done === BIKES) {
      const seconds = (performance.now() - started) / 1000;
      console.log(`  loaded ${done.toLocaleString('en')} bikes in ${seconds.toFixed(0)} s`);
    }
  }
  // Every stolen bike's submitted report: stolen within the last 300 days, somewhere in the area
  // (rounded to the map's grid as a submission rounds it).
  await database.exec(`
    insert into theft_reports (id, bike_id, owner_party_id, status, fields, submitted_at, stolen_at,
                               region, category, is_electric, public_latitude, public_longitude)
      select gen_random_uuid(), id, owner_party_id, 'submitted', '{}'::jsonb, now(),
             now() - random() * interval '300 days', region, category, is_electric,
             round((${AREA.latitude[0]} + random() * ${AREA.latitude[1] - AREA.latitude[0]})::numeric, 3),
             round((${AREA.longitude[0]} + random() * ${AREA.longitude[1] - AREA.longitude[0]})::numeric, 3)
      from bikes where status = 'stolen';
  `);
  await database.exec('analyze');
  console.log(`  loaded in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

interface StolenSample {
  reportId: string;
  frameNumber: string;
  plate: string | null;
  brand: string | null;
  colour: string | null;
  category: string | null;
  stolenAt: Date;
  latitude: number;
  longitude: number;
}

async function sampleStolen(database: DatabaseConnection, count: number): Promise<StolenSample[]> {
  const result = await database.db.execute(sql`
    select r.id as "reportId", b.frame_number as "frameNumber", s.code as plate, b.brand, b.color as colour,
           b.category, r.stolen_at as "stolenAt", r.public_latitude as latitude, r.public_longitude as longitude
    from theft_reports r
    join bikes b on b.id = r.bike_id
    left join stickers s on s.bike_id = b.id
    where r.status = 'submitted'
    order by md5(r.id::text)
    limit ${count}`);
  return (result as unknown as { rows: StolenSample[] }).rows.map((row) => ({
    ...row,
    stolenAt: new Date(row.stolenAt),
  }));
}

async function sampleRegistered(database: DatabaseConnection, count: number) {
  const result = await database.db.execute(sql`
    select b.id, b.frame_number as "frameNumber", b.brand, b.color as colour, b.category
    from bikes b
    where b.status = 'registered'
    order by md5(b.id::text)
    limit ${count}`);
  return (
    result as unknown as {
      rows: Array<{ id: string; frameNumber: string; brand: string; colour: string; category: string }>;
    }
  ).rows;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const NONE = { frameKey: null, frameLookAlike: null, stickerKey: null, stickerLookAlike: null };

function frameFacts(typed: string) {
  const keys = identifierKeys(typed);
  return { frameKey: keys.key, frameLookAlike: keys.lookAlike };
}

/** Found some days after the theft, a few hundred metres to a few kilometres from where it was taken. */
function foundAfter(stolen: StolenSample) {
  return {
    foundAt: new Date(stolen.stolenAt.getTime() + (1 + Math.floor(next() * 60)) * DAY_MS),
    location: {
      latitude: stolen.latitude + (next() - 0.5) * 0.03,
      longitude: stolen.longitude + (next() - 0.5) * 0.05,
    },
  };
}
function randomPlace() {
  return {
    latitude: AREA.latitude[0] + next() * (AREA.latitude[1] - AREA.latitude[0]),
    longitude: AREA.longitude[0] + next() * (AREA.longitude[1] - AREA.longitude[0]),
  };
}

/** The digits a stamped number is misread as letters: 0→O, 1→I, 5→S, 2→Z, 8→B (at least one). */
function typedWithLookAlikes(frameNumber: string): string | null {
  const swaps: Record<string, string> = { '0': 'O', '1': 'I', '5': 'S', '2': 'Z', '8': 'B' };
  const at = [...frameNumber].flatMap((character, index) => (swaps[character] ? [index] : []));
  if (at.length === 0) return null;
  const chosen = new Set([pick(at), ...at.filter(() => next() < 0.3)]);
  return [...frameNumber]
    .map((character, index) => (chosen.has(index) ? swaps[character] : character))
    .join('');
}

/** One or two random edits (changed, added, left out) that are not merely a look-alike. */
function misread(frameNumber: string): string {
  const alphabet = 'ACDEFHJKMNPRTUWXY34679';
  for (;;) {
    let typed = frameNumber;
    const edits = 1 + Math.floor(next() * 2);
    for (let edit = 0; edit < edits; edit += 1) {
      const at = Math.floor(next() * typed.length);
      const character = pick([...alphabet]);
      const kind = Math.floor(next() * 3);
      if (kind === 0) typed = typed.slice(0, at) + character + typed.slice(at + 1);
      else if (kind === 1) typed = typed.slice(0, at) + character + typed.slice(at);
      else typed = typed.slice(0, at) + typed.slice(at + 1);
    }
    if (identifierKeys(typed).lookAlike !== identifierKeys(frameNumber).lookAlike) return typed;
  }
}

interface Case {
  kind: string;
  item: FoundItem;
  /** The report of the stolen bike it is; null for an unrelated bike. */
  truth: string | null;
  /** A bike the register does not know, taken in as a pickup: the identifier typed, if any. */
  pickup?: { identifier: string | null };
}

/** The town that takes in the bikes the register does not know (a party and its organisation). */
const TOWN = '00000000-0000-7000-9000-000000000001';

async function ensureTown(database: DatabaseConnection): Promise<void> {
  await database.exec(`
    insert into parties (id, kind) values ('${TOWN}', 'organisation') on conflict do nothing;
    insert into organisations (party_id, name, type, region)
      values ('${TOWN}', 'Bench Kommune', 'municipality', 'dk') on conflict do nothing;
  `);
}

/**
 * A bike the register does not know, taken in by the town: its pickup row and the pickup's hook
 * (matchFoundPickup) in one transaction, as POST /api/item-pickups does. Answers the stored candidates.
 */
async function matchAsPickup(
  database: DatabaseConnection,
  entry: Case & { pickup: { identifier: string | null } },
): Promise<Array<{ reportId: string; strong: boolean }>> {
  const { item } = entry;
  const id = randomUUID();
  return database.db.transaction(async (tx) => {
    await tx.insert(itemPickups).values({
      id,
      bikeId: null,
      ownerPartyId: null,
      holderPartyId: TOWN,
      status: 'waiting',
      place: 'Bench Kommune, cykelgården',
      collectUntil: '2099-12-31',
      foundOn: item.foundAt.toISOString().slice(0, 10),
      foundIdentifier: entry.pickup.identifier,
      foundBrand: item.brand ?? 'Unknown',
      foundColor: item.colour,
      foundCategory: item.category,
      foundIsElectric: false,
      foundLatitude: item.location?.latitude ?? null,
      foundLongitude: item.location?.longitude ?? null,
    });
    await matchFoundPickup(tx, 'http://bench.invalid', { pickupId: id, source: 'taken_in', location: null });
    return tx
      .select({ reportId: foundBikeMatches.theftReportId, strong: foundBikeMatches.strong })
      .from(foundBikeMatches)
      .where(eq(foundBikeMatches.pickupId, id));
  });
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function main(): Promise<void> {
  console.log(`found-matching bench: ${BIKES.toLocaleString('en')} bikes, ${ITEMS} items per kind`);
  console.log(
    `  load average before: ${os
      .loadavg()
      .map((value) => value.toFixed(1))
      .join(' ')}`,
  );
  const { database, loaded } = await prepareDatabase();
  try {
    if (!loaded) await load(database);
    await ensureTown(database);
    const stolen = await sampleStolen(database, ITEMS * 4);
    const registered = await sampleRegistered(database, ITEMS);
    const cases: Case[] = [];
    const base = (sample: StolenSample) => ({ ...NONE, region: 'dk', bikeId: null, ...foundAfter(sample) });
    const looks = (sample: StolenSample) => ({
      brand: sample.brand,
      colour: sample.colour,
      category: sample.category,
    });
    for (const sample of stolen.slice(0, ITEMS)) {
      cases.push({
        kind: 'exact',
        truth: sample.reportId,
        item: { ...base(sample), ...looks(sample), ...frameFacts(sample.frameNumber) },
      });
    }
    for (const sample of stolen.slice(ITEMS, 2 * ITEMS)) {
      const typed = typedWithLookAlikes(sample.frameNumber);
      if (!typed) continue;
      cases.push({
        kind: 'look-alike',
        truth: sample.reportId,
        item: { ...base(sample), ...looks(sample), ...frameFacts(typed) },
      });
    }
    for (const sample of stolen.filter((entry) => entry.plate).slice(0, ITEMS)) {
      const keys = identifierKeys(sample.plate!.toLowerCase());
      cases.push({
        kind: 'sticker',
        truth: sample.reportId,
        item: { ...base(sample), ...looks(sample), stickerKey: keys.key, stickerLookAlike: keys.lookAlike },
      });
    }
    for (const sample of stolen.slice(2 * ITEMS, 3 * ITEMS)) {
      cases.push({
        kind: 'close serial',
        truth: sample.reportId,
        item: { ...base(sample), ...looks(sample), ...frameFacts(misread(sample.frameNumber)) },
      });
    }
    for (const sample of stolen.slice(3 * ITEMS, 4 * ITEMS)) {
      cases.push({
        kind: 'looks, no identifier (a pickup)',
        truth: sample.reportId,
        item: { ...base(sample), ...looks(sample) },
        pickup: { identifier: null },
      });
    }
    for (const bike of registered) {
      cases.push({
        kind: 'unrelated: registered bike',
        truth: null,
        item: {
          ...NONE,
          ...frameFacts(bike.frameNumber),
          brand: bike.brand,
          colour: bike.colour,
          category: bike.category,
          location: randomPlace(),
          foundAt: new Date(),
          region: 'dk',
          bikeId: bike.id,
        },
      });
    }
    for (let index = 0; index < ITEMS; index += 1) {
      const [prefix, brand] = pick(MAKERS);
      // Serials past the register's end: not registered, but as dense as the real ones.
      const serial = String(Math.floor(BIKES / MAKERS.length) + 1 + index).padStart(7, '0');
      const typed = `${prefix}${serial}${pick([...YEAR_LETTERS])}`;
      cases.push({
        kind: 'unrelated: unregistered frame number (a pickup)',
        truth: null,
        pickup: { identifier: typed },
        item: {
          ...NONE,
          ...frameFacts(typed),
          brand,
          colour: pick(BIKE_COLORS),
          category: pick(BIKE_CATEGORIES),
          location: randomPlace(),
          foundAt: new Date(),
          region: 'dk',
          bikeId: null,
        },
      });
      cases.push({
        kind: 'unrelated: no identifier (a pickup)',
        truth: null,
        pickup: { identifier: null },
        item: {
          ...NONE,
          brand: pick(MAKERS)[1],
          colour: pick(BIKE_COLORS),
          category: pick(BIKE_CATEGORIES),
          location: randomPlace(),
          foundAt: new Date(),
          region: 'dk',
          bikeId: null,
        },
      });
    }

    interface Tally {
      items: number;
      found: number;
      strongTrue: number;
      falseStrongItems: number;
      candidates: number;
      ms: number[];
    }
    const tallies = new Map<string, Tally>();
    const loadAtStart = os.loadavg()[0] ?? 0;
    for (const entry of cases) {
      const started = performance.now();
      const candidates = entry.pickup
        ? await matchAsPickup(database, { ...entry, pickup: entry.pickup })
        : (await findFoundMatchCandidates(database.db, entry.item)).map((candidate) => ({
            reportId: candidate.report.reportId,
            strong: candidate.match.strong,
          }));
      const ms = performance.now() - started;
      const tally = tallies.get(entry.kind) ?? {
        items: 0,
        found: 0,
        strongTrue: 0,
        falseStrongItems: 0,
        candidates: 0,
        ms: [],
      };
      tally.items += 1;
      tally.ms.push(ms);
      tally.candidates += candidates.length;
      const truth = candidates.find((candidate) => candidate.reportId === entry.truth);
      if (truth) tally.found += 1;
      if (truth?.strong) tally.strongTrue += 1;
      if (candidates.some((candidate) => candidate.strong && candidate.reportId !== entry.truth)) {
        tally.falseStrongItems += 1;
      }
      tallies.set(entry.kind, tally);
    }
    const pct = (part: number, whole: number) =>
      whole === 0 ? '–' : `${((100 * part) / whole).toFixed(1)} %`;
    console.log(
      '\n| kind | items | recall (its report a candidate) | told its owner (strong) | items with a false strong match | candidates per item | p50 / p99 / max ms |',
    );
    console.log('|---|---|---|---|---|---|---|');
    const all: number[] = [];
    let falseItems = 0;
    let items = 0;
    for (const [kind, tally] of tallies) {
      all.push(...tally.ms);
      falseItems += tally.falseStrongItems;
      items += tally.items;
      const isUnrelated = kind.startsWith('unrelated');
      console.log(
        `| ${kind} | ${tally.items} | ${isUnrelated ? '–' : pct(tally.found, tally.items)} | ${isUnrelated ? '–' : pct(tally.strongTrue, tally.items)} | ${pct(tally.falseStrongItems, tally.items)} | ${(tally.candidates / tally.items).toFixed(1)} | ${percentile(tally.ms, 50).toFixed(1)} / ${percentile(tally.ms, 99).toFixed(1)} / ${Math.max(...tally.ms).toFixed(1)} |`,
      );
    }
    console.log(
      `\nAll ${items} items: false strong matches (an owner told of a bike not theirs) on ${pct(falseItems, items)} of items; per item p50 ${percentile(all, 50).toFixed(1)} ms, p99 ${percentile(all, 99).toFixed(1)} ms.`,
    );
    console.log(
      `  load average at the start of matching ${loadAtStart.toFixed(1)}, after: ${os
        .loadavg()
        .map((value) => value.toFixed(1))
        .join(' ')}`,
    );
  } finally {
    await database.close();
  }
}

await main();
