import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { WEBHOOK_SECRET_PREFIX } from '@nbr/domain/checks';

/*
 * The signature of an organisation's webhook deliveries (issue 32 §1; docs/checks-api.md): HMAC-SHA256
 * with the organisation's signing secret (the whole string, as UTF-8) over `<timestamp>.<body>`, the
 * timestamp in Unix seconds as sent in its header, written `v1=<hex>`. The timestamp is signed so a
 * receiver can refuse an old delivery replayed at it.
 */

/** Characters of the secret shown again after it was made (prefix included). */
export const WEBHOOK_SECRET_HINT_LENGTH = WEBHOOK_SECRET_PREFIX.length + 4;

/** A new signing secret: the recognisable prefix and 32 random bytes. */
export function generateWebhookSecret(): { secret: string; hint: string } {
  const secret = `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { secret, hint: secret.slice(0, WEBHOOK_SECRET_HINT_LENGTH) };
}

/** The signature header's value for a body sent at `timestamp` (Unix seconds). */
export function signWebhook(secret: string, timestamp: number, body: string): string {
  return `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** Whether a signature header holds a valid v1 signature of the body (what a receiver does; tests use it). */
export function verifyWebhookSignature(
  secret: string,
  timestamp: string,
  body: string,
  header: string,
): boolean {
  const expected = Buffer.from(signWebhook(secret, Number(timestamp), body));
  return header.split(',').some((part) => {
    const given = Buffer.from(part.trim());
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
