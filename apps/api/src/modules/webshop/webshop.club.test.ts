import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders as ordersTable, paymentWebhookEvents } from '../../db/schema/webshop.ts';
import { registerBike } from '../../test/bike-api-helpers.ts';
import {
  answerOnLandingPage,
  applyMemberNumber,
  clubOrder,
  paymentEvent,
  postVippsWebhook,
  QUIET_VIPPS,
  signedVippsDelivery,
  uploadMemberList,
  uploadTestMemberList,
  vippsStandInOf,
} from '../../test/club-helpers.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { bearer, signUpUser } from '../../test/identity-helpers.ts';
import { staffAdminToken } from '../../test/webshop-helpers.ts';

/*
 * The club variant through HTTP (issue 15 §5): NAF's offer at member prices, the membership number
 * checked by the shared schema ('Ugyldig NAF-nummer'), paid with the Vipps MobilePay stand-in on its
 * landing page (approve and abort), and its webhook: signed over the raw body, processed once.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    clubRateLimits: { memberNumbersPerAccountPerHour: 5, memberNumbersPerAddressPerHour: 1000 },
  });
  await uploadTestMemberList(t.app);
});
afterAll(async () => {
  await t?.close();
});

const getOrder = (token: string, orderId: string) =>
  t.app.inject({ method: 'GET', url: `/api/webshop/orders/${orderId}`, headers: bearer(token) });
const overview = (token: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/webshop/bike-ownership-credits/overview',
    headers: bearer(token),
  });
const standIn = () => vippsStandInOf(t.app);

async function norwegianMember(memberNumber: string | null = 'NAF12345') {
  const person = await signUpUser(t.app, { chosen_region: 'no', chosen_language: 'no' });
  if (memberNumber) expect((await applyMemberNumber(t.app, person.token, memberNumber)).statusCode).toBe(200);
  return person;
}

describe('GET /api/webshop/{club}/', () => {
  it('shows NAF’s offer to anyone: NOK incl. VAT, before and after the member discount, paid with Vipps', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/webshop/naf/?lang=no' });
    expect(response.statusCode).toBe(200);
    const offer = response.json();
    expect(offer).toMatchObject({
      club: 'naf',
      name: 'NAF',
      region: 'no',
      currency: 'NOK',
      payment_method: 'vipps',
    });
    const byRole = Object.fromEntries(offer.items.map((item: { role: string }) => [item.role, item]));
    expect(byRole.offer).toMatchObject({
      discount_percent: 20,
      price_before: { amount: 199, amount_minor: 19_900, vat_minor: 3_980, currency: 'NOK' },
      price_after: { amount: 159, amount_minor: 15_900, vat_minor: 3_180 },
      product: { handle: 'no-single', kind: 'subscription', renews: false, period_months: 12 },
    });
    expect(byRole.extra_registration).toMatchObject({
      discount_percent: null,
      price_before: { amount: 100 },
      price_after: { amount: 80, vat_minor: 1_600 },
      product: { handle: 'no-registration', kind: 'registration' },
    });
  });

  it('an unknown club is 404, a malformed name 422', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/webshop/xyz/' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/webshop/N%C3%86F/' })).statusCode).toBe(422);
  });
});

// Issue 27: a well-formed number alone proved nothing (`000000` got the member price).
describe('membership checked against the club’s member list', () => {
  const membership = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/webshop/naf/membership', headers: bearer(token) });
  const setListAge = (days: number) =>
    t.database.db.execute(
      `update clubs set member_list_uploaded_at = now() - interval '${days} days' where slug = 'naf'`,
    );

  it('a well-formed number that is not on the list gets no member price, and is told so', async () => {
    const person = await norwegianMember(null);
    const applied = await applyMemberNumber(t.app, person.token, '000000');
    expect(applied.statusCode).toBe(200);
    expect(applied.json()).toMatchObject({ club_membership_number: '000000', membership: 'not_on_list' });
    expect((await membership(person.token)).json()).toEqual({
      club_membership_number: '000000',
      membership: 'not_on_list',
    });
    const offer = await clubOrder(t.app, person.token);
    const extra = await clubOrder(t.app, person.token, 'extra-bike-registration');
    expect((await getOrder(person.token, offer.order_id)).json()).toMatchObject({ total_minor: 19_900 });
    expect((await getOrder(person.token, extra.order_id)).json()).toMatchObject({ total_minor: 10_000 });
  });

  it('a number on the list is confirmed, however it is typed; nobody without a number', async () => {
    const member = await norwegianMember(null);
    const applied = await applyMemberNumber(t.app, member.token, 'naf12345');
    expect(applied.json()).toMatchObject({ membership: 'confirmed' });
    const started = await clubOrder(t.app, member.token);
    const order = (await getOrder(member.token, started.order_id)).json();
    expect(order).toMatchObject({ total_minor: 15_900 });
    // Bought once with Vipps and never renewed: its line is no "Abonnement" (issue 27 walk).
    expect(order.lines[0].description).toMatch(/12/);
    expect(order.lines[0].description).not.toMatch(/abonnement|subscription/i);
    const nobody = await norwegianMember(null);
    expect((await membership(nobody.token)).json()).toEqual({
      club_membership_number: null,
      membership: 'none',
    });
  });

  it('without a fresh list nobody’s membership can be confirmed: the list price, and the reason', async () => {
    const member = await norwegianMember();
    try {
      await setListAge(46);
      expect((await membership(member.token)).json()).toMatchObject({ membership: 'unconfirmable' });
      const started = await clubOrder(t.app, member.token);
      expect((await getOrder(member.token, started.order_id)).json()).toMatchObject({
        total_minor: 19_900,
      });
      await setListAge(44);
      expect((await membership(member.token)).json()).toMatchObject({ membership: 'confirmed' });
    } finally {
      await uploadTestMemberList(t.app);
    }
  });

  it('staff admins replace the list with the club’s CSV export and see its size and date, never the numbers', async () => {
    const admin = await staffAdminToken(t.app);
    const before = Date.now();
    const uploaded = await uploadMemberList(
      t.app,
      'Medlemsnummer;Navn\r\n"NAF12345";Kari\r\nNAF1234;Ola\r\nNAF1234;Ola igjen\r\n\r\n12;for kort\r\nNAF77777\r\n',
      admin,
    );
    expect(uploaded.statusCode).toBe(200);
    expect(uploaded.json()).toMatchObject({
      club: 'naf',
      member_count: 3,
      skipped_lines: 2,
      fresh: true,
      fresh_days: 45,
    });
    expect(Date.parse(uploaded.json().uploaded_at)).toBeGreaterThanOrEqual(before - 1000);
    const shown = await t.app.inject({
      method: 'GET',
      url: '/api/backoffice/clubs/naf/member-list',
      headers: bearer(admin),
    });
    expect(shown.json()).toMatchObject({ member_count: 3, fresh: true });
    expect(shown.body).not.toContain('NAF77777');
    // Replaced whole: a number of the old list only is no longer a member.
    await uploadMemberList(t.app, 'NAF77777\n', admin);
    const formerMember = await norwegianMember();
    expect((await membership(formerMember.token)).json()).toMatchObject({ membership: 'not_on_list' });
    // A file without a single number changes nothing.
    const empty = await uploadMemberList(t.app, 'Medlemsnummer\n\nabc\n', admin);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code).toBe('club_member_list_empty');
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/backoffice/clubs/naf/member-list',
          headers: bearer(admin),
        })
      ).json(),
    ).toMatchObject({ member_count: 1 });
    await uploadTestMemberList(t.app);
  });

  it('two uploads at the same moment: both succeed, one after the other, and one whole list is left', async () => {
    const admin = await staffAdminToken(t.app);
    const lists = [
      Array.from({ length: 300 }, (_, index) => `NAF${10_000 + index}`),
      Array.from({ length: 200 }, (_, index) => `NAF${10_100 + index}`),
    ];
    const answers = await Promise.all(lists.map((list) => uploadMemberList(t.app, list.join('\n'), admin)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const shown = await t.app.inject({
      method: 'GET',
      url: '/api/backoffice/clubs/naf/member-list',
      headers: bearer(admin),
    });
    expect([300, 200]).toContain(shown.json().member_count);
    await uploadTestMemberList(t.app);
  });
});

describe('POST /api/webshop/{club}/apply-member-discount/{member_id}', () => {
  it('keeps a 6–8 character number on the person’s profile', async () => {
    const person = await norwegianMember(null);
    const response = await applyMemberNumber(t.app, person.token, ' 1234567 ');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ club_membership_number: '1234567', offer: { club: 'naf' } });
    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/identities/me',
      headers: bearer(person.token),
    });
    expect(profile.json()).toMatchObject({ club_membership_number: '1234567' });
  });

  it('refuses a number of 5 or 9 characters with ‘Ugyldig NAF-nummer’ and keeps nothing', async () => {
    const person = await norwegianMember(null);
    for (const number of ['12345', '123456789']) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/webshop/naf/apply-member-discount/${number}`,
        headers: bearer(person.token, { 'accept-language': 'nb-NO' }),
      });
      expect(response.statusCode).toBe(422);
      const [issue] = response.json().detail;
      expect(issue).toMatchObject({ loc: ['path', 'member_id'], type: 'invalid_club_membership_number' });
      expect(issue.msg).toContain('Ugyldig NAF-nummer');
    }
    const english = await t.app.inject({
      method: 'POST',
      url: '/api/webshop/naf/apply-member-discount/12345?lang=en',
      headers: bearer(person.token),
    });
    expect(english.json().detail[0].msg).toContain('Invalid NAF number');
    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/identities/me',
      headers: bearer(person.token),
    });
    expect(profile.json()).toMatchObject({ club_membership_number: null });
  });

  it('needs a signed-in person and a known club', async () => {
    expect((await applyMemberNumber(t.app, null, '1234567')).statusCode).toBe(401);
    const person = await norwegianMember(null);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/webshop/xyz/apply-member-discount/1234567',
      headers: bearer(person.token),
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('is rate-limited per account', async () => {
    const person = await norwegianMember(null);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 7; attempt += 1) {
      statuses.push((await applyMemberNumber(t.app, person.token, `ABC${1000 + attempt}`)).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
  });
});

describe('POST /api/webshop/{club}/ paid with Vipps MobilePay', () => {
  it('a member approves on the landing page: captured, paid and fulfilled once at the member price; a bike is registered', async () => {
    const member = await norwegianMember();
    const started = await clubOrder(t.app, member.token, '', { immediate_start_consent: true });
    expect(started.payment_url).toContain('/dev/vipps/landing/');
    const before = (await getOrder(member.token, started.order_id)).json();
    expect(before).toMatchObject({
      status: 'pending',
      payment_method: 'vipps',
      currency: 'NOK',
      total_minor: 15_900,
      vat_minor: 3_180,
      receipt_number: null,
    });
    expect(standIn().payments.get(started.order_id)).toMatchObject({
      state: 'CREATED',
      amount: { currency: 'NOK', value: 15_900 },
    });

    const landing = await answerOnLandingPage(t.app, started.payment_url, 'approve');
    expect(landing.statusCode).toBe(303);
    expect(landing.headers.location).toBe(
      `http://localhost:3000/purchase-complete-redirect?order_id=${started.order_id}`,
    );

    const after = (await getOrder(member.token, started.order_id)).json();
    expect(after).toMatchObject({ status: 'fulfilled', payment_method: 'vipps' });
    expect(after.receipt_number).toMatch(/^NO-\d{6}$/);
    const payment = standIn().payments.get(started.order_id);
    expect(payment?.captured).toBe(15_900);
    expect(payment?.events.filter((event) => event.name === 'CAPTURED')).toHaveLength(1);
    expect((await overview(member.token)).json()).toMatchObject({
      subscription_active: true,
      plan: 'SINGLE',
      credits_free: 1,
    });
    await registerBike(t.app, member.token);
    expect((await overview(member.token)).json()).toMatchObject({ credits_free: 0 });
  });

  it('someone without a membership number pays the catalogue price', async () => {
    const person = await norwegianMember(null);
    const started = await clubOrder(t.app, person.token);
    expect((await getOrder(person.token, started.order_id)).json()).toMatchObject({ total_minor: 19_900 });
  });

  it('the member aborts on the landing page: the order is cancelled, nothing captured, no credit', async () => {
    const member = await norwegianMember();
    const started = await clubOrder(t.app, member.token);
    const landing = await answerOnLandingPage(t.app, started.payment_url, 'abort');
    expect(landing.statusCode).toBe(303);
    expect((await getOrder(member.token, started.order_id)).json()).toMatchObject({
      status: 'cancelled',
      receipt_number: null,
    });
    expect(standIn().payments.get(started.order_id)).toMatchObject({ state: 'ABORTED', captured: 0 });
    expect((await overview(member.token)).json()).toMatchObject({ credits_free: 0 });
  });

  it('a payment nobody answers expires: the order is cancelled', async () => {
    const member = await norwegianMember();
    const started = await clubOrder(t.app, member.token);
    standIn().expireWaitingPayments();
    await standIn().whenWebhooksSent();
    expect((await getOrder(member.token, started.order_id)).json()).toMatchObject({ status: 'cancelled' });
  });

  it('the same Idempotency-Key gives the same order and one payment', async () => {
    const member = await norwegianMember();
    const headers = { 'idempotency-key': `club-${member.partyId}` };
    const first = await clubOrder(t.app, member.token, '', {}, headers);
    const second = await clubOrder(t.app, member.token, '', {}, headers);
    expect(second).toEqual(first);
    const mine = await t.app.db.select().from(ordersTable).where(eq(ordersTable.partyId, member.partyId));
    expect(mine).toHaveLength(1);
  });

  it('Vipps down: a clear 503, the order cancelled, nothing paid', async () => {
    const member = await norwegianMember();
    standIn().setDown(true);
    try {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/webshop/naf/',
        headers: bearer(member.token),
        payload: {},
      });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ code: 'payment_provider_unavailable' });
    } finally {
      standIn().setDown(false);
    }
    const mine = await t.app.db.select().from(ordersTable).where(eq(ordersTable.partyId, member.partyId));
    expect(mine.map((order) => order.status)).toEqual(['cancelled']);
  });

  it('needs a signed-in person; another person cannot see the order; an unknown club is 404', async () => {
    const visitor = await t.app.inject({ method: 'POST', url: '/api/webshop/naf/', payload: {} });
    expect(visitor.statusCode).toBe(401);
    const member = await norwegianMember();
    const started = await clubOrder(t.app, member.token);
    const other = await norwegianMember(null);
    expect((await getOrder(other.token, started.order_id)).statusCode).toBe(404);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/webshop/xyz/',
      headers: bearer(member.token),
      payload: {},
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('POST /api/webshop/{club}/extra-bike-registration', () => {
  it('one more registration at the member price: one more free credit', async () => {
    const member = await norwegianMember();
    const first = await clubOrder(t.app, member.token);
    await answerOnLandingPage(t.app, first.payment_url, 'approve');
    await registerBike(t.app, member.token);
    const started = await clubOrder(t.app, member.token, 'extra-bike-registration', {
      immediate_start_consent: true,
    });
    expect((await getOrder(member.token, started.order_id)).json()).toMatchObject({
      total_minor: 8_000,
      lines: [{ kind: 'registration', quantity: 1 }],
    });
    await answerOnLandingPage(t.app, started.payment_url, 'approve');
    expect((await getOrder(member.token, started.order_id)).json()).toMatchObject({ status: 'fulfilled' });
    expect((await overview(member.token)).json()).toMatchObject({ credits_free: 1 });
  });

  it('refuses a bike that is not the buyer’s', async () => {
    const member = await norwegianMember();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/webshop/naf/extra-bike-registration',
      headers: bearer(member.token),
      payload: { bike_id: '019ac15e-0000-7000-8000-0000000000ff' },
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('POST /api/webshop/webhooks/vipps', () => {
  // The stand-in's own deliveries go nowhere here: the test is the only one delivering.
  let quiet: TestApp;
  beforeAll(async () => {
    quiet = await createTestApp(QUIET_VIPPS);
    await uploadTestMemberList(quiet.app);
  });
  afterAll(async () => {
    await quiet?.close();
  });
  const quietStandIn = () => vippsStandInOf(quiet.app);

  async function pendingOrder() {
    const member = await signUpUser(quiet.app, { chosen_region: 'no' });
    await applyMemberNumber(quiet.app, member.token, 'NAF12345');
    const started = await clubOrder(quiet.app, member.token);
    return { member, orderId: started.order_id };
  }
  const statusOf = async (orderId: string) =>
    (await quiet.app.db.select().from(ordersTable).where(eq(ordersTable.id, orderId)))[0]?.status;
  const eventsOf = (reference: string) =>
    quiet.app.db
      .select()
      .from(paymentWebhookEvents)
      .where(eq(paymentWebhookEvents.objectReference, reference));

  it('a forged signature, a changed body, a stale date or another address answer 401 and change nothing', async () => {
    const { orderId } = await pendingOrder();
    // The member approved at Vipps, but the deliveries here are not Vipps'.
    quietStandIn().answer(orderId, null, true);
    const event = paymentEvent(quiet.app, orderId, 'AUTHORIZED');
    const forged = signedVippsDelivery(event, { secret: 'not-the-secret' });
    const changed = signedVippsDelivery(event);
    changed.rawBody = changed.rawBody.replace('"AUTHORIZED"', '"CAPTURED"');
    const stale = signedVippsDelivery(event, { date: new Date(Date.now() - 10 * 60_000) });
    const elsewhere = signedVippsDelivery(event, { url: 'http://localhost:3000/api/webshop/webhooks/other' });
    for (const delivery of [forged, changed, stale, elsewhere]) {
      const response = await postVippsWebhook(quiet.app, delivery);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'webhook_signature_invalid' });
    }
    const unsigned = await quiet.app.inject({
      method: 'POST',
      url: '/api/webshop/webhooks/vipps',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(event),
    });
    expect(unsigned.statusCode).toBe(401);
    expect(await statusOf(orderId)).toBe('pending');
    expect(await eventsOf(orderId)).toHaveLength(0);
    expect(quietStandIn().payments.get(orderId)?.captured).toBe(0);

    // The same event, signed by Vipps: captured, paid, and a replay is a duplicate.
    const genuine = signedVippsDelivery(event);
    expect((await postVippsWebhook(quiet.app, genuine)).json()).toEqual({ outcome: 'settled' });
    expect((await postVippsWebhook(quiet.app, genuine)).json()).toEqual({ outcome: 'duplicate' });
    expect(await statusOf(orderId)).toBe('fulfilled');
    expect(quietStandIn().payments.get(orderId)?.captured).toBe(15_900);
  });

  it('acts on the payment re-read from Vipps, not on the body: an AUTHORIZED event of a waiting payment pays nothing', async () => {
    const { orderId } = await pendingOrder();
    const response = await postVippsWebhook(
      quiet.app,
      signedVippsDelivery(paymentEvent(quiet.app, orderId, 'AUTHORIZED')),
    );
    expect(response.json()).toEqual({ outcome: 'unchanged' });
    expect(await statusOf(orderId)).toBe('pending');
    expect(quietStandIn().payments.get(orderId)?.captured).toBe(0);
  });

  it('a verified event about a payment that is not ours is recorded and ignored', async () => {
    const response = await postVippsWebhook(
      quiet.app,
      signedVippsDelivery({
        reference: 'someone-elses-payment',
        pspReference: '123',
        name: 'AUTHORIZED',
        amount: { currency: 'NOK', value: 100 },
        timestamp: new Date().toISOString(),
        success: true,
      }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ outcome: 'unknown_order' });
  });

  it('the reconciliation pass asks Vipps about a paid order whose webhooks never came', async () => {
    const { member, orderId } = await pendingOrder();
    quietStandIn().answer(orderId, null, true);
    await quiet.app.orderReconciler.runOnce(new Date());
    expect(await statusOf(orderId)).toBe('pending');
    const report = await quiet.app.orderReconciler.runOnce(new Date(Date.now() + 10 * 60_000));
    expect(report.changed).toBeGreaterThanOrEqual(1);
    expect(await statusOf(orderId)).toBe('fulfilled');
    expect(quietStandIn().payments.get(orderId)?.captured).toBe(15_900);
    const credits = await quiet.app.inject({
      method: 'GET',
      url: '/api/webshop/bike-ownership-credits/overview',
      headers: bearer(member.token),
    });
    expect(credits.json()).toMatchObject({ credits_free: 1 });
  });
});
