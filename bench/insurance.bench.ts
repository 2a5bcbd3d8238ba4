/**
 * The insurer's daily screens at scale (issue 16 §4): its policy list (first page, a status filter,
 * and a search by the holder's address, which is an ILIKE over the holders), the holder's own
 * policies and the insurer's lock tests, each against the bare route (GET /api/health) in the same
 * run, on a real listening server.
 *
 *   npx tsx bench/insurance.bench.ts                                                  # PGlite
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/insurance.bench.ts
 *
 * BENCH_POLICIES (default 50,000) policies of BENCH_HOLDERS (500) holders at one insurer, a fifth of
 * them applications, with BENCH_LOCK_TESTS (2,000) lock tests. The holders sign up through the API;
 * the policies are stored in bulk (one statement per 5,000 rows), as an insurer's import would.
 * BENCH_KEEP_SCHEMA=1 keeps the PostgreSQL schema for EXPLAIN afterwards. Prints figures; never fails on timing.
 */
import os from 'node:os';
import autocannon from 'autocannon';
import { insuranceLockTests, insurancePolicies } from '../apps/api/src/db/schema/insurance.ts';
import { uuidv7 } from '../apps/api/src/platform/ids.ts';
import { bearer } from '../apps/api/src/test/identity-helpers.ts';
import { createInsurer } from '../apps/api/src/test/insurance-helpers.ts';
import { signUpStaff } from '../apps/api/src/test/organisation-helpers.ts';
import { CONNECTIONS, DURATION_SECONDS, startBenchServer } from './support/bench-server.ts';

const POLICIES = Number(process.env.BENCH_POLICIES ?? 50_000);
const HOLDERS = Number(process.env.BENCH_HOLDERS ?? 500);
const LOCK_TESTS = Number(process.env.BENCH_LOCK_TESTS ?? 2_000);

const server = await startBenchServer();
const { address, database, app } = server;
const staffAdmin = await signUpStaff(app, 'admin');
const insurer = await createInsurer(app, staffAdmin.token);
const [product] = (await (await fetch(`${address}/api/insurance/products?region=dk`)).json()) as Array<{
  id: string;
}>;
if (!product) throw new Error('the insurer has no product');

const holders: Array<{ token: string; partyId: string }> = [];
for (let n = 0; n < HOLDERS; n += 1) holders.push(await server.signUp(`bench-holder-${n}@example.test`));

const loadStart = performance.now();
const start = Date.now() - POLICIES * 60_000;
const policyIds: string[] = [];
for (let offset = 0; offset < POLICIES; offset += 5_000) {
  const rows = [];
  for (let n = offset; n < Math.min(offset + 5_000, POLICIES); n += 1) {
    const id = uuidv7(start + n * 60_000);
    policyIds.push(id);
    const application = n % 5 === 0;
    rows.push({
      id,
      insurerPartyId: insurer.partyId,
      holderPartyId: holders[n % HOLDERS]!.partyId,
      productId: product.id,
      insurerPolicyNumber: application ? null : `P-${100_000 + n}`,
      coverage: 'bike_theft',
      numberOfBikes: 1,
      status: application ? 'application' : 'active',
      annualPremiumMinor: 110_000,
      currency: 'DKK',
      createdAt: new Date(start + n * 60_000),
      updatedAt: new Date(start + n * 60_000),
    });
  }
  await database.db.insert(insurancePolicies).values(rows);
}
for (let offset = 0; offset < LOCK_TESTS; offset += 1_000) {
  const rows = [];
  for (let n = offset; n < Math.min(offset + 1_000, LOCK_TESTS); n += 1) {
    rows.push({
      id: uuidv7(start + n),
      insurerPartyId: insurer.partyId,
      policyId: policyIds[n * 7]!,
      requestedEmail: `bench-holder-${(n * 7) % HOLDERS}@example.test`,
      status: n % 3 === 0 ? 'requested' : 'approved',
    });
  }
  await database.db.insert(insuranceLockTests).values(rows);
}
const loadSeconds = (performance.now() - loadStart) / 1000;

function row(name: string, result: autocannon.Result) {
  return {
    scenario: name,
    requests: result.requests.total,
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    '2xx': result['2xx'],
    'non-2xx': result.non2xx,
  };
}

const run = (path: string, token: string | null) =>
  autocannon({
    url: `${address}${path}`,
    connections: CONNECTIONS,
    duration: DURATION_SECONDS,
    headers: token ? bearer(token) : {},
  });

console.log(
  `database: ${database.kind}; ${POLICIES} policies of ${HOLDERS} holders, ${LOCK_TESTS} lock tests (loaded in ${loadSeconds.toFixed(1)} s); ` +
    `${CONNECTIONS} connections; node ${process.version}; ${os.cpus().length} cores; load average before: ${os
      .loadavg()
      .map((value) => value.toFixed(1))
      .join(' ')}`,
);
const base = `/api/insurance/${insurer.partyId}`;
const rows = [
  row('GET /api/health (bare)', await run('/api/health', null)),
  row('insurer: policies, first page of 25', await run(`${base}/admin/policies`, insurer.staff.token)),
  row(
    'insurer: applications only',
    await run(`${base}/admin/policies?status=application`, insurer.staff.token),
  ),
  row(
    'insurer: search a holder address',
    await run(`${base}/admin/policies?q=bench-holder-417`, insurer.staff.token),
  ),
  row('insurer: lock tests waiting', await run(`${base}/lock-tests?status=requested`, insurer.staff.token)),
  row(
    `holder: own policies (${POLICIES / HOLDERS})`,
    await run('/api/insurance/policies', holders[7]!.token),
  ),
];
console.table(rows);
await server.close({ keepSchema: process.env.BENCH_KEEP_SCHEMA === '1' });
if (process.env.BENCH_KEEP_SCHEMA === '1') console.log(`schema kept: ${server.schema}`);
