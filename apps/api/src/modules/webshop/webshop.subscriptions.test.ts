import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions } from '../../db/schema/bikes.ts';
import { idempotencyKeys } from '../../db/schema/platform.ts';
import { orders } from '../../db/schema/webshop.ts';
import { IDEMPOTENCY_LEASE_MS } from '../../platform/http/idempotency.ts';
import { printStickers, registerBike } from '../../test/bike-api-helpers.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { bearer, signUpUser, type TestUser } from '../../test/identity-helpers.ts';
import { createBusiness, joinByInvitation, signUpVerifiedUser } from '../../test/organisation-helpers.ts';
import { act, offerBike, setName, signUpConfirmed } from '../../test/ownership-fixtures.ts';
import { catalogue, checkout, payInWindow } from '../../test/webshop-helpers.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const post = (token: string | null, url: string, payload: Record<string, unknown> = {}) =>
  t.app.inject({ method: 'POST', url, headers: token ? bearer(token) : {}, payload });
const overview = async (token: string) =>
  (
    await t.app.inject({
      method: 'GET',
      url: '/api/webshop/bike-ownership-credits/overview',
      headers: bearer(token),
    })
  ).json();

/** An admin of a new business, signed in acting for it (the ORGANISATION plan is the organisation's). */
async function organisationAdmin(): Promise<TestUser & { organisationId: string }> {
  const founder = await signUpVerifiedUser(t.app, 'org-founder');
  const organisationId = await createBusiness(t.app, founder, 'Plan Cykler ApS');
  const admin = await signUpUser(t.app);
  await joinByInvitation(t.app, founder.token, organisationId, admin, 'admin');
  return Object.assign(admin, { organisationId });
}

/**
 * Someone who subscribed to `plan` and paid in the provider's window (a person; for ORGANISATION an
 * admin acting for an organisation); answers the subscription's handle.
 */
async function subscribed(
  plan: string,
  quantity?: number,
  extra: Record<string, unknown> = {},
): Promise<{ person: TestUser; handle: string; buyerPartyId: string }> {
  const admin = plan === 'ORGANISATION' ? await organisationAdmin() : null;
  const person = admin ?? (await signUpUser(t.app));
  const response = await post(person.token, '/api/webshop/subscriptions/sessions', {
    plan,
    ...(quantity ? { quantity } : {}),
    ...extra,
  });
  expect(response.statusCode, response.body).toBe(201);
  const started = response.json<{ order_id: string; payment_url: string }>();
  const window = await payInWindow(t.app, started.payment_url);
  expect(window.statusCode).toBe(303);
  expect(window.headers.location).toContain(`/purchase-subscription-redirect?order_id=${started.order_id}`);
  return { person, handle: started.order_id, buyerPartyId: admin?.organisationId ?? person.partyId };
}

