import type { FastifyInstance } from 'fastify';
import { STAND_IN_PAYMENT_CREDENTIALS } from '../config.ts';
import { signVippsWebhook } from '../platform/payments/vipps/vipps-webhooks.ts';
import { bearer } from './identity-helpers.ts';
import { staffAdminToken } from './webshop-helpers.ts';

/*
 * The club shop for API tests: orders paid with the Vipps MobilePay stand-in, answered on its
 * landing page as a member would, and webhook deliveries signed as Vipps signs them.
 */

/** Where the test app's own webhook route is (PUBLIC_URL of test/helper.ts). */
export const VIPPS_WEBHOOK_URL = 'http://localhost:3000/api/webshop/webhooks/vipps';

/** Starts a club order (`path`: '' for the offer, 'extra-bike-registration'); fails unless 201. */
export async function clubOrder(
  app: FastifyInstance,
  token: string,
  path = '',
  body: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Promise<{ order_id: string; payment_url: string }> {
  const response = await app.inject({
    method: 'POST',
    url: `/api/webshop/naf/${path}`,
    headers: bearer(token, headers),
    payload: body,
  });
  if (response.statusCode !== 201)
    throw new Error(`club order answered ${response.statusCode}: ${response.body}`);
  return response.json();
}

export function applyMemberNumber(app: FastifyInstance, token: string | null, memberNumber: string) {
  return app.inject({
    method: 'POST',
    url: `/api/webshop/naf/apply-member-discount/${encodeURIComponent(memberNumber)}`,
    headers: token ? bearer(token) : {},
  });
}

/**
 * The member answers on the stand-in's landing page (the form a person submits), then waits until
 * the stand-in's webhooks are delivered. Answers the page's answer (a redirect to returnUrl).
 */
export async function answerOnLandingPage(
  app: FastifyInstance,
  paymentUrl: string,
  choice: 'approve' | 'abort',
) {
  const url = new URL(paymentUrl);
  const token = url.searchParams.get('token') ?? '';
  const response = await app.inject({
    method: 'POST',
    url: `${url.pathname}/${choice}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ token }).toString(),
  });
  await app.payments.vipps.standIn?.whenWebhooksSent();
  return response;
}

/** A delivery to our webhook route as Vipps sends it, signed with `secret` (the stand-in's unless forged). */
export function signedVippsDelivery(
  event: Record<string, unknown>,
  options: { secret?: string; date?: Date; url?: string } = {},
) {
  const rawBody = JSON.stringify({ msn: STAND_IN_PAYMENT_CREDENTIALS.vipps.merchantSerialNumber, ...event });
  const url = options.url ?? VIPPS_WEBHOOK_URL;
  const headers = signVippsWebhook({
    secret: options.secret ?? STAND_IN_PAYMENT_CREDENTIALS.vipps.webhookSecret,
    url,
    rawBody,
    ...(options.date ? { date: options.date } : {}),
  });
  return { rawBody, headers: { ...headers, 'content-type': 'application/json' } };
}

export function postVippsWebhook(
  app: FastifyInstance,
  delivery: { rawBody: string; headers: Record<string, string> },
) {
  return app.inject({
    method: 'POST',
    url: '/api/webshop/webhooks/vipps',
    headers: delivery.headers,
    payload: delivery.rawBody,
  });
}

/** A payment event of the stand-in's payment `reference` (as its webhooks carry them). */
export function paymentEvent(app: FastifyInstance, reference: string, name: string) {
  const payment = app.payments.vipps.standIn?.payments.get(reference);
  if (!payment) throw new Error(`no stand-in payment ${reference}`);
  return {
    reference,
    pspReference: payment.pspReference,
    name,
    amount: { currency: payment.amount.currency, value: payment.amount.value },
    timestamp: new Date().toISOString(),
    idempotencyKey: null,
    success: true,
  };
}

/** Test-app options under which the Vipps stand-in's own webhooks go nowhere: the test delivers them itself. */
export const QUIET_VIPPS = {
  payments: { vippsWebhookUrl: 'http://127.0.0.1:9/nowhere', webhookRetryDelaysMs: [] as number[] },
};

/** The app's Vipps stand-in; fails the test when another provider is configured. */
export function vippsStandInOf(app: FastifyInstance) {
  const standIn = app.payments.vipps.standIn;
  if (!standIn) throw new Error('the Vipps stand-in is not mounted');
  return standIn;
}

/** The member numbers the club tests give (the member price needs them on NAF's member list). */
export const TEST_NAF_MEMBERS = ['NAF12345', 'NAF1234'];

/** A backoffice admin uploads NAF's member list (a CSV text); answers the upload's answer. */
export async function uploadMemberList(app: FastifyInstance, csv: string, adminToken?: string) {
  return app.inject({
    method: 'PUT',
    url: '/api/backoffice/clubs/naf/member-list',
    headers: bearer(adminToken ?? (await staffAdminToken(app))),
    payload: { csv },
  });
}

/** NAF's member list with the test members on it, uploaded now; fails unless 200. */
export async function uploadTestMemberList(app: FastifyInstance): Promise<void> {
  const response = await uploadMemberList(app, `Medlemsnummer\n${TEST_NAF_MEMBERS.join('\n')}\n`);
  if (response.statusCode !== 200)
    throw new Error(`member-list upload answered ${response.statusCode}: ${response.body}`);
}
