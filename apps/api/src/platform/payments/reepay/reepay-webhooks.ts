import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/**
 * Reepay/Frisbii webhooks (payments.md §1.7): a JSON POST with no signature header. The body
 * carries `signature = hex(HMAC-SHA256(webhook secret, timestamp + id))`, the timestamp string
 * exactly as sent followed by the delivery id. The rest of the body is NOT signed, so a receiver
 * must (1) keep each event id once and (2) re-read the invoice or subscription from the API,
 * never act on the body's other fields.
 */

/** Event types the provider sends (payments.md §1.7); others may come and are passed through. */
export const REEPAY_EVENT_TYPES = [
  'customer_created',
  'customer_changed',
  'customer_deleted',
  'customer_payment_method_added',
  'invoice_created',
  'invoice_authorized',
  'invoice_settled',
  'invoice_cancelled',
  'invoice_failed',
  'invoice_refund',
  'invoice_refund_failed',
  'invoice_credited',
  'invoice_changed',
  'invoice_reactivate',
  'invoice_dunning',
  'invoice_dunning_notification',
  'invoice_dunning_cancelled',
  'subscription_created',
  'subscription_renewal',
  'subscription_cancelled',
  'subscription_uncancelled',
  'subscription_on_hold',
  'subscription_on_hold_dunning',
  'subscription_reactivated',
  'subscription_expired',
  'subscription_expired_dunning',
  'subscription_changed',
  'subscription_payment_method_added',
  'subscription_payment_method_changed',
] as const;
export type ReepayEventType = (typeof REEPAY_EVENT_TYPES)[number];

/**
 * How old a delivery may be. The provider signs the event's own timestamp and retries failed
 * deliveries with it (its retry window is not documented), so the window covers days of our own
 * downtime; older ones are left to the reconciliation that asks the API about pending orders.
 */
export const REEPAY_WEBHOOK_MAX_AGE_MS = 3 * 24 * 60 * 60 * 1000;
/** Clock difference tolerated for a timestamp in the future. */
export const REEPAY_WEBHOOK_MAX_SKEW_MS = 5 * 60 * 1000;

const optionalText = z.string().min(1).max(255).nullish();

const ReepayWebhookBodySchema = z.object({
  id: z.string().min(1).max(255),
  event_id: z.string().min(1).max(255),
  event_type: z.string().min(1).max(100),
  timestamp: z.string().min(1).max(64),
  signature: z.string().regex(/^[0-9a-fA-F]{64}$/),
  customer: optionalText,
  subscription: optionalText,
  invoice: optionalText,
  transaction: optionalText,
  credit_note: optionalText,
  credit: optionalText,
  payment_method: optionalText,
  payment_method_reference: optionalText,
});
export type ReepayWebhookBody = z.infer<typeof ReepayWebhookBodySchema>;

/** A verified delivery. Only `id`/`eventId`/`eventType` and the handles say what to re-read. */
export interface ReepayWebhookEvent {
  /** Unique per delivery (and per URL). */
  id: string;
  /** The same for every delivery of one event: the key to process an event once. */
  eventId: string;
  eventType: ReepayEventType | (string & {});
  timestamp: Date;
  customer: string | null;
  subscription: string | null;
  invoice: string | null;
  transaction: string | null;
  paymentMethod: string | null;
}

export type ReepayWebhookRejection = 'malformed' | 'bad_signature' | 'stale';

export type ReepayWebhookVerification =
  | { ok: true; event: ReepayWebhookEvent }
  | { ok: false; reason: ReepayWebhookRejection };

/** The signature of one delivery: hex HMAC-SHA256 over `timestamp + id`. */
export function signReepayWebhook(secret: string, timestamp: string, id: string): string {
  return createHmac('sha256', secret).update(`${timestamp}${id}`, 'utf8').digest('hex');
}

function parseBody(body: unknown): unknown {
  if (typeof body === 'string' || Buffer.isBuffer(body)) {
    try {
      return JSON.parse(body.toString());
    } catch {
      return null;
    }
  }
  return body;
}

/**
 * Checks a delivery: well-formed, signed with one of `secrets` (several while a secret is
 * rotated), and its timestamp within REEPAY_WEBHOOK_MAX_AGE_MS (and not ahead of our clock).
 * `body` is the raw body or the parsed JSON.
 */
export function verifyReepayWebhook(
  body: unknown,
  options: { secrets: readonly string[]; now?: Date; maxAgeMs?: number },
): ReepayWebhookVerification {
  const parsed = ReepayWebhookBodySchema.safeParse(parseBody(body));
  if (!parsed.success) return { ok: false, reason: 'malformed' };
  const data = parsed.data;
  const given = Buffer.from(data.signature.toLowerCase(), 'hex');
  const signed = options.secrets.some((secret) => {
    const expected = Buffer.from(signReepayWebhook(secret, data.timestamp, data.id), 'hex');
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
  if (!signed) return { ok: false, reason: 'bad_signature' };
  const timestamp = new Date(data.timestamp);
  if (Number.isNaN(timestamp.getTime())) return { ok: false, reason: 'malformed' };
  const now = (options.now ?? new Date()).getTime();
  const age = now - timestamp.getTime();
  if (age > (options.maxAgeMs ?? REEPAY_WEBHOOK_MAX_AGE_MS) || age < -REEPAY_WEBHOOK_MAX_SKEW_MS) {
    return { ok: false, reason: 'stale' };
  }
  return {
    ok: true,
    event: {
      id: data.id,
      eventId: data.event_id,
      eventType: data.event_type,
      timestamp,
      customer: data.customer ?? null,
      subscription: data.subscription ?? null,
      invoice: data.invoice ?? null,
      transaction: data.transaction ?? null,
      paymentMethod: data.payment_method ?? null,
    },
  };
}
