import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exportJWK, exportPKCS8, exportSPKI } from 'jose';
import { afterEach, describe, expect, it } from 'vitest';
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
