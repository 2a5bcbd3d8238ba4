import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { bearer, latestMail, mailsTo, signUpUser } from '../../test/identity-helpers.ts';
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
 * Receipts (issue 15 §7, payments.md §4.2): the PDF of a paid order holds every field a Danish
 * simplified invoice / Norwegian sales document needs, only its buyer gets it, and the receipt mail
 * is queued with the payment in the buyer's language.
 */

let t: TestApp;
let dk: Awaited<ReturnType<typeof catalogue>>;
let no: Awaited<ReturnType<typeof catalogue>>;

beforeAll(async () => {
  t = await createTestApp();
  dk = await catalogue(t.app);
  no = await catalogue(t.app, 'no');
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

function product(products: typeof dk, handle: string) {
  const found = products[handle];
  if (!found) throw new Error(`no product ${handle}`);
  return found;
}

const receipt = (token: string | null, orderId: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/webshop/orders/${orderId}/receipt`,
    headers: token ? bearer(token) : {},
  });

const orderOf = async (token: string, orderId: string) =>
  (
    await t.app.inject({ method: 'GET', url: `/api/webshop/orders/${orderId}`, headers: bearer(token) })
  ).json();

/** Whitespace as the PDF and the mail write it (Intl puts no-break spaces in amounts). */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('GET /api/webshop/orders/{order_id}/receipt', () => {
  it('a Danish order paid by card: number, date, seller with CVR, lines, VAT rate and amount, total, currency, payment, withdrawal, delivery', async () => {
    const buyer = await signUpUser(t.app);
    const plates = product(dk, 'dk-plates');
    const registration = product(dk, 'dk-registration');
    const started = await checkout(
      t.app,
      buyer.token,
      {
        items: [
          { product_id: plates.id, quantity: 2 },
          { product_id: registration.id, quantity: 1 },
        ],
        shipping_address: ADDRESS,
        immediate_start_consent: true,
      },
      { 'accept-language': 'da' },
    );
    await payInWindow(t.app, started.payment_url);
    const order = await orderOf(buyer.token, started.order_id);
    expect(order.receipt_number).toMatch(/^DK-\d{6}$/);

    const response = await receipt(buyer.token, started.order_id);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain(`receipt-${order.receipt_number}.pdf`);
    const text = plain(pdfText(response.rawPayload));
    const kroner = (minor: number) => `${(minor / 100).toFixed(2).replace('.', ',')} kr.`;
    const platesLine = order.lines.find((line: { kind: string }) => line.kind === 'plates');
    for (const expected of [
      'Kvittering (forenklet faktura)',
      'Kvitteringsnummer',
      order.receipt_number,
      'Dato',
      new Intl.DateTimeFormat('da-DK', { dateStyle: 'long', timeZone: 'Europe/Copenhagen' }).format(
        new Date(order.paid_at),
      ),
      'Nordic Bike Registry ApS',
      'Vesterbrogade 1, 1620 København V',
      'CVR-nr. 12345678',
      buyer.email,
      'Antal',
      'Beskrivelse',
      'Stykpris',
      'Beløb',
      platesLine.description,
      kroner(platesLine.unit_price_minor),
      kroner(platesLine.unit_price_minor * 2),
      'I alt inkl. moms',
      kroner(order.total_minor),
      `Moms 25 % af ${kroner(order.total_minor - order.vat_minor)}`,
      kroner(order.vat_minor),
      'Valuta',
      'DKK',
      'Betalt med',
      'Betalingskort',
      'Der er ikke opkrævet kortgebyr.',
      '14 dages fortrydelsesret',
      'registreringen blev taget i brug med det samme',
      'Oblater leveres inden for 7–10 hverdage.',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text.toLowerCase()).not.toContain('gebyr:');
  });

  it('a Norwegian sales document: the org.nr followed by MVA, NOK, in English when the buyer reads English', async () => {
    const buyer = await signUpUser(t.app, { chosen_region: 'no' });
    const started = await checkout(
      t.app,
      buyer.token,
      { items: [{ product_id: product(no, 'no-registration').id, quantity: 1 }] },
      { 'accept-language': 'en' },
    );
    await payInWindow(t.app, started.payment_url);
    const order = await orderOf(buyer.token, started.order_id);
    const text = plain(pdfText((await receipt(buyer.token, started.order_id)).rawPayload));
    for (const expected of [
      'Receipt (sales document)',
      order.receipt_number,
      'Nordic Bike Registry AS',
      'Karl Johans gate 1, 0154 Oslo',
      'Org. no. 912 345 678 MVA',
      'Total incl. VAT',
      'VAT 25 %',
      'NOK',
      'Payment card',
      '14-day right of withdrawal',
    ]) {
      expect(text).toContain(expected);
    }
    // No consent was given: the note about it is not there, nor plates' delivery.
    expect(text).not.toContain('acknowledged that your right of withdrawal');
    expect(text).not.toContain('business days');
  });

  it('only the buyer gets it: another person 404, a visitor 401; an order nothing was paid for has none', async () => {
    const buyer = await signUpUser(t.app);
    const other = await signUpUser(t.app);
    const started = await checkout(t.app, buyer.token, {
      items: [{ product_id: product(dk, 'dk-registration').id, quantity: 1 }],
    });
    expect((await receipt(buyer.token, started.order_id)).statusCode).toBe(404);
    await payInWindow(t.app, started.payment_url);
    expect((await receipt(buyer.token, started.order_id)).statusCode).toBe(200);
    expect((await receipt(other.token, started.order_id)).statusCode).toBe(404);
    expect((await receipt(null, started.order_id)).statusCode).toBe(401);
    expect((await receipt(buyer.token, 'not-an-id')).statusCode).toBe(404);

    const admin = await staffAdminToken(t.app);
    const [code] = await makeVouchers(t.app, admin, { product_id: product(dk, 'dk-registration').id });
    const redeemed = await redeem(t.app, buyer.token, { code });
    expect(redeemed.statusCode).toBeLessThan(300);
    const voucherOrder = redeemed.json<{ order: { id: string } }>().order.id;
    expect((await receipt(buyer.token, voucherOrder)).statusCode).toBe(404);
  });
});

describe('the receipt mail', () => {
  const cases = [
    {
      language: 'da',
      subject: 'Din kvittering',
      texts: [
        'Tak for din ordre',
        'Moms 25 %',
        '14 dages fortrydelsesret',
        'Oblater leveres inden for 7–10 hverdage.',
        'CVR-nr. 12345678',
      ],
    },
    {
      language: 'en',
      subject: 'Your receipt',
      texts: [
        'Thank you for your order',
        'VAT 25 %',
        '14-day right of withdrawal',
        'Plates are delivered within 7–10 business days.',
        'CVR no. 12345678',
      ],
    },
    {
      language: 'no',
      subject: 'Din kvittering',
      texts: [
        'Takk for bestillingen',
        'Mva. 25 %',
        '14 dagers angrerett',
        'Oblater leveres innen 7–10 virkedager.',
        'CVR-nr. 12345678',
      ],
    },
  ] as const;

  for (const { language, subject, texts } of cases) {
    it(`is queued with the payment, in the buyer's language (${language})`, async () => {
      const buyer = await signUpUser(t.app);
      const started = await checkout(
        t.app,
        buyer.token,
        { items: [{ product_id: product(dk, 'dk-plates').id, quantity: 1 }], shipping_address: ADDRESS },
        { 'accept-language': language },
      );
      expect(await mailsTo(t.app.db, buyer.email, 'webshop_receipt')).toHaveLength(0);
      await payInWindow(t.app, started.payment_url);
      const order = await orderOf(buyer.token, started.order_id);
      const mail = await latestMail(t.app.db, buyer.email, 'webshop_receipt');
      expect(mail.language).toBe(language);
      expect(mail.subject).toContain(subject);
      expect(mail.subject).toContain(order.receipt_number);
      const text = plain(mail.text);
      for (const expected of [...texts, order.receipt_number, 'Nordic Bike Registry ApS']) {
        expect(text).toContain(expected);
      }
      expect(mail.links).toContain(`${new URL(mail.links[0] ?? 'http://x').origin}/app/orders`);
      // Paying again (a replayed webhook) sends no second receipt.
      await payInWindow(t.app, started.payment_url);
      expect(await mailsTo(t.app.db, buyer.email, 'webshop_receipt')).toHaveLength(1);
    });
  }
});
