/**
 * Bulk onboarding at scale (issue 32 §5): loads N bikes (default 1,000,000; `--bikes 10000000`
 * works) through the product's bulk import — the dry run that reads and checks every row and stages
 * it (COPY), then the import job (set-based INSERT … SELECT in chunks: bikes with their identifier
 * keys, the close-serial keys their trigger writes, ownership rows, plates) — into a fresh database
 * `nbr_bench_import` on DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432/postgres).
 * Beside it, in the same run, the reference: a raw COPY of the same rows into a plain table without
 * indexes or constraints, the fastest PostgreSQL takes rows in. Prints bikes/s of each phase and
 * the load average (the machine is shared: quote figures with it).
 *
 *   npx tsx bench/bulk-import.bench.ts [--bikes 1000000] [--invite]
 *
 * `--batched` loads the same rows through the earlier path instead (importBikes: keys computed in
 * Node, one unnest statement per table per 5,000 rows, owners made beforehand), for comparison.
 *
 * Without --invite the people are not mailed (one outbox row per person, about N/2 of them, would be
 * measured as part of the import otherwise); --invite includes the invitations.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { BIKE_CATEGORIES, BIKE_COLORS } from '@nbr/domain/bikes';
import { IMPORT_COLUMNS } from '@nbr/domain/onboarding';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { connectDatabase } from '../apps/api/src/db/client.ts';
import { copyLine } from '../apps/api/src/db/copy.ts';
import { migrate } from '../apps/api/src/db/migrate.ts';
import { runImportPass, stageImport } from '../apps/api/src/modules/backoffice/bulk-import.service.ts';
import { type ImportedBike, importBikes } from '../apps/api/src/modules/bikes/bike-import.service.ts';
import { BRANDS, frameNumberOf, plateOf } from './support/generated-register.ts';

const BENCH_DATABASE = 'nbr_bench_import';
const { values: args } = parseArgs({
  options: {
    bikes: { type: 'string', default: '1000000' },
    invite: { type: 'boolean', default: false },
    batched: { type: 'boolean', default: false },
  },
});
const BIKES = Number(args.bikes.replaceAll('_', ''));
const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const benchUrl = (() => {
  const url = new URL(serverUrl);
  url.pathname = `/${BENCH_DATABASE}`;
  return url.toString();
})();

const HEADER: string[] = [...IMPORT_COLUMNS];
/** Row n of the register as a dealer's file has it: two bikes per person, every other one with a plate. */
function recordOf(n: number): string[] {
  const person = Math.floor(n / 2);
  const day = 1 + (n % 28);
  return [
    `person${person}@example.dk`,
    `Person ${person}`,
    frameNumberOf(n),
    plateOf(n) ?? '',
    BRANDS[n % BRANDS.length] ?? '',
    `Model ${10 + (n % 90)}`,
    BIKE_COLORS[n % BIKE_COLORS.length] ?? '',
    BIKE_CATEGORIES[n % BIKE_CATEGORIES.length] ?? '',
    String(2010 + (n % 15)),
    n % 3 === 0 ? 'ja' : 'nej',
    `${String(day).padStart(2, '0')}.0${1 + (n % 9)}.2022`,
    n % 5 === 0 ? 'NO' : 'DK',
  ];
}

function* records(): Generator<string[]> {
  yield HEADER;
  for (let n = 0; n < BIKES; n += 1) yield recordOf(n);
}

const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' / ');
const rate = (count: number, seconds: number) => Math.round(count / seconds).toLocaleString('en');

