import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/backoffice.ts';
import { answerOnLandingPage, clubOrder } from '../../test/club-helpers.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { bearer, mailsTo, signUpUser } from '../../test/identity-helpers.ts';
import { createStaffFixtures } from '../../test/staff-fixtures.ts';
import { catalogue, checkout, makeVouchers, payInWindow, redeem } from '../../test/webshop-helpers.ts';

let t: TestApp;
let admin: string;
let support: string;
let products: Awaited<ReturnType<typeof catalogue>>;

beforeAll(async () => {
  t = await createTestApp();
  const staff = await createStaffFixtures(t.app);
  admin = staff.admin.token;
  support = staff.support.token;
  products = await catalogue(t.app);
});
afterAll(async () => {
  await t?.close();
});

const ADDRESS = {
  name: 'Karen Blik',
  street_address: 'Vestergade 3',
  zip_code: '8000',
  city: 'Aarhus',
  country: 'DK',
};
const post = (token: string | null, url: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
const overview = async (token: string) =>
  (
    await t.app.inject({
      method: 'GET',
      url: '/api/webshop/bike-ownership-credits/overview',
      headers: bearer(token),
    })
  ).json();

async function paidOrder(handle: string, body: Record<string, unknown> = {}) {
  const buyer = await signUpUser(t.app);
  const started = await checkout(t.app, buyer.token, {
    items: [{ product_id: products[handle]?.id, quantity: 1 }],
    ...body,
  });
  await payInWindow(t.app, started.payment_url);
  return { buyer, orderId: started.order_id };
}

describe('POST /api/webshop/orders/{order_id}/shipment', () => {
  it('staff move paid plates on, one step at a time; the buyer sees it', async () => {
    const { buyer, orderId } = await paidOrder('dk-plates', { shipping_address: ADDRESS });
    const skip = await post(support, `/api/webshop/orders/${orderId}/shipment`, { status: 'shipped' });
    expect(skip.statusCode).toBe(409);
    expect(skip.json().code).toBe('shipment_step_invalid');
    expect(
      (await post(support, `/api/webshop/orders/${orderId}/shipment`, { status: 'packed' })).statusCode,
    ).toBe(200);
    const shipped = await post(support, `/api/webshop/orders/${orderId}/shipment`, {
      status: 'shipped',
      tracking_number: ' 00370712345678901234 ',
    });
    expect(shipped.json()).toMatchObject({
      shipment_status: 'shipped',
      tracking_number: '00370712345678901234',
    });
    const seen = await t.app.inject({
      method: 'GET',
      url: `/api/webshop/orders/${orderId}`,
      headers: bearer(buyer.token),
    });
    expect(seen.json()).toMatchObject({
      shipment_status: 'shipped',
      tracking_number: '00370712345678901234',
      receipt_url: `/api/webshop/orders/${orderId}/receipt`,
    });
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/webshop/orders',
      headers: bearer(buyer.token),
    });
    expect(listed.json()[0]).toMatchObject({ id: orderId, tracking_number: '00370712345678901234' });
    const receipt = await t.app.inject({
      method: 'GET',
      url: seen.json().receipt_url,
      headers: bearer(buyer.token),
    });
    expect(receipt.statusCode).toBe(200);
    expect(receipt.headers['content-type']).toBe('application/pdf');
    const audits = await t.app.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'webshop.order_shipment_moved'));
    expect(
      audits.filter((event) => (event.details as { order_id?: string }).order_id === orderId),
    ).toHaveLength(2);
  });

  it('takes a tracking number only when shipping, and shipping without one leaves none', async () => {
    const { buyer, orderId } = await paidOrder('dk-plates', { shipping_address: ADDRESS });
    const early = await post(support, `/api/webshop/orders/${orderId}/shipment`, {
      status: 'packed',
      tracking_number: '123456',
    });
    expect(early.statusCode).toBe(422);
    const blank = await post(support, `/api/webshop/orders/${orderId}/shipment`, {
      status: 'packed',
      tracking_number: '  ',
    });
    expect(blank.statusCode).toBe(422);
    const seenAfterRefusals = await t.app.inject({
      method: 'GET',
      url: `/api/webshop/orders/${orderId}`,
      headers: bearer(buyer.token),
    });
    expect(seenAfterRefusals.json()).toMatchObject({ shipment_status: 'waiting', tracking_number: null });
    await post(support, `/api/webshop/orders/${orderId}/shipment`, { status: 'packed' });
    const shipped = await post(support, `/api/webshop/orders/${orderId}/shipment`, { status: 'shipped' });
    expect(shipped.json()).toMatchObject({ shipment_status: 'shipped', tracking_number: null });
  });

  it('refuses the buyer (403), a visitor (401), an order without goods (409)', async () => {
    const { buyer, orderId } = await paidOrder('dk-plates', { shipping_address: ADDRESS });
    expect(
      (await post(buyer.token, `/api/webshop/orders/${orderId}/shipment`, { status: 'packed' })).statusCode,
    ).toBe(403);
    expect(
      (await post(null, `/api/webshop/orders/${orderId}/shipment`, { status: 'packed' })).statusCode,
    ).toBe(401);
    const service = await paidOrder('dk-single');
    const none = await post(support, `/api/webshop/orders/${service.orderId}/shipment`, { status: 'packed' });
    expect(none.statusCode).toBe(409);
  });
});

