/**
 * Chats at scale on a real listening server: the sidebar's unread badge (GET /api/chats/unread, asked
 * by every open app), the inbox (GET /api/chats/) and a chat's newest page of messages, for a person
 * with BENCH_MY_CHATS chats among BENCH_CHATS chats of BENCH_MESSAGES messages each; then how long a
 * message takes from POST to the other participant's open websocket (live delivery).
 *
 *   npx tsx bench/chats.bench.ts                                  # PGlite in a temporary directory
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/chats.bench.ts
 *
 * Prints figures; never fails on timing.
 */
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import WebSocket from 'ws';
import { CONNECTIONS, DURATION_SECONDS, startBenchServer } from './support/bench-server.ts';

const CHATS = Number(process.env.BENCH_CHATS ?? 20_000);
const MY_CHATS = Number(process.env.BENCH_MY_CHATS ?? 200);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 20);
/** Chat messages are limited to 30 a minute per account; the live test stays under it. */
const LIVE_MESSAGES = 25;

const server = await startBenchServer();
const { address, database } = server;

const me = await server.signUp('bench-reader@example.test');
const other = await server.signUp('bench-writer@example.test');

// Chats inserted in SQL (posting each would measure the write path, not reading): ids ordered like
// uuidv7 (messages compare by id), every other chat has the bench person in it with half its messages
// read, the rest belong to two people of a crowd.
const id = (group: string, n: string) =>
  `('00000000-0000-7000-${group}-' || lpad(to_hex(${n}), 12, '0'))::uuid`;
const started = performance.now();
await database.exec(`
  insert into parties (id, kind)
    select ${id('a000', 'n')}, 'person' from generate_series(1, 2000) as n;
  insert into identities (party_id, email, first_name, last_name)
    select ${id('a000', 'n')}, 'crowd' || n || '@example.test', 'Crowd', 'Member' || n
    from generate_series(1, 2000) as n;
  insert into chats (id, subject_kind, started_by_party_id)
    select ${id('b000', 'c')}, 'bike', ${id('a000', '1 + c % 2000')} from generate_series(1, ${CHATS}) as c;
  insert into chat_participants (chat_id, party_id, role, is_name_visible)
    select ${id('b000', 'c')},
           case when c <= ${MY_CHATS} then '${me.partyId}'::uuid else ${id('a000', '1 + c % 2000')} end,
           'owner', true
    from generate_series(1, ${CHATS}) as c
    union all
    select ${id('b000', 'c')}, ${id('a000', '1 + (c + 1000) % 2000')}, 'contact', true
    from generate_series(1, ${CHATS}) as c;
  insert into chat_messages (id, chat_id, sender_party_id, kind, content, created_at)
    select ${id('9000', `(c - 1) * ${MESSAGES} + m`)}, ${id('b000', 'c')}, ${id('a000', '1 + (c + 1000) % 2000')},
           'text', 'Message ' || m || ' of chat ' || c, now() - ((${MESSAGES} - m) || ' minutes')::interval
    from generate_series(1, ${CHATS}) as c, generate_series(1, ${MESSAGES}) as m;
  update chat_participants set last_read_message_id = ${id('9000', `(${MESSAGES} / 2)`)}
    where party_id = '${me.partyId}';
  analyze;
`);
const loadSeconds = ((performance.now() - started) / 1000).toFixed(1);
const firstOfMine = `00000000-0000-7000-b000-${(1).toString(16).padStart(12, '0')}`;

interface Scenario {
  name: string;
  request: autocannon.Options;
}
const auth = { authorization: `Bearer ${me.token}` };
const scenarios: Scenario[] = [
  { name: 'GET /api/health', request: { url: `${address}/api/health` } },
  { name: 'GET /api/chats/unread', request: { url: `${address}/api/chats/unread`, headers: auth } },
  { name: `GET /api/chats/ (${MY_CHATS} chats)`, request: { url: `${address}/api/chats/`, headers: auth } },
  {
    name: 'GET /api/chats/{id}/messages',
    request: { url: `${address}/api/chats/${firstOfMine}/messages`, headers: auth },
  },
];

console.log(
  `database: ${database.kind}; ${CHATS} chats × ${MESSAGES} messages loaded in ${loadSeconds} s; ` +
    `${CONNECTIONS} connections, ${DURATION_SECONDS} s per scenario; node ${process.version}`,
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
  });
}
console.table(rows);

// Live delivery: the writer posts, the reader's socket receives; one message at a time.
const opened = await fetch(`${address}/api/chats/`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', authorization: `Bearer ${other.token}` },
  body: JSON.stringify({ subject_id: await registerReaderBike(), content: 'Hej!' }),
});
const { chat } = (await opened.json()) as { chat: { id: string } };
const ticketResponse = await fetch(`${address}/api/ws/tickets`, { method: 'POST', headers: auth });
const { ticket } = (await ticketResponse.json()) as { ticket: string };
const socket = new WebSocket(`${address.replace(/^http/, 'ws')}/api/ws?ticket=${ticket}`);
const arrivals = new Map<string, () => void>();
socket.on('message', (data) => {
  const event = JSON.parse(String(data)) as { type: string; message?: { content: string | null } };
  if (event.type === 'chat.message' && event.message?.content) arrivals.get(event.message.content)?.();
});
await new Promise((resolve) => socket.once('open', resolve));
const latencies: number[] = [];
for (let n = 0; n < LIVE_MESSAGES; n += 1) {
  const content = `live ${n}`;
  const arrived = new Promise<void>((resolve) => arrivals.set(content, resolve));
  const sentAt = performance.now();
  await fetch(`${address}/api/chats/${chat.id}/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${other.token}` },
    body: JSON.stringify({ content }),
  });
  await arrived;
  latencies.push(performance.now() - sentAt);
}
socket.close();
latencies.sort((a, b) => a - b);
const at = (share: number) => latencies[Math.min(latencies.length - 1, Math.floor(share * latencies.length))];
console.log(
  `live delivery, POST → other participant's socket (${LIVE_MESSAGES} messages, one at a time): ` +
    `p50 ${at(0.5)?.toFixed(1)} ms, p90 ${at(0.9)?.toFixed(1)} ms, max ${latencies.at(-1)?.toFixed(1)} ms`,
);

await server.close();

/** A public bike of the reader, for the writer to open a chat about (credits granted through /dev). */
async function registerReaderBike(): Promise<string> {
  await fetch(`${address}/dev/credits`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'bench-reader@example.test', count: 1 }),
  });
  const created = await fetch(`${address}/api/bikes/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...auth },
    body: JSON.stringify({ nickname: 'Bench', frame_number: 'WBE12345Z', brand: 'Bench' }),
  });
  const { bike_id: bikeId } = (await created.json()) as { bike_id: string };
  return bikeId;
}