async function main(): Promise<void> {
  console.log(`bulk import bench: ${BIKES.toLocaleString('en')} bikes, load average before ${load()}`);
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${BENCH_DATABASE}`);
  await admin.query(`create database ${BENCH_DATABASE}`);
  await admin.end();
  const database = await connectDatabase({ kind: 'postgres', url: benchUrl, statementTimeoutMs: 0 });
  await migrate(database);
  if (!database.copyFrom) throw new Error('COPY is needed (PostgreSQL)');
  const copyFrom = database.copyFrom;

  // The reference: the same rows, raw, into a table without indexes or constraints.
  await database.exec(`create table raw_copy (${HEADER.map((name) => `${name} text`).join(', ')})`);
  let started = performance.now();
  const BATCH = 50_000;
  for (let from = 0; from < BIKES; from += BATCH) {
    const lines: string[] = [];
    for (let n = from; n < Math.min(from + BATCH, BIKES); n += 1) lines.push(copyLine(recordOf(n)));
    await copyFrom(`copy raw_copy from stdin`, lines);
  }
  const rawSeconds = (performance.now() - started) / 1000;
  await database.exec('drop table raw_copy');
  console.log(
    `  reference, raw COPY into a plain table: ${rawSeconds.toFixed(1)} s, ${rate(BIKES, rawSeconds)} rows/s (load ${load()})`,
  );

  if (args.batched) {
    await batched(database);
    await database.close();
    return;
  }
  const deps = { db: database.db, copyFrom, publicUrl: 'http://localhost' };
  started = performance.now();
  const job = await stageImport(deps, null, {
    sourceName: 'Bench register',
    fileName: 'bench.csv',
    invite: args.invite,
    records: records(),
    maxRows: BIKES,
  });
  const stageSeconds = (performance.now() - started) / 1000;
  console.log(
    `  dry run (read, check, stage by COPY, conflicts): ${stageSeconds.toFixed(1)} s, ${rate(BIKES, stageSeconds)} rows/s, ${job.invalidRows} refused (load ${load()})`,
  );
  await database.exec(`update bulk_import_jobs set status = 'queued' where id = '${job.id}'`);
  const importStarted = performance.now();
  await runImportPass(deps, { owner: 'bench' });
  const importSeconds = (performance.now() - importStarted) / 1000;
  const total = stageSeconds + importSeconds;
  const counted = await database.db.execute(
    sql`select (select count(*) from bikes)::int as bikes,
      (select count(*) from bike_close_serial_keys)::int as keys, (select count(*) from stickers)::int as plates,
      (select imported_rows from bulk_import_jobs where id = ${job.id}) as imported`,
  );
  const counts = (counted as unknown as { rows: Array<Record<string, number>> }).rows[0];
  console.log(
    `  import job (bikes, keys, close-serial keys, ownerships, plates${args.invite ? ', invitations' : ''}): ${importSeconds.toFixed(1)} s, ${rate(BIKES, importSeconds)} bikes/s (load ${load()})`,
  );
  console.log(
    `  whole bulk import: ${total.toFixed(1)} s, ${rate(BIKES, total)} bikes/s; raw COPY reference ${rate(BIKES, rawSeconds)} rows/s (ratio ${(rawSeconds / total).toFixed(2)})`,
  );
  console.log(`  in the register: ${JSON.stringify(counts)}`);
  await database.close();
}

/** The earlier path (bike-import.service.ts importBikes) on the same rows, one person per two bikes. */
async function batched(database: Awaited<ReturnType<typeof connectDatabase>>): Promise<void> {
  const started = performance.now();
  const person = (n: number) => `00000000-0000-7000-8000-${n.toString(16).padStart(12, '0')}`;
  await database.exec(
    `insert into parties (id, kind) select ('00000000-0000-7000-8000-' || lpad(to_hex(n), 12, '0'))::uuid, 'person' from generate_series(0, ${Math.ceil(BIKES / 2)}) as n`,
  );
  const CHUNK = 50_000;
  for (let from = 0; from < BIKES; from += CHUNK) {
    const chunk: ImportedBike[] = [];
    for (let n = from; n < Math.min(from + CHUNK, BIKES); n += 1) {
      const record = recordOf(n);
      chunk.push({
        ownerPartyId: person(Math.floor(n / 2)),
        frameNumber: record[2],
        plateId: record[3] || null,
        brand: record[4],
        model: record[5],
        region: n % 5 === 0 ? 'no' : 'dk',
      });
    }
    await importBikes(database.db, chunk);
  }
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `  earlier batched path (importBikes): ${seconds.toFixed(1)} s, ${rate(BIKES, seconds)} bikes/s (load ${load()})`,
  );
}

await main();
