import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exportJWK, exportPKCS8, exportSPKI, SignJWT } from 'jose';
import { afterEach, describe, expect, it } from 'vitest';
import { issueTicket, verifyTicket } from '../realtime/tickets.ts';
import { generateSigningKeys, loadSigningKeys } from './keys.ts';
import { signToken, verifyToken } from './tokens.ts';

const claims = {
  email: 'a@example.dk',
  identity_party_id: '0190a000-0000-7000-8000-000000000001',
  party_id: '0190a000-0000-7000-8000-000000000001',
  verified_on: null,
  identity_signed_up_at: '2026-01-01T00:00:00.000Z',
  organisation_type: null,
  birth_date: null,
  zip_code: null,
  phone: null,
  sid: '0190a000-0000-7000-8000-00000000000a',
};

const directories: string[] = [];
afterEach(async () => {
  await Promise.all(directories.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('signing keys', () => {
  it('generates keys once under DATA_DIR/keys, private key 0600, and reuses them after a restart', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'nbr-keys-'));
    directories.push(dataDir);
    const first = await loadSigningKeys({ dataDir });
    const mode = (await stat(join(dataDir, 'keys', 'auth-private.pem'))).mode & 0o777;
    expect(mode).toBe(0o600);
    const token = await signToken(first, claims);
    const second = await loadSigningKeys({ dataDir });
    expect(second.kid).toBe(first.kid);
    await expect(verifyToken(second, token)).resolves.toMatchObject({ sid: claims.sid });
  });

  it('reads configured keys as PEM (with escaped newlines) or as JWK', async () => {
    const generated = await generateSigningKeys();
    const pem = await loadSigningKeys({
      privateKey: (await exportPKCS8(generated.privateKey)).replace(/\n/g, '\\n'),
      publicKey: await exportSPKI(generated.publicKey),
    });
    expect(pem.kid).toBe(generated.kid);
    const jwk = await loadSigningKeys({ privateKey: JSON.stringify(await exportJWK(generated.privateKey)) });
    expect(jwk.kid).toBe(generated.kid);
    expect(jwk.publicJwk).not.toHaveProperty('d');
  });
});

describe('tokens', () => {
  it('carry exactly the contract claims and expire after 60 minutes', async () => {
    const keys = await generateSigningKeys();
    const now = new Date();
    const verified = await verifyToken(keys, await signToken(keys, claims, { now }));
    expect(Object.keys(verified).sort()).toEqual([...Object.keys(claims), 'exp'].sort());
    expect(verified.exp).toBe(Math.floor(now.getTime() / 1000) + 3600);
  });

  it('never outlive the session', async () => {
    const keys = await generateSigningKeys();
    const notAfter = new Date(Date.now() + 10 * 60 * 1000);
    const verified = await verifyToken(keys, await signToken(keys, claims, { notAfter }));
    expect(verified.exp).toBe(Math.floor(notAfter.getTime() / 1000));
  });

  it('are refused when expired, signed by another key, tampered with or unsigned', async () => {
    const keys = await generateSigningKeys();
    const expired = await signToken(keys, claims, { now: new Date(Date.now() - 2 * 3600 * 1000) });
    await expect(verifyToken(keys, expired)).rejects.toMatchObject({ code: 'invalid_token' });
    const foreign = await signToken(await generateSigningKeys(), claims);
    await expect(verifyToken(keys, foreign)).rejects.toMatchObject({ code: 'invalid_token' });
    const [header, , signature] = (await signToken(keys, claims)).split('.');
    const forgedPayload = Buffer.from(
      JSON.stringify({ ...claims, party_id: 'someone-else', exp: 9999999999 }),
    ).toString('base64url');
    await expect(verifyToken(keys, `${header}.${forgedPayload}.${signature}`)).rejects.toMatchObject({
      code: 'invalid_token',
    });
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${forgedPayload}.`;
    await expect(verifyToken(keys, none)).rejects.toMatchObject({ code: 'invalid_token' });
    await expect(verifyToken(keys, 'garbage')).rejects.toMatchObject({ code: 'invalid_token' });
  });
});

describe('key rotation: one key signs, several verify', () => {
  it('verifies tokens and tickets signed with an accepted key, and refuses an unknown or missing key id', async () => {
    const previous = await generateSigningKeys();
    const current = await loadSigningKeys({
      privateKey: await exportPKCS8((await generateSigningKeys()).privateKey),
      acceptedPublicKeys: [await exportSPKI(previous.publicKey)],
    });
    expect(current.verificationKeys.map((key) => key.kid)).toEqual([current.kid, previous.kid]);
    await expect(verifyToken(current, await signToken(previous, claims))).resolves.toMatchObject({
      sid: claims.sid,
    });
    await expect(verifyToken(current, await signToken(current, claims))).resolves.toMatchObject({
      sid: claims.sid,
    });
    const { ticket } = await issueTicket(previous, { sessionId: claims.sid, partyId: claims.party_id });
    await expect(verifyTicket(current, ticket)).resolves.toMatchObject({
      sessionId: claims.sid,
      partyId: claims.party_id,
    });
    // The previous key never signs: what the instance issues carries the current key id.
    const issued = await signToken(current, claims);
    expect(JSON.parse(Buffer.from(issued.split('.')[0] ?? '', 'base64url').toString()).kid).toBe(current.kid);

    const unknown = await signToken(await generateSigningKeys(), claims);
    await expect(verifyToken(current, unknown)).rejects.toMatchObject({ code: 'invalid_token' });
    // A token without a key id, even one the current key signed, names no key to check it with.
    const withoutKid = await new SignJWT({ ...claims, exp: Math.floor(Date.now() / 1000) + 600 })
      .setProtectedHeader({ alg: 'EdDSA', typ: 'JWT' })
      .sign(current.privateKey);
    await expect(verifyToken(current, withoutKid)).rejects.toMatchObject({ code: 'invalid_token' });
    // Without the accepted key, the previous key's tokens are refused.
    const alone = await loadSigningKeys({ privateKey: await exportPKCS8(current.privateKey) });
    await expect(verifyToken(alone, await signToken(previous, claims))).rejects.toMatchObject({
      code: 'invalid_token',
    });
  });

  it('takes accepted keys as JWK too, lists each once, and names a key it cannot read', async () => {
    const next = await generateSigningKeys();
    const keys = await loadSigningKeys({
      privateKey: JSON.stringify(await exportJWK(next.privateKey)),
      acceptedPublicKeys: [JSON.stringify(next.publicJwk), await exportSPKI(next.publicKey)],
    });
    expect(keys.verificationKeys).toHaveLength(1);
    await expect(
      loadSigningKeys({
        privateKey: await exportPKCS8(next.privateKey),
        acceptedPublicKeys: ['{"kty":"RSA"}'],
      }),
    ).rejects.toThrow('AUTH_ACCEPTED_PUBLIC_KEYS: key 1 is not an Ed25519 public key');
  });
});
