import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applyMemberNumber,
  clubOrder,
  paymentEvent,
  postVippsWebhook,
  signedVippsDelivery,
  uploadTestMemberList,
  vippsStandInOf,
} from '../../test/club-helpers.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { bearer } from '../../test/identity-helpers.ts';
import { referralHelpers } from '../../test/referral-helpers.ts';
import { catalogue, postReepayWebhook, shuffled, staffAdminToken } from '../../test/webshop-helpers.ts';

/*
 * A referral pays out once under concurrency (issue 30 §1): the webhooks of one payment delivered
 * many times at once, and several first purchases of one friend settling at the same moment. On
 * PostgreSQL (api-postgres) truly in parallel on a pool of connections; on PGlite serialised, with
 * the same assertions. The unique key on the invited person is what holds: without it these fail.
 */

let t: TestApp;
let r: ReturnType<typeof referralHelpers>;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({
    payments: {
      reepayWebhookUrl: 'http://127.0.0.1:9/nowhere',
      vippsWebhookUrl: 'http://127.0.0.1:9/nowhere',
      webhookRetryDelaysMs: [],
    },
  });
  r = referralHelpers(t.app, (await catalogue(t.app))['dk-registration']?.id ?? '');
  await uploadTestMemberList(t.app);
  admin = await staffAdminToken(t.app);
});
afterAll(async () => {
  await t?.close();
});

describe('the referral reward under concurrency', () => {
  it('is given once when one webhook is delivered 10 times and other events 10 times, all at once', async () => {
    const person = await r.inviter();
    const friend = await r.friendOf(person.code);
    const orderId = await r.paidAtProvider(friend);
    const same = r.settledWebhook(orderId);
    const deliveries = shuffled([
      ...Array.from({ length: 10 }, () => same),
      ...Array.from({ length: 10 }, () => r.settledWebhook(orderId)),
    ]);
    const answers = await Promise.all(deliveries.map((body) => postReepayWebhook(t.app, body)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(20).fill(200));
    expect(answers.filter((answer) => answer.json().outcome === 'settled')).toHaveLength(1);
    expect(await r.freeCredits(person.token)).toBe(1);
    expect(await r.rewardRows(friend.partyId)).toHaveLength(1);
    expect(await r.auditActions(person.partyId)).toEqual(['webshop.referral_reward_granted']);
  });

  it('is given once when four first purchases of the friend settle at the same moment', async () => {
    const person = await r.inviter();
    const friend = await r.friendOf(person.code);
    const purchases = [];
    for (let index = 0; index < 4; index += 1) purchases.push(await r.paidAtProvider(friend));
    const outcomes = await Promise.all(purchases.map((orderId) => r.settle(orderId)));
    expect(outcomes).toEqual(Array(4).fill('settled'));
    expect(await r.freeCredits(person.token)).toBe(1);
    expect(await r.rewardRows(friend.partyId)).toHaveLength(1);
  });

  it('a club member’s Vipps MobilePay purchase: its webhook 10 times at once rewards once, the refund takes it back once', async () => {
    const person = await r.inviter();
    const friend = await r.friendOf(person.code, {}, { chosen_region: 'no' });
    expect((await applyMemberNumber(t.app, friend.token, 'NAF12345')).statusCode).toBe(200);
    const started = await clubOrder(t.app, friend.token);
    vippsStandInOf(t.app).answer(started.order_id, null, true);
    const delivery = signedVippsDelivery(paymentEvent(t.app, started.order_id, 'AUTHORIZED'));
    const answers = await Promise.all(Array.from({ length: 10 }, () => postVippsWebhook(t.app, delivery)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200));
    expect(await r.freeCredits(person.token)).toBe(1);
    expect(await r.rewardRows(friend.partyId)).toHaveLength(1);

    const refunds = await Promise.all(
      Array.from({ length: 3 }, () =>
        t.app.inject({
          method: 'POST',
          url: `/api/webshop/orders/${started.order_id}/refunds`,
          headers: bearer(admin),
        }),
      ),
    );
    expect(refunds.filter((refund) => refund.statusCode === 200).length).toBeGreaterThanOrEqual(1);
    expect(await r.freeCredits(person.token)).toBe(0);
    expect(await r.auditActions(person.partyId)).toEqual([
      'webshop.referral_reward_granted',
      'webshop.referral_reward_taken_back',
    ]);
  });
});
