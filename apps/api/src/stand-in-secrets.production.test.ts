import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAND_IN_MAILGUN_SIGNING_KEY, STAND_IN_PAYMENT_CREDENTIALS } from './config.ts';
import { mailgunInboundForm } from './platform/mail/mailgun-inbound.ts';
import { signedVippsDelivery } from './test/club-helpers.ts';
import { PRODUCTION_SECRETS, SINGLE_MACHINE_PRODUCTION } from './test/config-fixtures.ts';
import { createTestApp, type TestApp } from './test/helper.ts';
import { signedReepayWebhook } from './test/webshop-helpers.ts';

/*
 * Defence in depth behind loadConfig's refusal (issue 26 §6): even a production configuration that
 * holds the stand-ins' published webhook secrets, built some other way than loadConfig, never
 * accepts a webhook or a forwarded mail signed with them.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    env: { ...SINGLE_MACHINE_PRODUCTION, ...PRODUCTION_SECRETS, SMTP_URL: 'smtp://mail.example.org:587' },
    adjustConfig: (config) => ({
      ...config,
      payments: {
        reepay: {
          ...config.payments.reepay,
          webhookSecret: STAND_IN_PAYMENT_CREDENTIALS.reepay.webhookSecret,
        },
        vipps: {
          ...config.payments.vipps,
          webhookSecret: STAND_IN_PAYMENT_CREDENTIALS.vipps.webhookSecret,
          merchantSerialNumber: STAND_IN_PAYMENT_CREDENTIALS.vipps.merchantSerialNumber,
        },
      },
      inboundMail: { ...config.inboundMail, mode: 'provider', signingKey: STAND_IN_MAILGUN_SIGNING_KEY },
    }),
  });
}, 60_000);

afterAll(async () => t?.close());

describe("production holding a stand-in's published secret", () => {
  it('refuses payment webhooks signed with it', () => {
    expect(
      t.app.payments.reepay.verifyWebhook(signedReepayWebhook({ event_type: 'invoice_settled' })),
    ).toEqual({
      ok: false,
      reason: 'bad_signature',
    });
    const url = new URL('https://cykelregister.example/api/webshop/webhooks/vipps');
    const delivery = signedVippsDelivery({ name: 'AUTHORIZED', reference: 'ref-1' }, { url: url.href });
    expect(
      t.app.payments.vipps.verifyWebhook({
        method: 'POST',
        pathAndQuery: url.pathname,
        headers: { ...delivery.headers, host: url.host },
        rawBody: delivery.rawBody,
      }),
    ).toMatchObject({ ok: false, reason: 'bad_signature' });
  });

  it('takes no mail forwarded with it', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/insurance/plate-orders/inbound-mail',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(
        mailgunInboundForm(STAND_IN_MAILGUN_SIGNING_KEY, {
          from: 'someone@forsikring.example',
          to: t.config.inboundMail.plateOrderAddress,
          subject: 'Plates',
          text: 'Antal: 10',
        }),
      ).toString(),
    });
    expect(response.statusCode).toBe(404);
  });
});
