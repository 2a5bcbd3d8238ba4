import { describe, expect, it } from 'vitest';
import { REEPAY_WEBHOOK_MAX_AGE_MS, signReepayWebhook, verifyReepayWebhook } from './reepay-webhooks.ts';

const SECRET = 'webhook_secret_for_tests';
const NOW = new Date('2026-11-27T10:00:00.000Z');

function delivery(overrides: Record<string, string> = {}, secret = SECRET) {
  const timestamp = overrides.timestamp ?? '2026-11-27T09:59:30.640Z';
  const id = overrides.id ?? '8ab46f2a0b9c4e6d9f00112233445566';
  return {
    id,
    event_id: '680b1c2d3e4f5a6b7c8d9e0f10111213',
    event_type: 'invoice_settled',
    timestamp,
    signature: signReepayWebhook(secret, timestamp, id),
    customer: 'cust-1',
    invoice: 'order-1',
    transaction: 'tx-1',
    ...overrides,
  };
}

describe('signReepayWebhook', () => {
  it('is hex HMAC-SHA256 of the timestamp exactly as sent followed by the id, with no separator', () => {
    // Computed independently: printf '%s' '2015-06-25T12:10:00.64Zabc' | openssl dgst -sha256 -hmac secret
    expect(signReepayWebhook('secret', '2015-06-25T12:10:00.64Z', 'abc')).toBe(
      '3ab395fb12f7ddf563f096d634dc400614fbbfb43b928b60dc5328e6d269ad82',
    );
    expect(signReepayWebhook('secret', '2015-06-25T12:10:00.64Z', 'abc')).not.toBe(
      signReepayWebhook('secret', '2015-06-25T12:10:00.640Z', 'abc'),
    );
    expect(signReepayWebhook('secret', 'a', 'bc')).toBe(signReepayWebhook('secret', 'ab', 'c'));
  });
});

describe('verifyReepayWebhook', () => {
  it('accepts a good delivery, from the parsed body or the raw one, and names what to re-read', () => {
    const body = delivery();
    for (const form of [body, JSON.stringify(body), Buffer.from(JSON.stringify(body))]) {
      const result = verifyReepayWebhook(form, { secrets: [SECRET], now: NOW });
      expect(result).toEqual({
        ok: true,
        event: {
          id: body.id,
          eventId: body.event_id,
          eventType: 'invoice_settled',
          timestamp: new Date(body.timestamp),
          customer: 'cust-1',
          subscription: null,
          invoice: 'order-1',
          transaction: 'tx-1',
          paymentMethod: null,
        },
      });
    }
  });

  it('accepts either secret while one is rotated', () => {
    const body = delivery({}, 'the-new-secret');
    expect(verifyReepayWebhook(body, { secrets: [SECRET], now: NOW })).toEqual({
      ok: false,
      reason: 'bad_signature',
    });
    expect(verifyReepayWebhook(body, { secrets: [SECRET, 'the-new-secret'], now: NOW }).ok).toBe(true);
  });

  it('refuses a signature made with another secret, or over another id or timestamp', () => {
    const wrongSecret = delivery({}, 'not-the-secret');
    expect(verifyReepayWebhook(wrongSecret, { secrets: [SECRET], now: NOW })).toEqual({
      ok: false,
      reason: 'bad_signature',
    });
    const good = delivery();
    for (const changed of [
      { ...good, id: 'another-delivery-id' },
      { ...good, timestamp: '2026-11-27T09:59:31.640Z' },
      { ...good, signature: good.signature.replace(/^./, (c) => (c === '0' ? '1' : '0')) },
    ]) {
      expect(verifyReepayWebhook(changed, { secrets: [SECRET], now: NOW })).toEqual({
        ok: false,
        reason: 'bad_signature',
      });
    }
  });

  it('refuses what is not a delivery at all', () => {
    for (const body of [
      null,
      'not json',
      '{}',
      { ...delivery(), signature: 'zz' },
      { ...delivery(), id: '' },
    ]) {
      expect(verifyReepayWebhook(body, { secrets: [SECRET], now: NOW })).toEqual({
        ok: false,
        reason: 'malformed',
      });
    }
  });

  it('refuses a stale delivery and one from the future, signed correctly or not', () => {
    const old = new Date(NOW.getTime() - REEPAY_WEBHOOK_MAX_AGE_MS - 1000).toISOString();
    expect(verifyReepayWebhook(delivery({ timestamp: old }), { secrets: [SECRET], now: NOW })).toEqual({
      ok: false,
      reason: 'stale',
    });
    const ahead = new Date(NOW.getTime() + 10 * 60 * 1000).toISOString();
    expect(verifyReepayWebhook(delivery({ timestamp: ahead }), { secrets: [SECRET], now: NOW })).toEqual({
      ok: false,
      reason: 'stale',
    });
    const recent = new Date(NOW.getTime() - REEPAY_WEBHOOK_MAX_AGE_MS + 1000).toISOString();
    expect(verifyReepayWebhook(delivery({ timestamp: recent }), { secrets: [SECRET], now: NOW }).ok).toBe(
      true,
    );
    expect(
      verifyReepayWebhook(delivery({ timestamp: recent }), { secrets: [SECRET], now: NOW, maxAgeMs: 60_000 }),
    ).toEqual({ ok: false, reason: 'stale' });
  });

  it('lets a replay with a changed body through under the same ids: only event-id dedup and a re-read protect', () => {
    // The provider signs timestamp + id only. A captured delivery replayed with another invoice
    // verifies, and keeps the delivery and event ids, so a receiver that stores event ids once
    // ignores it, and one that re-reads the invoice from the API learns nothing false from it.
    const original = delivery();
    const replay = { ...original, invoice: 'someone-elses-order', event_type: 'invoice_settled' };
    const first = verifyReepayWebhook(original, { secrets: [SECRET], now: NOW });
    const second = verifyReepayWebhook(replay, { secrets: [SECRET], now: NOW });
    expect(first.ok && second.ok).toBe(true);
    if (first.ok && second.ok) {
      expect(second.event.id).toBe(first.event.id);
      expect(second.event.eventId).toBe(first.event.eventId);
      expect(second.event.invoice).toBe('someone-elses-order');
    }
    // Giving the replay ids of its own breaks the signature.
    expect(verifyReepayWebhook({ ...replay, id: 'fresh-id' }, { secrets: [SECRET], now: NOW }).ok).toBe(
      false,
    );
  });
});
