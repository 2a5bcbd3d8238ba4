import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDatabaseKind } from '../../test/helper.ts';
import { signUpUser } from '../../test/identity-helpers.ts';
import { sampleOf, scrapeMetrics } from '../../test/metrics-helpers.ts';
import { listen, openSocket } from '../../test/realtime-helpers.ts';
import {
  catalogue,
  checkout,
  payInWindow,
  postReepayWebhook,
  signedReepayWebhook,
} from '../../test/webshop-helpers.ts';
import { enqueueMail } from '../mail/outbox.ts';

/*
 * The Prometheus metrics (docs/operations.md#observing), read from the metrics listener as
 * Prometheus would. Test files share a worker's modules, so counters are compared before and after.
 */

describe('the metrics listener', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: { METRICS_PORT: '0', RATE_LIMIT_SEARCH_PER_MINUTE: '2' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('counts requests by route pattern, method and status, with their durations, never by URL', async () => {
    const before = await scrapeMetrics(t.app);
    const bikeId = randomUUID();
    await t.app.inject({ method: 'GET', url: '/api/health' });
    const unauthenticated = await t.app.inject({ method: 'GET', url: `/api/bikes/${bikeId}` });
    await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    const after = await scrapeMetrics(t.app);

    const count = (text: string, labels: Record<string, string>) =>
      sampleOf(text, 'nbr_http_request_duration_seconds_count', labels);
    const health = { method: 'GET', route: '/api/health', status_code: '200' };
    expect(count(after, health) - count(before, health)).toBe(1);
    const bike = {
      method: 'GET',
      route: '/api/bikes/:bike_id',
      status_code: String(unauthenticated.statusCode),
    };
    expect(count(after, bike) - count(before, bike)).toBe(1);
    const unknown = { method: 'GET', route: 'unmatched', status_code: '404' };
    expect(count(after, unknown) - count(before, unknown)).toBe(1);
    // A latency histogram: buckets, a sum and a count per series.
    expect(after).toContain('# TYPE nbr_http_request_duration_seconds histogram');
    expect(sampleOf(after, 'nbr_http_request_duration_seconds_bucket', { ...health, le: '+Inf' })).toBe(
      count(after, health),
    );
    expect(after).toMatch(/nbr_http_request_duration_seconds_sum\{[^}]*route="\/api\/health"/);
    // The address as sent is never a label.
    expect(after).not.toContain(bikeId);
    expect(after).not.toContain('no-such-thing');
  });

  it('is not served by the public listener', async () => {
    // The public port answers /metrics as any unknown address (with a web build: the web app's page).
    const response = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(response.headers['content-type']).not.toContain('version=0.0.4');
    expect(response.body).not.toContain('nbr_http_request_duration_seconds');
    const address = t.app.metricsAddress();
    expect(address?.address).toBe('127.0.0.1');
    const elsewhere = await fetch(`http://127.0.0.1:${address?.port}/api/health`);
    expect(elsewhere.status).toBe(404);
  });

  it('reads the database pool, the outbox and the process at scrape time', async () => {
    const text = await scrapeMetrics(t.app);
    // PGlite has one connection and no pool; the test PostgreSQL pool allows 4.
    expect(sampleOf(text, 'nbr_db_pool_max_connections')).toBe(testDatabaseKind() === 'postgres' ? 4 : 0);
    expect(text).toContain('nbr_db_pool_connections ');
    expect(text).toContain('nbr_db_pool_waiting_requests ');
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(text).toContain('nodejs_eventloop_lag_seconds');

    await t.app.mailWorker.runOnce();
    expect(sampleOf(await scrapeMetrics(t.app), 'nbr_mail_outbox_pending')).toBe(0);
    await enqueueMail(t.database.db, {
      to: 'metrics@example.org',
      language: 'en',
      template: 'metrics_test',
      subject: 'Metrics',
      text: 'Counted while pending.',
      html: '<p>Counted while pending.</p>',
    });
    const pending = await scrapeMetrics(t.app);
    expect(sampleOf(pending, 'nbr_mail_outbox_pending')).toBe(1);
    expect(pending).toMatch(/^nbr_mail_outbox_oldest_pending_age_seconds \d/m);

    const sentBefore = sampleOf(pending, 'nbr_mail_deliveries_total', { outcome: 'sent' });
    const passesBefore = sampleOf(pending, 'nbr_background_pass_duration_seconds_count', {
      pass: 'mail-worker',
    });
    await t.app.mailWorker.runOnce();
    const delivered = await scrapeMetrics(t.app);
    expect(sampleOf(delivered, 'nbr_mail_outbox_pending')).toBe(0);
    expect(sampleOf(delivered, 'nbr_mail_outbox_oldest_pending_age_seconds')).toBe(0);
    expect(sampleOf(delivered, 'nbr_mail_deliveries_total', { outcome: 'sent' }) - sentBefore).toBe(1);
    expect(
      sampleOf(delivered, 'nbr_background_pass_duration_seconds_count', { pass: 'mail-worker' }) -
        passesBefore,
    ).toBe(1);
    expect(
      sampleOf(delivered, 'nbr_background_pass_last_success_timestamp_seconds', { pass: 'mail-worker' }),
    ).toBeGreaterThan(Date.now() / 1000 - 600);
  });

  it('counts rate-limit refusals by budget and route, never by address', async () => {
    const labels = { budget: 'route', route: '/api/search' };
    const before = sampleOf(await scrapeMetrics(t.app), 'nbr_rate_limit_refusals_total', labels);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/search?q=WTU0000001',
        remoteAddress: '198.51.100.7',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([200, 200, 429]);
    const after = await scrapeMetrics(t.app);
    expect(sampleOf(after, 'nbr_rate_limit_refusals_total', labels) - before).toBe(1);
    expect(after).not.toContain('198.51.100.7');
  });

  it('counts payment events by provider, source and outcome', async () => {
    const settled = { provider: 'reepay', source: 'webhook', outcome: 'settled' };
    const refused = { provider: 'reepay', source: 'webhook', outcome: 'refused' };
    const before = await scrapeMetrics(t.app);
    const products = await catalogue(t.app);
    const buyer = await signUpUser(t.app);
    const started = await checkout(t.app, buyer.token, {
      items: [{ product_id: products['dk-single']?.id, quantity: 1 }],
    });
    await payInWindow(t.app, started.payment_url);
    const forged = await postReepayWebhook(
      t.app,
      signedReepayWebhook({ event_type: 'invoice_settled', invoice: started.order_id }, 'not-the-secret'),
    );
    expect(forged.statusCode).toBe(401);
    const after = await scrapeMetrics(t.app);
    expect(
      sampleOf(after, 'nbr_payment_events_total', settled) -
        sampleOf(before, 'nbr_payment_events_total', settled),
    ).toBe(1);
    expect(
      sampleOf(after, 'nbr_payment_events_total', refused) -
        sampleOf(before, 'nbr_payment_events_total', refused),
    ).toBe(1);
  });

  it('counts the websockets open on this instance', async () => {
    const baseUrl = await listen(t.app);
    const person = await signUpUser(t.app);
    expect(sampleOf(await scrapeMetrics(t.app), 'nbr_websocket_connections')).toBe(0);
    const socket = await openSocket(t.app, baseUrl, person.token);
    expect(sampleOf(await scrapeMetrics(t.app), 'nbr_websocket_connections')).toBe(1);
    await socket.close();
    await expect.poll(async () => sampleOf(await scrapeMetrics(t.app), 'nbr_websocket_connections')).toBe(0);
  });
});
