import type { AddressInfo } from 'node:net';
import { REEPAY_STAND_IN_PATH, STAND_IN_PAYMENT_CREDENTIALS, VIPPS_STAND_IN_PATH } from '../config.ts';
import { createReepayClient, type ReepayClient } from '../platform/payments/reepay/reepay-client.ts';
import type { ReepayStandIn } from '../platform/payments/reepay/reepay-stand-in.ts';
import { createVippsClient, type VippsClient } from '../platform/payments/vipps/vipps-client.ts';
import type { VippsStandIn } from '../platform/payments/vipps/vipps-stand-in.ts';
import { createTestApp, type TestApp } from './helper.ts';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver.ts';

export interface PaymentStandInHarness {
  t: TestApp;
  /** http://127.0.0.1:<port>: the app listening on a real port. */
  base: string;
  receiver: WebhookReceiver;
  reepay: ReepayClient;
  reepayStandIn: ReepayStandIn;
  vipps: VippsClient;
  vippsStandIn: VippsStandIn;
  /** Where the Vipps stand-in sends its webhooks (the receiver, with a query to sign). */
  vippsWebhookUrl: string;
  /** A stand-in page address (its `url` names PUBLIC_URL) moved onto the listening port. */
  local(url: string): string;
  close(): Promise<void>;
}

/**
 * The app on a real port with its payment stand-ins sending webhooks to a receiver of their own,
 * and adapters that reach the stand-ins over the network like they would reach the providers.
 * Webhook retries follow at once; delayed confirmations and expiries wait until a test brings them forward.
 */
export async function startPaymentStandIns(): Promise<PaymentStandInHarness> {
  const receiver = await startWebhookReceiver();
  const vippsWebhookUrl = `${receiver.url}?provider=vipps`;
  const t = await createTestApp({
    payments: {
      reepayWebhookUrl: receiver.url,
      vippsWebhookUrl,
      paymentExpiryMs: 24 * 60 * 60 * 1000,
      webhookRetryDelaysMs: [0, 0, 0],
      processingDelayMs: 24 * 60 * 60 * 1000,
    },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  const standIn = t.app.payments.reepay.standIn;
  const vippsStandIn = t.app.payments.vipps.standIn;
  if (!standIn || !vippsStandIn) throw new Error('the payment stand-ins are not selected');
  const vippsCredentials = STAND_IN_PAYMENT_CREDENTIALS.vipps;
  const reepay = createReepayClient({
    privateKey: STAND_IN_PAYMENT_CREDENTIALS.reepay.privateKey,
    apiUrl: `${base}${REEPAY_STAND_IN_PATH}/api`,
    checkoutApiUrl: `${base}${REEPAY_STAND_IN_PATH}/checkout-api`,
  });
  return {
    t,
    base,
    receiver,
    reepay,
    reepayStandIn: standIn,
    vipps: createVippsClient({ ...vippsCredentials, apiUrl: `${base}${VIPPS_STAND_IN_PATH}/api` }),
    vippsStandIn,
    vippsWebhookUrl,
    local(url: string) {
      const parsed = new URL(url);
      return `${base}${parsed.pathname}${parsed.search}`;
    },
    async close() {
      await t.close();
      await receiver.close();
    },
  };
}

/** Posts a stand-in page's form the way a browser does, without following the redirect. */
export function submitForm(
  url: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
) {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
}

/** An expiry (MM/YY) next year: always valid. */
export function validExpiry(): string {
  return `12/${String((new Date().getUTCFullYear() + 1) % 100).padStart(2, '0')}`;
}
