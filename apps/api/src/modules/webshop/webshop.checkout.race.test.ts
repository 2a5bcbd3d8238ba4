import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema/webshop.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { signUpUser } from '../../test/identity-helpers.ts';
import {
  catalogue,
  checkout,
  expectFulfilledOnce,
  expectSettledOnce,
  payInWindow,
  postReepayWebhook,
  shuffled,
  signedReepayWebhook,
} from '../../test/webshop-helpers.ts';

/*
 * Exactly once under concurrency. The stand-in's own webhooks go nowhere here (a closed port), so
 * the test delivers them itself, at once: on PostgreSQL (api-postgres) truly in parallel on a pool
 * of connections; on PGlite serialised, with the same assertions.
 */

describe('webhooks of one payment under concurrency', () => {
  let t: TestApp;
  let single: string;

  beforeAll(async () => {
    t = await createTestApp({
      payments: { reepayWebhookUrl: 'http://127.0.0.1:9/nowhere', webhookRetryDelaysMs: [] },
    });
    single = (await catalogue(t.app))['dk-family']?.id ?? '';
  });

  afterAll(async () => {
    await t?.close();
  });

  async function paidAtProvider() {
    const buyer = await signUpUser(t.app);
    const started = await checkout(t.app, buyer.token, { items: [{ product_id: single, quantity: 1 }] });
    expect((await payInWindow(t.app, started.payment_url)).statusCode).toBe(303);
    const [before] = await t.app.db.select().from(orders).where(eq(orders.id, started.order_id));
    expect(before?.status).toBe('pending');
    return { buyer, orderId: started.order_id };
  }

  const expectOneFulfilment = (orderId: string, partyId: string) =>
    expectFulfilledOnce(t.app, orderId, partyId, 4);

  it('the same webhook delivered 10 times at once: one paid order, one fulfilment', async () => {
    const { buyer, orderId } = await paidAtProvider();
    const body = signedReepayWebhook({
      event_type: 'invoice_settled',
      invoice: orderId,
      customer: buyer.partyId,
    });
    expectSettledOnce(await Promise.all(Array.from({ length: 10 }, () => postReepayWebhook(t.app, body))));
    await expectOneFulfilment(orderId, buyer.partyId);
  });

  it('10 different webhooks of one payment in random order: one paid order, one fulfilment', async () => {
    const { buyer, orderId } = await paidAtProvider();
    const types = [
      'invoice_created',
      'invoice_authorized',
      'invoice_settled',
      'invoice_failed',
      'invoice_changed',
      'invoice_authorized',
      'invoice_settled',
      'customer_created',
      'invoice_dunning',
      'invoice_settled',
    ];
    const bodies = shuffled(types.map((type) => signedReepayWebhook({ event_type: type, invoice: orderId })));
    const answers = await Promise.all(bodies.map((body) => postReepayWebhook(t.app, body)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200));
    expect(answers.filter((answer) => answer.json().outcome === 'settled')).toHaveLength(1);
    await expectOneFulfilment(orderId, buyer.partyId);
  });

  it('the reconciliation pass and a webhook at the same moment: still one fulfilment', async () => {
    const { buyer, orderId } = await paidAtProvider();
    const later = new Date(Date.now() + 10 * 60_000);
    const body = signedReepayWebhook({ event_type: 'invoice_settled', invoice: orderId });
    const [report] = await Promise.all([
      t.app.orderReconciler.runOnce(later),
      postReepayWebhook(t.app, body),
    ]);
    expect(report.checked).toBeGreaterThanOrEqual(1);
    await expectOneFulfilment(orderId, buyer.partyId);
  });

  it('a payment whose webhooks never arrive is found by the reconciliation pass', async () => {
    const { buyer, orderId } = await paidAtProvider();
    // Too young: left to its webhooks.
    await t.app.orderReconciler.runOnce(new Date());
    const [young] = await t.app.db.select().from(orders).where(eq(orders.id, orderId));
    expect(young?.status).toBe('pending');
    await t.app.orderReconciler.runOnce(new Date(Date.now() + 10 * 60_000));
    await expectOneFulfilment(orderId, buyer.partyId);
  });
});