describe('POST /api/webshop/subscriptions/sessions', () => {
  it('subscribing to SINGLE with a card gives its credit and the provider’s paid period', async () => {
    const { person, handle } = await subscribed('SINGLE');
    const view = await overview(person.token);
    expect(view).toMatchObject({ subscription_active: true, plan: 'SINGLE', credits_free: 1, vip: false });
    const atProvider = await t.app.payments.reepay.client.getSubscription(handle);
    expect(Date.parse(view.current_period_end)).toBe(Date.parse(atProvider?.nextPeriodStart ?? ''));
    const [row] = await t.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.externalId, handle));
    expect(row).toMatchObject({ source: 'purchase', orderId: handle, plan: 'SINGLE' });
    const order = (
      await t.app.inject({
        method: 'GET',
        url: `/api/webshop/orders/${handle}`,
        headers: bearer(person.token),
      })
    ).json();
    expect(order).toMatchObject({ status: 'fulfilled', total_minor: 14_900 });
    await registerBike(t.app, person.token);
  });

  it('a sticker activated before subscribing goes on the first bike registered after paying', async () => {
    const [sticker] = await printStickers(t.app, 1);
    const { person, handle } = await subscribed('FAMILY', undefined, {
      already_activated_plate_id: ` ${sticker?.toLowerCase()} `,
    });
    const order = (
      await t.app.inject({
        method: 'GET',
        url: `/api/webshop/orders/${handle}`,
        headers: bearer(person.token),
      })
    ).json();
    expect(order.waiting_plate_id).toBe(sticker);
    expect(await overview(person.token)).toMatchObject({ waiting_plate_id: sticker });

    // The first bike, with no plate typed, gets it; the second does not, and it waits no more.
    const first = await registerBike(t.app, person.token);
    expect(first.plate_id).toBe(sticker);
    const second = await registerBike(t.app, person.token);
    expect(second.plate_id).toBeNull();
    expect(await overview(person.token)).toMatchObject({ waiting_plate_id: null });
  });

  it('refuses a sticker that is unknown or on a bike already (422, the registration form’s issues), opening no order', async () => {
    const person = await signUpUser(t.app);
    const holder = await subscribed('SINGLE');
    const [used] = await printStickers(t.app, 1);
    await registerBike(t.app, holder.person.token, { plate_id: used });
    for (const [plateId, type] of [
      ['ZZ9999999', 'plate_id_invalid'],
      [used, 'plate_id_in_use'],
    ] as const) {
      const response = await post(person.token, '/api/webshop/subscriptions/sessions', {
        plan: 'SINGLE',
        already_activated_plate_id: plateId,
      });
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json().detail[0]).toMatchObject({
        loc: ['body', 'already_activated_plate_id'],
        type,
      });
    }
    const placed = await t.database.db.select().from(orders).where(eq(orders.partyId, person.partyId));
    expect(placed).toHaveLength(0);
  });

  it('the card window names the plan in the buyer’s language, not in English (issue 27)', async () => {
    const nameIn = async (language: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/webshop/products?region=dk',
          headers: { 'accept-language': language },
        })
      )
        .json<Array<{ handle: string; name: string }>>()
        .find((product) => product.handle === 'dk-family')?.name ?? '';
    const [danish, english] = [await nameIn('da'), await nameIn('en')];
    expect(danish).not.toBe(english);
    const person = await signUpUser(t.app);
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/webshop/subscriptions/sessions',
      headers: bearer(person.token, { 'accept-language': 'da' }),
      payload: { plan: 'FAMILY' },
    });
    expect(started.statusCode, started.body).toBe(201);
    const window = await t.app.inject({ method: 'GET', url: new URL(started.json().payment_url).pathname });
    expect(window.body).toContain(danish);
    expect(window.body).not.toContain(english);
  });

  it('ORGANISATION buys credits by quantity', async () => {
    const { person } = await subscribed('ORGANISATION', 5);
    expect(await overview(person.token)).toMatchObject({ plan: 'ORGANISATION', credits_free: 5 });
  });

  it('refuses the organisation plan to a private person (403 plan_for_organisations, no order), and sells it to an organisation', async () => {
    const person = await signUpUser(t.app);
    const refused = await post(person.token, '/api/webshop/subscriptions/sessions', {
      plan: 'ORGANISATION',
      quantity: 2,
    });
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().code).toBe('plan_for_organisations');
    // Not through the card checkout either.
    const product = (await catalogue(t.app))['dk-organisation'];
    const card = await post(person.token, '/api/webshop/orders/reepay', {
      items: [{ product_id: product?.id, quantity: 1 }],
      immediate_start_consent: true,
    });
    expect(card.statusCode, card.body).toBe(403);
    expect(card.json().code).toBe('plan_for_organisations');
    expect(await t.database.db.select().from(orders).where(eq(orders.partyId, person.partyId))).toEqual([]);

    const admin = await organisationAdmin();
    const sold = await post(admin.token, '/api/webshop/subscriptions/sessions', {
      plan: 'ORGANISATION',
      quantity: 2,
    });
    expect(sold.statusCode, sold.body).toBe(201);
  });

  it('a renewal extends the period; dunning that gives up ends it, and the bikes stay', async () => {
    const { person, handle } = await subscribed('SINGLE');
    await registerBike(t.app, person.token);
    const first = Date.parse((await overview(person.token)).current_period_end);
    expect((await post(null, `/dev/reepay/subscriptions/${handle}/renew`, {})).statusCode).toBe(200);
    await t.app.payments.reepay.standIn?.whenWebhooksSent();
    const renewed = Date.parse((await overview(person.token)).current_period_end);
    expect(renewed).toBeGreaterThan(first);

    await post(null, `/dev/reepay/subscriptions/${handle}/renew`, { fail: true });
    await post(null, `/dev/reepay/subscriptions/${handle}/expire-dunning`, {});
    await t.app.payments.reepay.standIn?.whenWebhooksSent();
    const ended = await overview(person.token);
    expect(ended).toMatchObject({ subscription_active: false, credits_used: 1, can_add_bike: false });
    const bikes = await t.app.inject({ method: 'GET', url: '/api/bikes', headers: bearer(person.token) });
    expect(bikes.json()).toHaveLength(1);
  });

  it('stores the request to start at once on the order, and none when it was not given', async () => {
    const person = await signUpUser(t.app);
    const consented = await post(person.token, '/api/webshop/subscriptions/sessions', {
      plan: 'SINGLE',
      immediate_start_consent: true,
    });
    expect(consented.statusCode, consented.body).toBe(201);
    const without = await post(person.token, '/api/webshop/subscriptions/sessions', { plan: 'FAMILY' });
    expect(without.statusCode, without.body).toBe(201);
    const consentOf = async (orderId: string) =>
      (await t.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]?.immediateStartConsentAt;
    expect(await consentOf(consented.json().order_id)).toBeInstanceOf(Date);
    expect(await consentOf(without.json().order_id)).toBeNull();
    const invalid = await post(person.token, '/api/webshop/subscriptions/sessions', {
      plan: 'SINGLE',
      immediate_start_consent: 'yes',
    });
    expect(invalid.statusCode).toBe(422);
  });

  it('refuses a visitor (401) and an unknown plan (422)', async () => {
    expect((await post(null, '/api/webshop/subscriptions/sessions', { plan: 'SINGLE' })).statusCode).toBe(
      401,
    );
    const person = await signUpUser(t.app);
    expect(
      (await post(person.token, '/api/webshop/subscriptions/sessions', { plan: 'GOLD' })).statusCode,
    ).toBe(422);
  });
});

