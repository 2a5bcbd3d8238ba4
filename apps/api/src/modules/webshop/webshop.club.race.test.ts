import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema/webshop.ts';
import {
  applyMemberNumber,
  clubOrder,
  paymentEvent,
  postVippsWebhook,
  QUIET_VIPPS,
  signedVippsDelivery,
  uploadTestMemberList,
  vippsStandInOf,
} from '../../test/club-helpers.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { signUpUser } from '../../test/identity-helpers.ts';
import { expectFulfilledOnce, expectSettledOnce, shuffled } from '../../test/webshop-helpers.ts';

/*
 * Vipps MobilePay webhooks exactly once under concurrency. The stand-in's own deliveries go nowhere
 * (a closed port), so the test delivers them itself, at once: on PostgreSQL truly in parallel on a
 * pool of connections; on PGlite serialised, with the same assertions.
 */

describe('Vipps webhooks of one payment under concurrency', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(QUIET_VIPPS);
    await uploadTestMemberList(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  const standIn = () => vippsStandInOf(t.app);

  /** A member's club order the member has approved at Vipps, its webhooks not delivered yet. */
  async function approvedAtVipps() {
    const member = await signUpUser(t.app, { chosen_region: 'no' });
    expect((await applyMemberNumber(t.app, member.token, 'NAF12345')).statusCode).toBe(200);
    const started = await clubOrder(t.app, member.token);
    standIn().answer(started.order_id, null, true);
    const [before] = await t.app.db.select().from(orders).where(eq(orders.id, started.order_id));
    expect(before?.status).toBe('pending');
    return { member, orderId: started.order_id };
  }

  async function expectOneFulfilmentAndCapture(orderId: string, partyId: string) {
    await expectFulfilledOnce(t.app, orderId, partyId, 1);
    const payment = standIn().payments.get(orderId);
    expect(payment?.captured).toBe(15_900);
    expect(payment?.events.filter((event) => event.name === 'CAPTURED')).toHaveLength(1);
  }

  it('the same webhook delivered 10 times at once: one paid order, one fulfilment, one capture', async () => {
    const { member, orderId } = await approvedAtVipps();
    const delivery = signedVippsDelivery(paymentEvent(t.app, orderId, 'AUTHORIZED'));
    expectSettledOnce(await Promise.all(Array.from({ length: 10 }, () => postVippsWebhook(t.app, delivery))));
    await expectOneFulfilmentAndCapture(orderId, member.partyId);
  });

  it('several different events of one payment in random order: one paid order, one fulfilment, one capture', async () => {
    const { member, orderId } = await approvedAtVipps();
    const names = [
      'CREATED',
      'AUTHORIZED',
      'CAPTURED',
      'AUTHORIZED',
      'CREATED',
      'CAPTURED',
      'AUTHORIZED',
      'CREATED',
      'AUTHORIZED',
      'CAPTURED',
    ];
    const deliveries = shuffled(
      // Distinct events: Vipps names each by reference, name, pspReference and timestamp.
      names.map((name, index) =>
        signedVippsDelivery({
          ...paymentEvent(t.app, orderId, name),
          timestamp: new Date(Date.now() + index).toISOString(),
        }),
      ),
    );
    const answers = await Promise.all(deliveries.map((delivery) => postVippsWebhook(t.app, delivery)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200));
    expect(answers.filter((answer) => answer.json().outcome === 'settled')).toHaveLength(1);
    await expectOneFulfilmentAndCapture(orderId, member.partyId);
  });

  it('the reconciliation pass and a webhook at the same moment: still one fulfilment and one capture', async () => {
    const { member, orderId } = await approvedAtVipps();
    const delivery = signedVippsDelivery(paymentEvent(t.app, orderId, 'AUTHORIZED'));
    await Promise.all([
      t.app.orderReconciler.runOnce(new Date(Date.now() + 10 * 60_000)),
      postVippsWebhook(t.app, delivery),
    ]);
    await expectOneFulfilmentAndCapture(orderId, member.partyId);
  });

  it('forged deliveries at the same time as nothing genuine: 401 each, nothing paid, nothing captured', async () => {
    const { orderId } = await approvedAtVipps();
    const forged = signedVippsDelivery(paymentEvent(t.app, orderId, 'AUTHORIZED'), { secret: 'forged' });
    const answers = await Promise.all(Array.from({ length: 10 }, () => postVippsWebhook(t.app, forged)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(401));
    const [order] = await t.app.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order?.status).toBe('pending');
    expect(standIn().payments.get(orderId)?.captured).toBe(0);
  });
});
