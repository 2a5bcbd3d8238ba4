import { createPublicKey, verify } from 'node:crypto';
import { canonicalJson } from '@nbr/domain/canonical-json';
import { describe, expect, it } from 'vitest';
import { generateSigningKeys } from '../../platform/auth/keys.ts';
import { signStatement, verifyStatement } from './certificate-signature.ts';

const statement = {
  type: 'nbr-resale-certificate',
  certificate_id: '0b7f4c1e-9f0e-4c55-8f59-2d1d1b1b1b1b',
  bike: { brand: 'FDB', model: 'Classic', frame_number_masked: '******45Z' },
  number_of_owners: 2,
  thefts: [{ reported_stolen_on: '2026-03-01', recovered_on: null }],
  owner_identity_verified: true,
};

describe('resale certificate signatures', () => {
  it('signs the canonical JSON, which verifies with the published key', async () => {
    const keys = await generateSigningKeys();
    const signed = signStatement(keys, statement);
    expect(signed.text).toBe(canonicalJson(statement));
    expect(verifyStatement(keys, keys.kid, signed.text, signed.signature)).toBe(true);
    // Offline, as docs/resale-certificates.md shows: the JWK's x is the raw public key.
    const publicKey = createPublicKey({ key: keys.publicJwk as never, format: 'jwk' });
    expect(
      verify(null, Buffer.from(signed.text), publicKey, Buffer.from(signed.signature, 'base64url')),
    ).toBe(true);
  });

  it('fails a tampered statement, another key, an unknown kid and a broken signature', async () => {
    const keys = await generateSigningKeys();
    const signed = signStatement(keys, statement);
    const tampered = signed.text.replace('"number_of_owners":2', '"number_of_owners":1');
    expect(tampered).not.toBe(signed.text);
    expect(verifyStatement(keys, keys.kid, tampered, signed.signature)).toBe(false);
    const other = await generateSigningKeys();
    expect(verifyStatement(other, other.kid, signed.text, signed.signature)).toBe(false);
    expect(verifyStatement(keys, 'unknown-kid', signed.text, signed.signature)).toBe(false);
    expect(verifyStatement(keys, keys.kid, signed.text, 'not-a-signature')).toBe(false);
  });

  it('still verifies a certificate of a retired key while that key is published', async () => {
    const old = await generateSigningKeys();
    const signed = signStatement(old, statement);
    const next = await generateSigningKeys({ accepted: [old] });
    expect(verifyStatement(next, old.kid, signed.text, signed.signature)).toBe(true);
    const withoutOld = await generateSigningKeys();
    expect(verifyStatement(withoutOld, old.kid, signed.text, signed.signature)).toBe(false);
  });
});
