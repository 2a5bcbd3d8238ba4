import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/backoffice.ts';
import { orderRefunds } from '../../db/schema/webshop.ts';
import { registerBike } from '../../test/bike-api-helpers.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { bearer, latestMail, logIn, mailsTo, signUpUser } from '../../test/identity-helpers.ts';
import { grantStaffRole } from '../../test/role-fixtures.ts';
import { pdfText } from '../../test/theft-report-fixtures.ts';
import {
  catalogue,
  checkout,
  makeVouchers,
  payInWindow,
  redeem,
  staffAdminToken,
} from '../../test/webshop-helpers.ts';

/*
 * Refunds (issue 15 §7): backoffice admins give an order's money back through the provider, exactly
 * once; the whole order given back takes its unused credits back, a used registration stays; the
 * buyer gets a mail; the act is audited.
 */

let t: TestApp;
let admin: string;
let registration: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await staffAdminToken(t.app);
  registration = (await catalogue(t.app))['dk-registration']?.id ?? '';
});
afterAll(async () => {
  await t?.close();
});

const refund = (token: string | null, orderId: string, body: Record<string, unknown> = {}, headers = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/webshop/orders/${orderId}/refunds`,
    headers: token ? bearer(token, headers) : headers,
    payload: body,
  });

const overview = async (token: string) =>
  (
    await t.app.inject({
      method: 'GET',
      url: '/api/webshop/bike-ownership-credits/overview',
      headers: bearer(token),
    })
  ).json();

const orderOf = async (token: string, orderId: string) =>
  (
    await t.app.inject({ method: 'GET', url: `/api/webshop/orders/${orderId}`, headers: bearer(token) })
  ).json();

async function paidRegistration(language = 'da') {
  const buyer = await signUpUser(t.app);
  const started = await checkout(
    t.app,
    buyer.token,
    { items: [{ product_id: registration, quantity: 1 }] },
    { 'accept-language': language },
  );
  await payInWindow(t.app, started.payment_url);
  return { buyer, orderId: started.order_id };
}

describe('POST /api/webshop/orders/{order_id}/refunds', () => {
  it('an unused registration: all of it back at the provider, the credit taken back, the buyer mailed, audited', async () => {
    const { buyer, orderId } = await paidRegistration('en');
    expect((await overview(buyer.token)).credits_free).toBe(1);
    const answer = await refund(admin, orderId);
    expect(answer.statusCode).toBe(201);
    expect(answer.json()).toMatchObject({
      order_id: orderId,
      amount_minor: 10_000,
      currency: 'DKK',
      state: 'refunded',
      order_status: 'refunded',
      within_withdrawal_period: true,
      credits_withdrawn: 1,
      credits_kept: 0,
    });
    expect((await orderOf(buyer.token, orderId)).status).toBe('refunded');
    expect((await overview(buyer.token)).credits_free).toBe(0);
    const invoice = await t.app.payments.reepay.client.getInvoice(orderId);
    expect(invoice?.refundedAmount).toBe(10_000);

    const mail = await latestMail(t.app.db, buyer.email, 'webshop_refund');
    expect(mail.language).toBe('en');
    expect(mail.subject).toContain('Refund of your order DK-');
    expect(mail.text.replace(/\u00a0/g, ' ')).toContain('We have refunded DKK 100.00');
    expect(mail.text).toContain('have been withdrawn: 1');

    const [event] = await t.app.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.action, 'webshop.order_refunded'), eq(auditEvents.targetPartyId, buyer.partyId)),
      );
    expect(event?.details).toMatchObject({ order_id: orderId, amount_minor: 10_000, credits_withdrawn: 1 });

    // The receipt stays, and says what was refunded.
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/webshop/orders/${orderId}/receipt`,
      headers: bearer(buyer.token),
    });
    expect(pdfText(pdf.rawPayload).replace(/\u00a0/g, ' ')).toContain('Refunded: DKK 100.00');

    // Nothing is left to give back.
    const again = await refund(admin, orderId);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('order_not_refundable');
  });

  it('a registration already used on a bike stays on it, and the mail says so', async () => {
    const { buyer, orderId } = await paidRegistration();
    await registerBike(t.app, buyer.token);
    const answer = await refund(admin, orderId);
    expect(answer.statusCode).toBe(201);
    expect(answer.json()).toMatchObject({ credits_withdrawn: 0, credits_kept: 1, order_status: 'refunded' });
    const mail = await latestMail(t.app.db, buyer.email, 'webshop_refund');
    expect(mail.text).toContain('En registrering, der allerede er brugt på en cykel, bliver stående.');
  });

  it('a part, then the rest; more than is left is refused and changes nothing', async () => {
    const { buyer, orderId } = await paidRegistration();
    const part = await refund(admin, orderId, { amount_minor: 4_000 });
    expect(part.statusCode).toBe(201);
    expect(part.json()).toMatchObject({
      amount_minor: 4_000,
      order_status: 'fulfilled',
      credits_withdrawn: 0,
    });
    expect((await overview(buyer.token)).credits_free).toBe(1);

    const tooMuch = await refund(admin, orderId, { amount_minor: 6_001 });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().code).toBe('refund_exceeds_paid');

    const rest = await refund(admin, orderId);
    expect(rest.json()).toMatchObject({
      amount_minor: 6_000,
      order_status: 'refunded',
      credits_withdrawn: 1,
    });
    expect((await t.app.payments.reepay.client.getInvoice(orderId))?.refundedAmount).toBe(10_000);
    expect(await mailsTo(t.app.db, buyer.email, 'webshop_refund')).toHaveLength(2);
  });

  it('exactly once: the same Idempotency-Key answers the first refund; refunds at once give back once', async () => {
    const first = await paidRegistration();
    const key = { 'idempotency-key': `refund-${randomUUID()}` };
    const one = await refund(admin, first.orderId, {}, key);
    const two = await refund(admin, first.orderId, {}, key);
    expect(one.statusCode).toBe(201);
    expect(two.statusCode).toBe(201);
    expect(two.json().id).toBe(one.json().id);
    expect(
      await t.app.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, first.orderId)),
    ).toHaveLength(1);

    const second = await paidRegistration();
    const answers = await Promise.all(Array.from({ length: 5 }, () => refund(admin, second.orderId)));
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(4);
    expect((await t.app.payments.reepay.client.getInvoice(second.orderId))?.refundedAmount).toBe(10_000);
    expect(await mailsTo(t.app.db, second.buyer.email, 'webshop_refund')).toHaveLength(1);
  });

  it('only backoffice admins: the buyer and support staff 403, a visitor 401; unknown 404; a voucher order 409', async () => {
    const { buyer, orderId } = await paidRegistration();
    const support = await signUpUser(t.app);
    await grantStaffRole(t.app.db, support.partyId, 'support');
    const supportToken = await logIn(t.app, support.email, support.password);
    expect((await refund(buyer.token, orderId)).statusCode).toBe(403);
    expect((await refund(supportToken, orderId)).statusCode).toBe(403);
    expect((await refund(null, orderId)).statusCode).toBe(401);
    expect((await refund(admin, randomUUID())).statusCode).toBe(404);
    expect((await refund(admin, orderId, { amount_minor: -5 })).statusCode).toBe(422);
    expect((await orderOf(buyer.token, orderId)).status).toBe('fulfilled');

    const [code] = await makeVouchers(t.app, admin, { product_id: registration });
    const redeemed = await redeem(t.app, buyer.token, { code });
    expect(redeemed.statusCode, redeemed.body).toBeLessThan(300);
    const voucherOrder = redeemed.json<{ order: { id: string } }>().order.id;
    const refused = await refund(admin, voucherOrder);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('order_not_refundable');
  });
});