describe('POST /api/webshop/subscriptions/bikes', () => {
  it('adds a credit to the active subscription at the prorated price, paid by card', async () => {
    const { person, handle } = await subscribed('FAMILY');
    const response = await post(person.token, '/api/webshop/subscriptions/bikes', { quantity: 2 });
    expect(response.statusCode, response.body).toBe(201);
    const started = response.json<{ order_id: string; payment_url: string }>();
    const pending = (
      await t.app.inject({
        method: 'GET',
        url: `/api/webshop/orders/${started.order_id}`,
        headers: bearer(person.token),
      })
    ).json();
    // A year left of a 299 kr plan for 4 credits: 74 kr a credit (whole kroner, rounded down).
    expect(pending.lines).toEqual([
      expect.objectContaining({
        kind: 'subscription_credit',
        quantity: 2,
        unit_price_minor: 7_400,
        total_minor: 14_800,
      }),
    ]);
    await payInWindow(t.app, started.payment_url);
    const view = await overview(person.token);
    expect(view).toMatchObject({ plan: 'FAMILY', credits_free: 6 });
    const rows = await t.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.partyId, person.partyId));
    expect(rows.map((row) => row.externalId)).toEqual([handle]);
  });

  it('ORGANISATION raises its quantity at the provider, billed prorated to the stored card: credits follow once', async () => {
    const { person, handle } = await subscribed('ORGANISATION', 5);
    const response = await post(person.token, '/api/webshop/subscriptions/bikes', { quantity: 3 });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({ order_id: null, payment_url: null, credits_added: 3 });
    await t.app.payments.reepay.standIn?.whenWebhooksSent();
    expect(await overview(person.token)).toMatchObject({ plan: 'ORGANISATION', credits_free: 8 });
    expect((await t.app.payments.reepay.client.getSubscription(handle))?.quantity).toBe(8);
  });

  it('ORGANISATION raised with an Idempotency-Key and retried after the instance died at the provider: billed once', async () => {
    const { person, handle, buyerPartyId } = await subscribed('ORGANISATION', 5);
    const key = 'raise-quantity-0001';
    const headers = bearer(person.token, { 'idempotency-key': key });
    const url = '/api/webshop/subscriptions/bikes';
    const first = await t.app.inject({ method: 'POST', url, headers, payload: { quantity: 3 } });
    expect(first.statusCode, first.body).toBe(201);
    expect((await t.app.payments.reepay.client.getSubscription(handle))?.quantity).toBe(8);
    // What an instance that died after the provider raised the quantity, before its transaction
    // committed, leaves behind: the quantity to reach recorded, no answer, a lease that ran out.
    const identifies = and(eq(idempotencyKeys.partyId, buyerPartyId), eq(idempotencyKeys.key, key));
    const [kept] = await t.database.db.select().from(idempotencyKeys).where(identifies);
    expect(kept?.progress).toEqual({ subscription_quantity: 8 });
    await t.database.db
      .update(idempotencyKeys)
      .set({ status: null, response: null, createdAt: new Date(Date.now() - IDEMPOTENCY_LEASE_MS - 1_000) })
      .where(identifies);

    const retried = await t.app.inject({ method: 'POST', url, headers, payload: { quantity: 3 } });
    expect(retried.statusCode, retried.body).toBe(201);
    expect(retried.json()).toEqual(first.json());
    // Set to the recorded quantity again, not raised by 3 once more.
    expect((await t.app.payments.reepay.client.getSubscription(handle))?.quantity).toBe(8);
    await t.app.payments.reepay.standIn?.whenWebhooksSent();
    expect(await overview(person.token)).toMatchObject({ plan: 'ORGANISATION', credits_free: 8 });
  });

  it('answers 403 no_subscription without an active subscription', async () => {
    const person = await signUpUser(t.app);
    const response = await post(person.token, '/api/webshop/subscriptions/bikes', {});
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('no_subscription');
  });
});

