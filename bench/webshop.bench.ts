/**
 * The webshop's money paths on a real listening server with the card provider's built-in stand-in
 * (issue 15 §8): checkout creation (POST /api/webshop/orders/reepay: the order priced and stored,
 * then a charge session opened at the stand-in over its API) and webhook deliveries processed with
 * de-duplication (POST /api/webshop/webhooks/reepay: signed deliveries, half of them repeats of an
 * event already stored, each new one re-reading its invoice from the provider), each against the
 * bare route (GET /api/health) in the same run.
 *
 *   npx tsx bench/webshop.bench.ts                                                  # PGlite
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/webshop.bench.ts
 *
 * BENCH_BUYERS (default 60) people check out, 25 orders each (a person may open 30 checkouts an
 * hour); BENCH_WEBHOOKS (default 6,000) deliveries, BENCH_DUPLICATE_SHARE (0.5) of them repeats.
 * Prints figures; never fails on timing.
 */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import autocannon from 'autocannon';
import { asc, count, eq } from 'drizzle-orm';
import { STAND_IN_PAYMENT_CREDENTIALS } from '../apps/api/src/config.ts';
import { orders, paymentWebhookEvents } from '../apps/api/src/db/schema/webshop.ts';
import { signReepayWebhook } from '../apps/api/src/platform/payments/reepay/reepay-webhooks.ts';
import { CONNECTIONS, DURATION_SECONDS, startBenchServer } from './support/bench-server.ts';

const BUYERS = Number(process.env.BENCH_BUYERS ?? 60);
const ORDERS_PER_BUYER = 25;
const WEBHOOKS = Number(process.env.BENCH_WEBHOOKS ?? 6_000);
const DUPLICATE_SHARE = Number(process.env.BENCH_DUPLICATE_SHARE ?? 0.5);

// The stand-in's own webhooks go nowhere: the benchmark is the only one delivering.
const server = await startBenchServer(
  {},
  { payments: { reepayWebhookUrl: 'http://127.0.0.1:9/nowhere', webhookRetryDelaysMs: [] } },
);
const { address, database } = server;

const signUp = (n: number) => server.signUp(`bench-buyer-${n}@example.test`);

const products = (await (await fetch(`${address}/api/webshop/products?region=dk`)).json()) as Array<{
  id: string;
  handle: string;
}>;
const registration = products.find((product) => product.handle === 'dk-registration');
if (!registration) throw new Error('no dk-registration in the catalogue');
const buyers: Array<{ token: string; partyId: string }> = [];
for (let n = 0; n < BUYERS; n += 1) buyers.push(await signUp(n));

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

const bare = () =>
  autocannon({ url: `${address}/api/health`, connections: CONNECTIONS, duration: DURATION_SECONDS });

console.log(
  `database: ${database.kind}; ${CONNECTIONS} connections; node ${process.version}; ${os.cpus().length} cores; ` +
    `load average before: ${os
      .loadavg()
      .map((value) => value.toFixed(1))
      .join(' ')}`,
);
const rows = [row('GET /api/health (bare)', await bare())];

// Checkout creation: each buyer in turn, one registration per order.
let next = 0;
const checkouts = await autocannon({
  url: address,
  connections: CONNECTIONS,
  amount: BUYERS * ORDERS_PER_BUYER,
  requests: [
    {
      method: 'POST',
      path: '/api/webshop/orders/reepay',
      setupRequest: (request) => {
        const buyer = buyers[next % buyers.length];
        next += 1;
        return {
          ...request,
          headers: { 'content-type': 'application/json', authorization: `Bearer ${buyer?.token}` },
          body: JSON.stringify({ items: [{ product_id: registration.id, quantity: 1 }] }),
        };
      },
    },
  ],
});
rows.push(row('POST /api/webshop/orders/reepay (checkout)', checkouts));

// Webhook deliveries: each names an order just created; a share repeats an event sent before.
const orderIds = (
  await database.db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.paymentMethod, 'reepay'))
    .orderBy(asc(orders.createdAt))
).map((entry) => entry.id);
const secret = STAND_IN_PAYMENT_CREDENTIALS.reepay.webhookSecret;
const bodies: string[] = [];
const sent: string[] = [];
for (let n = 0; n < WEBHOOKS; n += 1) {
  const repeat = sent.length > 0 && Math.random() < DUPLICATE_SHARE;
  if (repeat) {
    bodies.push(sent[Math.floor(Math.random() * sent.length)] ?? '');
    continue;
  }
  const id = randomUUID().replaceAll('-', '');
  const timestamp = new Date().toISOString();
  const body = JSON.stringify({
    id,
    event_id: randomUUID().replaceAll('-', ''),
    event_type: 'invoice_settled',
    timestamp,
    signature: signReepayWebhook(secret, timestamp, id),
    invoice: orderIds[n % Math.max(orderIds.length, 1)] ?? randomUUID(),
  });
  bodies.push(body);
  sent.push(body);
}
let delivery = 0;
const webhooks = await autocannon({
  url: address,
  connections: CONNECTIONS,
  amount: bodies.length,
  requests: [
    {
      method: 'POST',
      path: '/api/webshop/webhooks/reepay',
      setupRequest: (request) => {
        const body = bodies[delivery % bodies.length];
        delivery += 1;
        return { ...request, headers: { 'content-type': 'application/json' }, body };
      },
    },
  ],
});
rows.push(
  row(
    `POST /api/webshop/webhooks/reepay (${sent.length} new, ${bodies.length - sent.length} repeats)`,
    webhooks,
  ),
);
rows.push(row('GET /api/health (bare, again)', await bare()));
console.table(rows);

const [stored] = await database.db.select({ n: count() }).from(paymentWebhookEvents);
console.log(
  `orders: ${orderIds.length}; events stored: ${stored?.n ?? '?'} of ${sent.length} new (each once); ` +
    `load average after: ${os
      .loadavg()
      .map((value) => value.toFixed(1))
      .join(' ')}`,
);

await server.close();