describe('shipping mails the buyer (issue 17 §1)', () => {
  it('in their language, with the tracking number; packing mails nothing', async () => {
    const { buyer, orderId } = await paidOrder('dk-plates', { shipping_address: ADDRESS });
    await post(support, `/api/webshop/orders/${orderId}/shipment`, { status: 'packed' });
    expect(await mailsTo(t.app.db, buyer.email, 'webshop_shipped')).toHaveLength(0);
    const shipped = await post(support, `/api/webshop/orders/${orderId}/shipment`, {
      status: 'shipped',
      tracking_number: 'PN123456789DK',
    });
    const [mail, ...more] = await mailsTo(t.app.db, buyer.email, 'webshop_shipped');
    expect(more).toHaveLength(0);
    expect(mail?.language).toBe('da');
    expect(mail?.subject).toContain(shipped.json().receipt_number);
    expect(mail?.text).toContain('Sporingsnummer: PN123456789DK');
    const [audit] = (
      await t.app.db.select().from(auditEvents).where(eq(auditEvents.action, 'webshop.order_shipment_moved'))
    ).filter(
      (event) =>
        (event.details as { to?: string; order_id?: string }).order_id === orderId &&
        (event.details as { to?: string }).to === 'shipped',
    );
    expect(audit?.targetPartyId).toBe(buyer.partyId);
    expect(audit?.details).toMatchObject({
      before: { shipment_status: 'packed', tracking_number: null },
      after: { shipment_status: 'shipped', tracking_number: 'PN123456789DK' },
    });
  });
});