describe('POST /api/webshop/customers/sessions', () => {
  it('gives the card page, cancels to the period’s end (still active), and resumes', async () => {
    const { person, handle } = await subscribed('FAMILY');
    const card = await post(person.token, '/api/webshop/customers/sessions', {});
    expect(card.statusCode).toBe(200);
    expect(card.json()).toMatchObject({ plan: 'FAMILY', cancelled: false, active: true });
    expect(card.json().url).toContain(`/dev/reepay/payment-info/${handle}`);

    const cancelled = await post(person.token, '/api/webshop/customers/sessions', { action: 'cancel' });
    expect(cancelled.json()).toMatchObject({ cancelled: true, active: true });
    expect(await overview(person.token)).toMatchObject({ subscription_active: true });
    const table = await post(person.token, '/api/webshop/customer-session-for-pricing-table');
    expect(table.json()).toMatchObject({ cancel_at_period_end: true, current_plan: 'FAMILY', renews: true });

    const resumed = await post(person.token, '/api/webshop/customers/sessions', { action: 'resume' });
    expect(resumed.json()).toMatchObject({ cancelled: false, active: true });
  });

  it('cancels for a person who gave away her only bike: no bike is needed (issue 27, walk 5)', async () => {
    const { person } = await subscribed('SINGLE');
    await setName(t.app, person, 'Mette', 'Giver');
    const [plate] = await printStickers(t.app, 1);
    const bike = await registerBike(t.app, person.token, { nickname: 'Eneste', plate_id: plate });
    const recipient = await signUpConfirmed(t.app);
    const { transferId, code } = await offerBike(t.app, person.token, bike.bike_id, recipient.email);
    const accepted = await act(t.app, recipient.token, transferId, 'accept', { code });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const mine = await t.app.inject({ method: 'GET', url: '/api/bikes/', headers: bearer(person.token) });
    expect(mine.json()).toEqual([]);

    const cancelled = await post(person.token, '/api/webshop/customers/sessions', { action: 'cancel' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ plan: 'SINGLE', cancelled: true, active: true });
    const table = await post(person.token, '/api/webshop/customer-session-for-pricing-table');
    expect(table.json()).toMatchObject({ current_plan: 'SINGLE', cancel_at_period_end: true, renews: true });
  });

  it('answers 403 no_subscription without a subscription at the provider, 401 to a visitor', async () => {
    const person = await signUpUser(t.app);
    const response = await post(person.token, '/api/webshop/customers/sessions', {});
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('no_subscription');
    expect((await post(null, '/api/webshop/customers/sessions', {})).statusCode).toBe(401);
  });
});

describe('POST /api/webshop/customer-session-for-pricing-table', () => {
  it('shows the plans of the person’s region in its currency, and no current plan before buying', async () => {
    const norwegian = await signUpUser(t.app, { chosen_region: 'no' });
    const response = await post(norwegian.token, '/api/webshop/customer-session-for-pricing-table');
    expect(response.statusCode).toBe(200);
    const table = response.json();
    expect(table).toMatchObject({
      region: 'no',
      currency: 'NOK',
      current_plan: null,
      subscription_active: false,
      renews: false,
    });
    // A private person is not offered the organisation plan; an organisation's admin is.
    expect(table.plans.map((plan: { plan: string }) => plan.plan)).toEqual(['SINGLE', 'FAMILY']);
    const admin = await organisationAdmin();
    const forOrganisation = (
      await post(admin.token, '/api/webshop/customer-session-for-pricing-table')
    ).json();
    expect(forOrganisation.plans.map((plan: { plan: string }) => plan.plan)).toContain('ORGANISATION');
    expect((await post(null, '/api/webshop/customer-session-for-pricing-table')).statusCode).toBe(401);
  });

  it('says a subscription at the provider renews, and a one-time registration does not (nothing to cancel)', async () => {
    const { person } = await subscribed('SINGLE');
    const subscriber = await post(person.token, '/api/webshop/customer-session-for-pricing-table');
    expect(subscriber.json()).toMatchObject({ subscription_active: true, renews: true });

    const buyer = await signUpUser(t.app);
    const products = await catalogue(t.app);
    const started = await checkout(t.app, buyer.token, {
      items: [{ product_id: products['dk-registration']?.id, quantity: 1 }],
      immediate_start_consent: true,
    });
    await payInWindow(t.app, started.payment_url);
    const oneTime = await post(buyer.token, '/api/webshop/customer-session-for-pricing-table');
    expect(oneTime.statusCode).toBe(200);
    expect(oneTime.json()).toMatchObject({
      subscription_active: true,
      renews: false,
      cancel_at_period_end: false,
    });
    const cancel = await post(buyer.token, '/api/webshop/customers/sessions', { action: 'cancel' });
    expect(cancel.json().code).toBe('no_subscription');
  });
});
