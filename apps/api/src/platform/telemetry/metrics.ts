import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/*
 * The Prometheus metrics of one API process (docs/operations.md#observing lists them with what each
 * means). One registry per process: Prometheus scrapes every instance on its own and adds them up,
 * so nothing here is shared between instances. Modules record through the functions below; labels
 * are always from a small fixed set (route patterns, budget names, outcomes), never a URL, an
 * address or an id, which would multiply the series and put personal data in them.
 */

export const metricsRegistry = new Registry();
const registers = [metricsRegistry];

const httpRequestDuration = new Histogram({
  name: 'nbr_http_request_duration_seconds',
  help: 'HTTP requests answered by the public listener and how long they took, by method, route pattern and status code (the _count is the number of requests)',
  labelNames: ['method', 'route', 'status_code'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers,
});

/** The route label of a request that matched no route: web app pages and unknown addresses (404). */
export const UNMATCHED_ROUTE = 'unmatched';

/** One answered request: `route` is the matched pattern (`/api/bikes/:id`), never the URL. */
export function recordHttpRequest(method: string, route: string, statusCode: number, seconds: number): void {
  httpRequestDuration.observe({ method, route, status_code: String(statusCode) }, seconds);
}

const rateLimitRefusals = new Counter({
  name: 'nbr_rate_limit_refusals_total',
  help: 'Requests refused with 429 by a rate limit, by budget (global: the per-address limit of every request; route: a route’s own per-address budget; route_key: a route’s own budget per account or other key) and route pattern',
  labelNames: ['budget', 'route'] as const,
  registers,
});

export type RateLimitBudget = 'global' | 'route' | 'route_key';

export function countRateLimitRefusal(budget: RateLimitBudget, route: string | undefined): void {
  rateLimitRefusals.inc({ budget, route: route ?? UNMATCHED_ROUTE });
}

const paymentEvents = new Counter({
  name: 'nbr_payment_events_total',
  help: 'What a payment provider’s news did to an order, by provider (reepay, vipps), source (webhook, reconciliation) and outcome (settled, failed, cancelled, amount_mismatch, unknown_order, duplicate, refused, …)',
  labelNames: ['provider', 'source', 'outcome'] as const,
  registers,
});

/** Counted after the transaction that applied it committed: a rolled-back event is not counted. */
export function countPaymentEvent(
  provider: 'reepay' | 'vipps',
  source: 'webhook' | 'reconciliation',
  outcome: string,
): void {
  paymentEvents.inc({ provider, source, outcome });
}

const passDuration = new Histogram({
  name: 'nbr_background_pass_duration_seconds',
  help: 'Background passes run (mail worker, chat notifier, support sweeper, order reconciliation) and how long each took, failed ones included (the _count is the number of passes)',
  labelNames: ['pass'] as const,
  buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300],
  registers,
});
const passFailures = new Counter({
  name: 'nbr_background_pass_failures_total',
  help: 'Background passes that failed, by pass',
  labelNames: ['pass'] as const,
  registers,
});
const passLastSuccess = new Gauge({
  name: 'nbr_background_pass_last_success_timestamp_seconds',
  help: 'When each background pass last finished without error (Unix time)',
  labelNames: ['pass'] as const,
  registers,
});

export function recordPass(pass: string, seconds: number, succeeded: boolean): void {
  passDuration.observe({ pass }, seconds);
  if (succeeded) passLastSuccess.set({ pass }, Date.now() / 1000);
  else passFailures.inc({ pass });
}

const mailDeliveries = new Counter({
  name: 'nbr_mail_deliveries_total',
  help: 'Mails the worker tried to deliver, by outcome (sent; retry: failed, tried again later; failed: given up)',
  labelNames: ['outcome'] as const,
  registers,
});

export function countMailDelivery(outcome: 'sent' | 'retry' | 'failed'): void {
  mailDeliveries.inc({ outcome });
}

/** The database pool now (node-postgres), or null on PGlite, which has a single connection. */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
  max: number;
}

