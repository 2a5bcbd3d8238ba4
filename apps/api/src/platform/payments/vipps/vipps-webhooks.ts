import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/**
 * Vipps MobilePay webhooks (payments.md §2.3). Every request carries `x-ms-date`,
 * `x-ms-content-sha256` = base64(SHA-256(raw body)) and
 * `Authorization: HMAC-SHA256 SignedHeaders=x-ms-date;host;x-ms-content-sha256&Signature=<sig>`,
 * where sig = base64(HMAC-SHA256(secret, "POST\n<path and query>\n<x-ms-date>;<host>;<content hash>")).
 * Unlike Reepay's, the whole body is signed, together with where it was sent and when.
 */

/** The clock window the vendor's own plugin allows (payments.md §2.3). */
export const VIPPS_WEBHOOK_MAX_SKEW_MS = 300_000;

export const VIPPS_EVENT_NAMES = [
  'CREATED',
  'ABORTED',
  'EXPIRED',
  'CANCELLED',
  'CAPTURED',
  'REFUNDED',
  'AUTHORIZED',
  'TERMINATED',
] as const;
export type VippsEventName = (typeof VIPPS_EVENT_NAMES)[number];

/** The webhook event type of a payment event, e.g. `epayments.payment.authorized.v1`. */
export const vippsEventType = (name: VippsEventName) => `epayments.payment.${name.toLowerCase()}.v1`;

const WebhookEventSchema = z.object({
  msn: z.string().min(1).max(10),
  reference: z.string().min(1).max(50),
  pspReference: z.string().min(1).max(100),
  name: z.enum(VIPPS_EVENT_NAMES),
  amount: z.object({ currency: z.string().length(3), value: z.number().int().min(0) }),
  timestamp: z.string().min(1).max(64),
  idempotencyKey: z.string().max(100).nullish(),
  success: z.boolean(),
});

export interface VippsWebhookEvent {
  msn: string;
  reference: string;
  pspReference: string;
  name: VippsEventName;
  amount: { currency: string; value: number };
  timestamp: string;
  idempotencyKey: string | null;
  success: boolean;
}

export type VippsWebhookVerification =
  | { ok: true; event: VippsWebhookEvent }
  | { ok: false; reason: 'malformed' | 'bad_content_hash' | 'bad_signature' | 'stale' | 'other_merchant' };

export function vippsContentHash(rawBody: string | Buffer): string {
  return createHash('sha256').update(rawBody).digest('base64');
}

function signature(secret: string, stringToSign: string): string {
  return createHmac('sha256', Buffer.from(secret, 'utf8')).update(stringToSign, 'utf8').digest('base64');
}

/** The headers a delivery of `rawBody` to `url` at `date` carries. */
export function signVippsWebhook(options: { secret: string; url: string; rawBody: string; date?: Date }): {
  host: string;
  'x-ms-date': string;
  'x-ms-content-sha256': string;
  authorization: string;
} {
  const target = new URL(options.url);
  const date = (options.date ?? new Date()).toUTCString();
  const contentHash = vippsContentHash(options.rawBody);
  const stringToSign = `POST\n${target.pathname}${target.search}\n${date};${target.host};${contentHash}`;
  return {
    host: target.host,
    'x-ms-date': date,
    'x-ms-content-sha256': contentHash,
    authorization: `HMAC-SHA256 SignedHeaders=x-ms-date;host;x-ms-content-sha256&Signature=${signature(options.secret, stringToSign)}`,
  };
}

function header(headers: Record<string, string | string[] | undefined>, name: string): string | null {
  const value = headers[name];
  return typeof value === 'string' ? value : null;
}

function constantTimeEquals(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Checks a delivery as it reached us: `pathAndQuery` as the client sent it (Fastify's
 * `request.originalUrl`), the headers (`host` among them) and the raw body bytes.
 */
export function verifyVippsWebhook(request: {
  method: string;
  pathAndQuery: string;
  headers: Record<string, string | string[] | undefined>;
  rawBody: string | Buffer;
  secrets: readonly string[];
  /** Our Merchant-Serial-Number: an event of another sales unit is refused. */
  merchantSerialNumber?: string;
  now?: Date;
  maxSkewMs?: number;
}): VippsWebhookVerification {
  const date = header(request.headers, 'x-ms-date');
  const host = header(request.headers, 'host');
  const contentHash = header(request.headers, 'x-ms-content-sha256');
  const authorization = header(request.headers, 'authorization');
  if (!date || !host || !contentHash || !authorization) return { ok: false, reason: 'malformed' };
  if (!constantTimeEquals(vippsContentHash(request.rawBody), contentHash)) {
    return { ok: false, reason: 'bad_content_hash' };
  }
  const stringToSign = `${request.method.toUpperCase()}\n${request.pathAndQuery}\n${date};${host};${contentHash}`;
  const signed = request.secrets.some((secret) =>
    constantTimeEquals(
      `HMAC-SHA256 SignedHeaders=x-ms-date;host;x-ms-content-sha256&Signature=${signature(secret, stringToSign)}`,
      authorization,
    ),
  );
  if (!signed) return { ok: false, reason: 'bad_signature' };
  const sent = new Date(date).getTime();
  const now = (request.now ?? new Date()).getTime();
  if (Number.isNaN(sent) || Math.abs(now - sent) > (request.maxSkewMs ?? VIPPS_WEBHOOK_MAX_SKEW_MS)) {
    return { ok: false, reason: 'stale' };
  }
  let body: unknown;
  try {
    body = JSON.parse(request.rawBody.toString());
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  const parsed = WebhookEventSchema.safeParse(body);
  if (!parsed.success) return { ok: false, reason: 'malformed' };
  if (request.merchantSerialNumber !== undefined && parsed.data.msn !== request.merchantSerialNumber) {
    return { ok: false, reason: 'other_merchant' };
  }
  return { ok: true, event: { ...parsed.data, idempotencyKey: parsed.data.idempotencyKey ?? null } };
}
