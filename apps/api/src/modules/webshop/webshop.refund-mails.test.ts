import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerBike } from '../../test/bike-api-helpers.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { bearer, latestMail, mailsTo, signUpUser } from '../../test/identity-helpers.ts';
import { pdfText } from '../../test/theft-report-fixtures.ts';
import { catalogue, checkout, payInWindow, staffAdminToken } from '../../test/webshop-helpers.ts';

/*
 * What a refund (order-staff.service, backoffice admins) tells the buyer (issue 15 §7): a mail in
 * their language, queued with the refund, saying how much and that a used registration stays; the
 * receipt stays and says it was refunded.
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

const refund = (orderId: string) =>
  t.app.inject({ method: 'POST', url: `/api/webshop/orders/${orderId}/refunds`, headers: bearer(admin) });

async function paidRegistration(language: string) {
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

const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('the refund mail', () => {
  it('an unused registration refunded: the amount in the buyer’s language, once; the receipt says refunded', async () => {
    const { buyer, orderId } = await paidRegistration('en');
    expect(await mailsTo(t.app.db, buyer.email, 'webshop_refund')).toHaveLength(0);
    expect((await refund(orderId)).statusCode).toBe(200);
    const mail = await latestMail(t.app.db, buyer.email, 'webshop_refund');
    expect(mail.language).toBe('en');
    expect(mail.subject).toMatch(/^Refund of your order DK-\d{6}$/);
    expect(plain(mail.text)).toContain('We have refunded DKK 100.00');
    expect(mail.text).toContain('had not been used have been withdrawn');
    expect(mail.text).not.toContain('already used on a bike');

    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/webshop/orders/${orderId}/receipt`,
      headers: bearer(buyer.token),
    });
    expect(pdf.statusCode).toBe(200);
    expect(plain(pdfText(pdf.rawPayload))).toContain('Refunded: DKK 100.00');

    // A second refund is refused and mails nothing.
    expect((await refund(orderId)).statusCode).toBe(409);
    expect(await mailsTo(t.app.db, buyer.email, 'webshop_refund')).toHaveLength(1);
  });

  it('a registration already used on a bike: the mail says it stays (Danish, Norwegian)', async () => {
    for (const [language, amount, stays] of [
      ['da', '100,00 kr.', 'En registrering, der allerede er brugt på en cykel, bliver stående.'],
      ['no', '100,00', 'En registrering som allerede er brukt på en sykkel, blir stående.'],
    ] as const) {
      const { buyer, orderId } = await paidRegistration(language);
      await registerBike(t.app, buyer.token);
      expect((await refund(orderId)).statusCode).toBe(200);
      const mail = await latestMail(t.app.db, buyer.email, 'webshop_refund');
      expect(mail.language).toBe(language);
      expect(plain(mail.text)).toContain(amount);
      expect(mail.text).toContain(stays);
    }
  });
});
