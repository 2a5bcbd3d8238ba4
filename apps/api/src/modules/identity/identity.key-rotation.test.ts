import type { TokenClaims } from '@nbr/domain/identity';
import { exportPKCS8, exportSPKI } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSigningKeys, type SigningKeys } from '../../platform/auth/keys.ts';
import { signToken } from '../../platform/auth/tokens.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { bearer, claimsOf, signUpUser, type TestUser } from '../../test/identity-helpers.ts';

/*
 * Issue 26: signing keys rotate. AUTH_PRIVATE_KEY signs; AUTH_ACCEPTED_PUBLIC_KEYS verify too, so a
 * session token another instance signed with the previous key (or the next one) keeps working.
 */

let t: TestApp;
let previous: SigningKeys;
let person: TestUser;

beforeAll(async () => {
  previous = await generateSigningKeys();
  const current = await generateSigningKeys();
  t = await createTestApp({
    env: {
      AUTH_PRIVATE_KEY: await exportPKCS8(current.privateKey),
      AUTH_ACCEPTED_PUBLIC_KEYS: await exportSPKI(previous.publicKey),
    },
    // The keys come from the configuration, as in production, not from the tests' shared pair.
    signingKeys: undefined,
  });
  person = await signUpUser(t.app);
}, 60_000);

afterAll(async () => t?.close());

/** The person's session token as another instance would have signed it. */
async function resigned(keys: SigningKeys): Promise<string> {
  const { exp: _exp, ...claims } = claimsOf(person.token) as unknown as TokenClaims;
  return signToken(keys, claims);
}

const me = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/identities/me', headers: bearer(token) });

describe('session tokens across a key rotation', () => {
  it('accepts a token signed with an accepted previous key', async () => {
    expect((await me(person.token)).statusCode).toBe(200);
    const response = await me(await resigned(previous));
    expect(response.statusCode).toBe(200);
    expect(response.json().email).toBe(person.email);
  });

  it('refuses a token signed with a key it does not know (401 invalid_token)', async () => {
    const response = await me(await resigned(await generateSigningKeys()));
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('invalid_token');
  });

  it('publishes every key that verifies, the signing one first', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/identities/.well-known/jwks.json' });
    const kids = response.json().keys.map((key: { kid: string }) => key.kid);
    expect(kids).toEqual([headerOf(person.token).kid, previous.kid]);
  });
});

function headerOf(token: string): { kid: string } {
  return JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString());
}