/** What is read when Prometheus scrapes, from the app serving this process. */
export interface ScrapeSource {
  poolStats(): PoolStats | null;
  openWebsockets(): number;
  /** Undelivered mails and the age of the oldest, in seconds (0 when there is none). */
  mailBacklog(): Promise<{ pending: number; oldestAgeSeconds: number }>;
}

/** The apps of this process, newest last; a process serves one (tests build several). */
const sources: ScrapeSource[] = [];
const currentSource = (): ScrapeSource | undefined => sources.at(-1);

/** Reads the app's pool, sockets and outbox at scrape time; the answer stops it (the app closed). */
export function watchScrapeSource(source: ScrapeSource): () => void {
  sources.push(source);
  return () => {
    const index = sources.indexOf(source);
    if (index !== -1) sources.splice(index, 1);
  };
}

function poolGauge(name: string, help: string, read: (stats: PoolStats) => number): Gauge {
  return new Gauge({
    name,
    help: `${help} (0 on the embedded PGlite, which has one connection and no pool)`,
    registers,
    collect() {
      const stats = currentSource()?.poolStats();
      this.set(stats ? read(stats) : 0);
    },
  });
}

poolGauge('nbr_db_pool_connections', 'Connections the database pool holds open', (stats) => stats.total);
poolGauge('nbr_db_pool_idle_connections', 'Open pool connections not in use', (stats) => stats.idle);
poolGauge(
  'nbr_db_pool_waiting_requests',
  'Queries waiting for a pool connection because all are in use',
  (stats) => stats.waiting,
);
poolGauge('nbr_db_pool_max_connections', 'The most connections the pool may open', (stats) => stats.max);

new Gauge({
  name: 'nbr_websocket_connections',
  help: 'Websockets open on this instance (GET /api/ws)',
  registers,
  collect() {
    this.set(currentSource()?.openWebsockets() ?? 0);
  },
});

/** The outbox is asked at most this long per scrape; a database that does not answer keeps the last values. */
const BACKLOG_TIMEOUT_MS = 2000;
let backlog: Promise<{ pending: number; oldestAgeSeconds: number } | null> | null = null;

/** Both outbox gauges are read by one query per scrape. */
function readBacklog(): Promise<{ pending: number; oldestAgeSeconds: number } | null> {
  const source = currentSource();
  if (!source) return Promise.resolve(null);
  backlog ??= new Promise<{ pending: number; oldestAgeSeconds: number } | null>((resolve) => {
    const timer = setTimeout(() => resolve(null), BACKLOG_TIMEOUT_MS);
    source
      .mailBacklog()
      .then(resolve, () => resolve(null))
      .finally(() => clearTimeout(timer));
  }).finally(() => {
    backlog = null;
  });
  return backlog;
}

new Gauge({
  name: 'nbr_mail_outbox_pending',
  help: 'Mails waiting in the outbox to be delivered (all instances share the outbox)',
  registers,
  async collect() {
    const read = await readBacklog();
    if (read) this.set(read.pending);
  },
});
new Gauge({
  name: 'nbr_mail_outbox_oldest_pending_age_seconds',
  help: 'How long the oldest undelivered mail has waited (0 when the outbox is empty)',
  registers,
  async collect() {
    const read = await readBacklog();
    if (read) this.set(read.oldestAgeSeconds);
  },
});

let defaultMetricsOn = false;

export interface MetricsListener {
  address(): AddressInfo;
  close(): Promise<void>;
}

/**
 * The metrics listener: `GET /metrics` on its own port (METRICS_PORT), never on the public one, so
 * a load balancer that forwards the public port cannot expose it. Also turns on the process's
 * default metrics (CPU, memory, event loop lag, garbage collection, handles).
 */
export async function listenForMetrics(settings: { host: string; port: number }): Promise<MetricsListener> {
  if (!defaultMetricsOn) {
    collectDefaultMetrics({ register: metricsRegistry });
    defaultMetricsOn = true;
  }
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if (path !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain' }).end();
      return;
    }
    metricsRegistry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': metricsRegistry.contentType }).end(text),
      () => response.writeHead(500, { 'content-type': 'text/plain' }).end('metrics failed\n'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(settings.port, settings.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    address: () => server.address() as AddressInfo,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
