import { describe, expect, it } from 'vitest';
import {
  signVippsWebhook,
  VIPPS_WEBHOOK_MAX_SKEW_MS,
  verifyVippsWebhook,
  vippsContentHash,
} from './vipps-webhooks.ts';

const SECRET = 'vipps-secret';
const URL_SENT_TO = 'https://shop.example.no/api/webshop/webhooks/vipps?a=1';
const DATE = new Date('2026-11-27T10:00:00.000Z');
const BODY =
  '{"msn":"123456","reference":"order-12345678","pspReference":"7686f7788898767977","name":"AUTHORIZED","amount":{"currency":"NOK","value":12500},"timestamp":"2026-11-27T09:59:58.000Z","idempotencyKey":null,"success":true}';

function delivery(overrides: { body?: string; secret?: string; date?: Date; url?: string } = {}) {
  const headers = signVippsWebhook({
    secret: overrides.secret ?? SECRET,
    url: overrides.url ?? URL_SENT_TO,
    rawBody: overrides.body ?? BODY,
    date: overrides.date ?? DATE,
  });
  return {
    method: 'POST',
    pathAndQuery: '/api/webshop/webhooks/vipps?a=1',
    headers: { ...headers, 'content-type': 'application/json' } as Record<string, string>,
    rawBody: overrides.body ?? BODY,
    secrets: [SECRET],
    now: new Date(DATE.getTime() + 2000),
  };
}

describe('signVippsWebhook', () => {
  it('signs method, path and query, date, host and content hash as the vendor plugin checks them', () => {
    // Computed independently with openssl (sha256 | base64, then HMAC-SHA256 | base64).
    expect(vippsContentHash(BODY)).toBe('/u0o7mYpfOs6Lmi05IZx6HZklfZggYH2XJq+Xi0NuHI=');
    expect(signVippsWebhook({ secret: SECRET, url: URL_SENT_TO, rawBody: BODY, date: DATE })).toEqual({
      host: 'shop.example.no',
      'x-ms-date': 'Fri, 27 Nov 2026 10:00:00 GMT',
      'x-ms-content-sha256': '/u0o7mYpfOs6Lmi05IZx6HZklfZggYH2XJq+Xi0NuHI=',
      authorization:
        'HMAC-SHA256 SignedHeaders=x-ms-date;host;x-ms-content-sha256&Signature=Q9RGc+52wf24Q0fV/u4+EcNGzKXxm3gMdtyoq46iY9M=',
    });
  });
});

describe('verifyVippsWebhook', () => {
  it('accepts a good delivery and answers its event', () => {
    const result = verifyVippsWebhook(delivery());
    expect(result).toEqual({
      ok: true,
      event: {
        msn: '123456',
        reference: 'order-12345678',
        pspReference: '7686f7788898767977',
        name: 'AUTHORIZED',
        amount: { currency: 'NOK', value: 12500 },
        timestamp: '2026-11-27T09:59:58.000Z',
        idempotencyKey: null,
        success: true,
      },
    });
    expect(verifyVippsWebhook({ ...delivery(), rawBody: Buffer.from(BODY) }).ok).toBe(true);
  });

  it('refuses an event of another sales unit when ours is named', () => {
    expect(verifyVippsWebhook({ ...delivery(), merchantSerialNumber: '123456' }).ok).toBe(true);
    expect(verifyVippsWebhook({ ...delivery(), merchantSerialNumber: '654321' })).toEqual({
      ok: false,
      reason: 'other_merchant',
    });
  });

  it('accepts either secret while one is rotated', () => {
    const signedWithNew = delivery({ secret: 'the-new-secret' });
    expect(verifyVippsWebhook(signedWithNew)).toEqual({ ok: false, reason: 'bad_signature' });
    expect(verifyVippsWebhook({ ...signedWithNew, secrets: [SECRET, 'the-new-secret'] }).ok).toBe(true);
  });

  it('refuses a changed body: the content hash no longer matches, and a recomputed hash breaks the signature', () => {
    const changed = BODY.replace('12500', '1');
    expect(verifyVippsWebhook({ ...delivery(), rawBody: changed })).toEqual({
      ok: false,
      reason: 'bad_content_hash',
    });
    const withHash = delivery();
    withHash.headers['x-ms-content-sha256'] = vippsContentHash(changed);
    expect(verifyVippsWebhook({ ...withHash, rawBody: changed })).toEqual({
      ok: false,
      reason: 'bad_signature',
    });
  });

  it('refuses a delivery signed for another address, host or secret, or replayed to another path', () => {
    expect(verifyVippsWebhook(delivery({ secret: 'not-the-secret' }))).toEqual({
      ok: false,
      reason: 'bad_signature',
    });
    expect(verifyVippsWebhook({ ...delivery(), pathAndQuery: '/api/webshop/webhooks/vipps' })).toEqual({
      ok: false,
      reason: 'bad_signature',
    });
    const otherHost = delivery();
    otherHost.headers.host = 'evil.example';
    expect(verifyVippsWebhook(otherHost)).toEqual({ ok: false, reason: 'bad_signature' });
    const otherDate = delivery();
    otherDate.headers['x-ms-date'] = 'Fri, 27 Nov 2026 10:00:01 GMT';
    expect(verifyVippsWebhook(otherDate)).toEqual({ ok: false, reason: 'bad_signature' });
  });

  it('refuses a stale or future delivery even when its signature is right', () => {
    const old = delivery({ date: new Date(DATE.getTime() - VIPPS_WEBHOOK_MAX_SKEW_MS - 5000) });
    expect(verifyVippsWebhook(old)).toEqual({ ok: false, reason: 'stale' });
    const ahead = delivery({ date: new Date(DATE.getTime() + VIPPS_WEBHOOK_MAX_SKEW_MS + 5000) });
    expect(verifyVippsWebhook(ahead)).toEqual({ ok: false, reason: 'stale' });
  });

  it('refuses a request without the signing headers, or with a signed body that is not an event', () => {
    const { authorization: _a, ...unsigned } = delivery().headers;
    expect(verifyVippsWebhook({ ...delivery(), headers: unsigned })).toEqual({
      ok: false,
      reason: 'malformed',
    });
    const notAnEvent = delivery({ body: '{"hello":"world"}' });
    expect(verifyVippsWebhook(notAnEvent)).toEqual({ ok: false, reason: 'malformed' });
  });
});