describe('GET /api/backoffice/orders', () => {
  const search = (token: string | null, query: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/backoffice/orders?${query}`,
      headers: token ? bearer(token) : {},
    });

  it('staff find orders by order number, id, e-mail, status and shipment status; the search is audited', async () => {
    const { buyer, orderId } = await paidOrder('dk-plates', { shipping_address: ADDRESS });
    const byEmail = await search(support, `query=${encodeURIComponent(buyer.email.toUpperCase())}`);
    expect(byEmail.statusCode).toBe(200);
    expect(byEmail.json().items).toEqual([
      expect.objectContaining({ id: orderId, buyer_email: buyer.email, buyer_party_id: buyer.partyId }),
    ]);
    const number = byEmail.json().items[0].receipt_number as string;
    const byNumber = (await search(admin, `query=${number}`)).json().items;
    expect(byNumber.map((order: { id: string }) => order.id)).toEqual([orderId]);
    const digits = String(Number(number.split('-')[1]));
    expect(
      (await search(support, `query=${digits}`)).json().items.map((order: { id: string }) => order.id),
    ).toContain(orderId);
    expect((await search(support, `query=${orderId}`)).json().items).toHaveLength(1);

    const waiting = (await search(support, 'shipment_status=waiting')).json().items;
    expect(waiting.map((order: { id: string }) => order.id)).toContain(orderId);
    await post(support, `/api/webshop/orders/${orderId}/shipment`, { status: 'packed' });
    const stillWaiting = (await search(support, 'shipment_status=waiting&status=fulfilled')).json().items;
    expect(stillWaiting.map((order: { id: string }) => order.id)).not.toContain(orderId);
    expect((await search(support, `shipment_status=packed&query=${buyer.email}`)).json().items).toHaveLength(
      1,
    );

    const [audit] = await t.app.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'webshop.orders_searched_by_staff'))
      .orderBy(desc(auditEvents.createdAt))
      .limit(1);
    expect(audit?.details).toMatchObject({ query: buyer.email, shipment_status: 'packed' });
  });

  it('refuses a person (403) and a visitor (401); a bad status is 422', async () => {
    const buyer = await signUpUser(t.app);
    expect((await search(buyer.token, '')).statusCode).toBe(403);
    expect((await search(null, '')).statusCode).toBe(401);
    expect((await search(support, 'status=lost')).statusCode).toBe(422);
  });
});

describe('POST /api/webshop/orders/{order_id}/refunds', () => {
  it('an admin refunds a card order in full: refunded at the provider, the unused credits withdrawn', async () => {
    const { buyer, orderId } = await paidOrder('dk-family');
    expect(await overview(buyer.token)).toMatchObject({ credits_free: 4, subscription_active: true });
    const response = await post(admin, `/api/webshop/orders/${orderId}/refunds`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().status).toBe('refunded');
    const invoice = await t.app.payments.reepay.client.getInvoice(orderId);
    expect(invoice?.refundedAmount).toBe(29_900);
    expect(await overview(buyer.token)).toMatchObject({ credits_free: 0, subscription_active: false });
    const again = await post(admin, `/api/webshop/orders/${orderId}/refunds`);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('order_not_refundable');
  });

  it('an admin refunds a Vipps MobilePay order from what was captured, once; the credit is withdrawn', async () => {
    const member = await signUpUser(t.app, { chosen_region: 'no', chosen_language: 'no' });
    const started = await clubOrder(t.app, member.token);
    expect((await answerOnLandingPage(t.app, started.payment_url, 'approve')).statusCode).toBe(303);
    expect(await overview(member.token)).toMatchObject({ credits_free: 1 });
    const response = await post(admin, `/api/webshop/orders/${started.order_id}/refunds`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: 'refunded', payment_method: 'vipps' });
    const payment = await t.app.payments.vipps.client.getPayment(started.order_id);
    expect(payment?.aggregate).toMatchObject({ capturedAmount: 19_900, refundedAmount: 19_900 });
    expect(await overview(member.token)).toMatchObject({ credits_free: 0 });
    const again = await post(admin, `/api/webshop/orders/${started.order_id}/refunds`);
    expect(again.statusCode).toBe(409);
    expect((await t.app.payments.vipps.client.getPayment(started.order_id))?.aggregate.refundedAmount).toBe(
      19_900,
    );
  });

  it('refuses a Vipps MobilePay order the member has not approved (nothing captured)', async () => {
    const member = await signUpUser(t.app, { chosen_region: 'no', chosen_language: 'no' });
    const started = await clubOrder(t.app, member.token);
    const response = await post(admin, `/api/webshop/orders/${started.order_id}/refunds`);
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('order_not_refundable');
  });

  it('refuses support staff (403) and a voucher order (409)', async () => {
    const { orderId } = await paidOrder('dk-registration');
    expect((await post(support, `/api/webshop/orders/${orderId}/refunds`)).statusCode).toBe(403);
    const person = await signUpUser(t.app);
    const [code] = await makeVouchers(t.app, admin, { product_id: products['dk-registration']?.id ?? '' });
    const redeemed = (await redeem(t.app, person.token, { code })).json();
    const response = await post(admin, `/api/webshop/orders/${redeemed.order.id}/refunds`);
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('order_not_refundable');
  });
});
