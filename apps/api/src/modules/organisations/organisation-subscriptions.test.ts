import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { bearer, latestMail, signUpUser, type TestUser } from '../../test/identity-helpers.ts';
import { createBusiness, joinByInvitation, signUpVerifiedUser } from '../../test/organisation-helpers.ts';
import { catalogue, payInWindow } from '../../test/webshop-helpers.ts';

/*
 * An organisation buys its ORGANISATION subscription (issue 15 §6): its admin chooses the number of
 * credits and pays in the provider's window with a stored card; the return page polls the order and
 * shows the organisation's credits. A member who is not admin may not buy; others do not see it.
 */

let t: TestApp;
let admin: TestUser;
let member: TestUser;
let dockOperator: TestUser;
let outsider: TestUser;
let organisationId: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpVerifiedUser(t.app, 'org-admin');
  organisationId = await createBusiness(t.app, admin, 'Firma Cykler ApS');
  member = await signUpUser(t.app);
  await joinByInvitation(t.app, admin.token, organisationId, member, 'member');
  dockOperator = await signUpUser(t.app);
  await joinByInvitation(t.app, admin.token, organisationId, dockOperator, 'dock_operator');
  outsider = await signUpUser(t.app);
});
afterAll(async () => {
  await t?.close();
});

const buy = (token: string | null, quantity: unknown, organisation = organisationId) =>
  t.app.inject({
    method: 'POST',
    url: `/api/organisations/${organisation}/subscriptions/sessions`,
    headers: token ? bearer(token) : {},
    payload: { quantity },
  });

const state = (token: string | null, orderId: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/organisations/${organisationId}/orders/${orderId}`,
    headers: token ? bearer(token) : {},
  });

describe('POST /api/organisations/{organisationId}/subscriptions/sessions', () => {
  it('the admin buys 5 credits: the organisation’s order, paid on the provider’s word, its credits, the receipt to the admin', async () => {
    const perCredit = (await catalogue(t.app))['dk-organisation']?.price.amount_minor ?? 0;
    expect(perCredit).toBeGreaterThan(0);
    const started = await buy(admin.token, 5);
    expect(started.statusCode).toBe(201);
    const { order_id, payment_url } = started.json<{ order_id: string; payment_url: string }>();
    expect(payment_url).toContain('/dev/reepay/');

    const before = await state(admin.token, order_id);
    expect(before.json()).toMatchObject({
      status: 'pending',
      quantity: 5,
      total_minor: perCredit * 5,
      currency: 'DKK',
      receipt_number: null,
      credits_total: 0,
    });

    const window = await payInWindow(t.app, payment_url);
    expect(window.statusCode).toBe(303);
    expect(window.headers.location).toContain(`/organisation-payment-complete-redirect?order_id=${order_id}`);

    const after = (await state(admin.token, order_id)).json();
    expect(after).toMatchObject({
      status: 'fulfilled',
      credits_total: 5,
      credits_free: 5,
      subscription_active: true,
    });
    expect(after.receipt_number).toMatch(/^DK-\d{6}$/);
    // The organisation bought it, not the admin as a person.
    const own = await t.app.inject({
      method: 'GET',
      url: '/api/webshop/orders',
      headers: bearer(admin.token),
    });
    expect(own.json<Array<{ id: string }>>().some((order) => order.id === order_id)).toBe(false);
    const mail = await latestMail(t.app.db, admin.email, 'webshop_receipt');
    expect(mail.subject).toContain(after.receipt_number);

    // Members follow it too; someone outside does not see it.
    expect((await state(member.token, order_id)).json()).toMatchObject({
      status: 'fulfilled',
      credits_total: 5,
    });
    expect((await state(outsider.token, order_id)).statusCode).toBe(404);
    expect((await state(null, order_id)).statusCode).toBe(401);
  });

  it('a member who is not admin 403, someone else 404, a visitor 401, a bad quantity 422: no order', async () => {
    expect((await buy(member.token, 2)).statusCode).toBe(403);
    // Running the organisation's docks is not spending its money.
    expect((await buy(dockOperator.token, 2)).statusCode).toBe(403);
    expect((await buy(outsider.token, 2)).statusCode).toBe(404);
    expect((await buy(null, 2)).statusCode).toBe(401);
    expect((await buy(admin.token, 0)).statusCode).toBe(422);
    expect((await buy(admin.token, 1001)).statusCode).toBe(422);
    expect((await buy(admin.token, 2, 'not-an-organisation')).statusCode).toBe(404);
  });

  it('an order of someone else is not the organisation’s: 404', async () => {
    const person = await signUpUser(t.app);
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/webshop/subscriptions/sessions',
      headers: bearer(person.token),
      payload: { plan: 'SINGLE' },
    });
    expect(started.statusCode).toBe(201);
    expect((await state(admin.token, started.json<{ order_id: string }>().order_id)).statusCode).toBe(404);
  });
});
