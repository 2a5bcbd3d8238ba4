/**
 * Identity API throughput and latency on a real listening server (not inject), the way a phone
 * would hit it: health, log in (argon2id + session row + EdDSA token), an authenticated profile read
 * (token verification + live-session check + profile query) as a person and as a session acting for
 * an organisation, and the backoffice people search over BENCH_PEOPLE registered people.
 *
 *   npx tsx bench/identity-api.bench.ts                    # PGlite in a temporary directory
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/identity-api.bench.ts
 *
 * Prints figures; never fails on timing.
 */
import autocannon from 'autocannon';
import { CONNECTIONS, DURATION_SECONDS, startBenchServer } from './support/bench-server.ts';

const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 50_000);

const server = await startBenchServer(
  {},
  { identityRateLimits: { loginPerEmail: 100_000_000, resetMailPerEmail: 100_000_000 } },
);
const { address, database } = server;

const credentials = { email: 'bench@example.test', password: 'bench-password-2026' };
const { token, partyId: benchPartyId } = await server.signUp(credentials.email, credentials.password);

// A register's worth of people (inserted in SQL: signing each up would measure argon2, not search),
// an organisation the bench user belongs to, and staff rights for the search.
await database.exec(`
  insert into parties (id, kind)
    select ('00000000-0000-7000-8000-' || lpad(to_hex(n), 12, '0'))::uuid, 'person'
    from generate_series(1, ${PEOPLE}) as n;
  insert into identities (party_id, email, first_name, last_name)
    select ('00000000-0000-7000-8000-' || lpad(to_hex(n), 12, '0'))::uuid,
           'rider' || n || '@example.test', 'Rider', 'Number' || n
    from generate_series(1, ${PEOPLE}) as n;
  insert into parties (id, kind) values ('00000000-0000-7000-9000-000000000001', 'organisation');
  insert into organisations (party_id, name, type, region)
    values ('00000000-0000-7000-9000-000000000001', 'Bench Cykler ApS', 'business', 'dk');
  insert into organisation_members (organisation_party_id, identity_party_id, role)
    values ('00000000-0000-7000-9000-000000000001', '${benchPartyId}', 'admin');
  insert into staff_members (identity_party_id, role) values ('${benchPartyId}', 'support');
  -- A live database has statistics (autovacuum keeps them); a bulk load needs them made.
  analyze;
`);
// A second session, signed in before the first one acts for the organisation, stays the person's.
const relogin = await fetch(`${address}/api/identities/authentications`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(credentials),
});
const { authentication_token: personToken } = (await relogin.json()) as { authentication_token: string };
const acting = await fetch(`${address}/api/identities/authentications/acting-party`, {
  method: 'PUT',
  headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
  body: JSON.stringify({ party_id: '00000000-0000-7000-9000-000000000001' }),
});
const { authentication_token: actingToken } = (await acting.json()) as { authentication_token: string };

interface Scenario {
  name: string;
  request: autocannon.Options;
}
const scenarios: Scenario[] = [
  { name: 'GET /api/health', request: { url: `${address}/api/health` } },
  {
    name: 'POST /api/identities/authentications',
    request: {
      url: `${address}/api/identities/authentications`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(credentials),
    },
  },
  {
    name: 'GET /api/identities/me',
    request: { url: `${address}/api/identities/me`, headers: { authorization: `Bearer ${personToken}` } },
  },
  {
    name: 'GET /api/identities/me (acting for an organisation)',
    request: { url: `${address}/api/identities/me`, headers: { authorization: `Bearer ${actingToken}` } },
  },
  {
    name: `GET /api/backoffice/identities?query=… (${PEOPLE} people)`,
    request: {
      url: `${address}/api/backoffice/identities?query=number4711`,
      headers: { authorization: `Bearer ${personToken}` },
    },
  },
];

console.log(
  `database: ${database.kind}; ${CONNECTIONS} connections, ${DURATION_SECONDS} s per scenario; node ${process.version}`,
);
const rows = [];
for (const scenario of scenarios) {
  const result = await autocannon({
    ...scenario.request,
    connections: CONNECTIONS,
    duration: DURATION_SECONDS,
  });
  rows.push({
    scenario: scenario.name,
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p97.5 ms': result.latency.p97_5,
    'p99 ms': result.latency.p99,
    '2xx': result['2xx'],
    'non-2xx': result.non2xx,
    errors: result.errors,
  });
}
console.table(rows);

await server.close();
