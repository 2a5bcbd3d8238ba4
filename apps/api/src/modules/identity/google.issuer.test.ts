import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { base64url, exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { PRODUCTION_SECRETS, SINGLE_MACHINE_PRODUCTION } from '../../test/config-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { claimsOf, signUpUser, uniqueEmail } from '../../test/identity-helpers.ts';

/*
 * The verifier against an issuer that is not ours: a JWKS served on a real local port, configured
 * with GOOGLE_ISSUER / GOOGLE_JWKS_URL / GOOGLE_CLIENT_ID exactly as the real Google would be.
 * Every kind of token that must not sign anyone in is tried.
 */

const CLIENT_ID = '1234567890-nbr.apps.googleusercontent.com';
const OTHER_CLIENT_ID = '9876543210-other.apps.googleusercontent.com';

type Key = Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];

interface Issuer {
  url: string;
  server: Server;
  key: Key;
  kid: string;
  jwks: { keys: JWK[] };
}

async function startIssuer(): Promise<Issuer> {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const kid = 'google-test-key-1';
  const jwks: { keys: JWK[] } = {
    keys: [{ ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' }],
  };
  const server = createServer((request, response) => {
    if (request.url === '/jwks') {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(jwks));
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, server, key: privateKey, kid, jwks };
}

describe('Google sign-in against a configured issuer', () => {
  let issuer: Issuer;
  let t: TestApp;

  beforeAll(async () => {
    issuer = await startIssuer();
    t = await createTestApp({
      env: { GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_ISSUER: issuer.url, GOOGLE_JWKS_URL: `${issuer.url}/jwks` },
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => issuer.server.close(resolve));
  });

  interface TokenOptions {
    email?: string;
    sub?: string;
    claims?: Record<string, unknown>;
    iss?: string;
    aud?: string | string[];
    exp?: number;
    key?: Key;
    alg?: string;
  }

  async function token(options: TokenOptions = {}): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({
      email: options.email ?? 'rider@example.dk',
      email_verified: true,
      name: 'Sigrid Dahl',
      ...options.claims,
    })
      .setProtectedHeader({ alg: options.alg ?? 'RS256', kid: issuer.kid, typ: 'JWT' })
      .setIssuer(options.iss ?? issuer.url)
      .setAudience(options.aud ?? CLIENT_ID)
      .setSubject(options.sub ?? '100000000000000000001')
      .setIssuedAt(now - 60)
      .setExpirationTime(options.exp ?? now + 3600)
      .sign(options.key ?? issuer.key);
  }

  const signUp = (googleToken: string, email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/identities/google',
      payload: { name: 'Sigrid Dahl', email, google_token: googleToken },
    });
  const logIn = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/identities/authentications/google', payload });

  it('tells the web app the configured client and authorization endpoint', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/identities/google/configuration' });
    expect(response.json()).toEqual({
      enabled: true,
      client_id: CLIENT_ID,
      authorization_url: 'https://accounts.google.com/o/oauth2/v2/auth',
    });
    // With a real issuer configured, the test issuer is not served.
    expect((await t.app.inject({ method: 'GET', url: '/dev/google/jwks' })).statusCode).toBe(404);
  });

  it('creates, then signs in, with a token the issuer signed', async () => {
    const email = uniqueEmail('issuer');
    const sub = `1${Date.now()}`;
    const created = await signUp(await token({ email, sub }), email);
    expect(created.statusCode, created.body).toBe(201);
    const login = await logIn({ google_token: await token({ email, sub }), googleUserId: sub });
    expect(login.statusCode).toBe(200);
    expect(claimsOf(login.json().authentication_token).identity_party_id).toBe(
      claimsOf(created.json().authentication_token).identity_party_id,
    );
  });

  it('signs nobody in with a token that does not verify', async () => {
    const email = uniqueEmail('forged');
    const { privateKey: otherKey } = await generateKeyPair('RS256');
    const { privateKey: ecKey } = await generateKeyPair('ES256');
    const now = Math.floor(Date.now() / 1000);
    const header = (value: object) => base64url.encode(JSON.stringify(value));
    const payload = header({
      iss: issuer.url,
      aud: CLIENT_ID,
      sub: '1',
      email,
      email_verified: true,
      iat: now,
      exp: now + 3600,
    });
    const cases: Record<string, string> = {
      'wrong signature (a key the issuer never published)': await token({ email, key: otherKey }),
      'ES256 with a key the issuer never published': await token({ email, key: ecKey, alg: 'ES256' }),
      'wrong audience': await token({ email, aud: 'someone-else' }),
      'replay of a token issued to another client': await token({
        email,
        aud: OTHER_CLIENT_ID,
        claims: { azp: OTHER_CLIENT_ID },
      }),
      'wrong issuer': await token({ email, iss: 'https://accounts.example.com' }),
      'Google’s issuer, but not the one configured': await token({
        email,
        iss: 'https://accounts.google.com',
      }),
      expired: await token({ email, exp: now - 120 }),
      'alg none': `${header({ alg: 'none', typ: 'JWT' })}.${payload}.`,
      'HS256 (the public key as shared secret)': await new SignJWT({ email, email_verified: true })
        .setProtectedHeader({ alg: 'HS256', kid: issuer.kid })
        .setIssuer(issuer.url)
        .setAudience(CLIENT_ID)
        .setSubject('1')
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode(JSON.stringify(issuer.jwks.keys[0]))),
      'payload altered after signing': await token({ email }).then((valid) => {
        const [head, , signature] = valid.split('.');
        return `${head}.${header({ ...claimsOf(valid), sub: '666' })}.${signature}`;
      }),
      'not a JWT': 'garbage',
    };
    for (const [name, googleToken] of Object.entries(cases)) {
      const created = await signUp(googleToken, email);
      expect(created.statusCode, name).toBe(401);
      expect(created.json(), name).toEqual({ detail: expect.any(String), code: 'google_token_invalid' });
      const login = await logIn({ google_token: googleToken });
      expect(login.statusCode, name).toBe(401);
      expect(login.json().authentication_token, name).toBeUndefined();
    }
    // Nothing was created along the way.
    expect((await logIn({ google_token: await token({ email }) })).statusCode).toBe(404);
  });

  it('accepts several audiences only when azp names this client', async () => {
    const email = uniqueEmail('azp');
    for (const [name, claims] of [
      ['no azp', {}],
      ['azp of another client', { azp: OTHER_CLIENT_ID }],
    ] as const) {
      const response = await signUp(await token({ email, aud: [CLIENT_ID, OTHER_CLIENT_ID], claims }), email);
      expect(response.statusCode, name).toBe(401);
      expect(response.json().code, name).toBe('google_token_invalid');
    }
    const accepted = await signUp(
      await token({
        email,
        sub: `6${Date.now()}`,
        aud: [OTHER_CLIENT_ID, CLIENT_ID],
        claims: { azp: CLIENT_ID },
      }),
      email,
    );
    expect(accepted.statusCode, accepted.body).toBe(201);
  });

  it('links an existing account by e-mail only where Google is authoritative for the address', async () => {
    const cases = [
      { name: 'Gmail', domain: 'gmail.com', hd: undefined, links: true },
      { name: 'Googlemail', domain: 'googlemail.com', hd: undefined, links: true },
      {
        name: 'Workspace of the domain',
        domain: 'cykelhandler.example',
        hd: 'Cykelhandler.example',
        links: true,
      },
      { name: 'consumer account on another domain', domain: 'example.dk', hd: undefined, links: false },
      { name: 'Workspace of another domain', domain: 'example.dk', hd: 'attacker.example', links: false },
    ];
    for (const [index, entry] of cases.entries()) {
      const email = `${uniqueEmail('authority').split('@')[0]}@${entry.domain}`;
      const owner = await signUpUser(t.app, { email });
      const googleToken = await token({
        email,
        sub: `7${index}${Date.now()}`,
        claims: entry.hd ? { hd: entry.hd } : {},
      });
      const response = await logIn({ google_token: googleToken });
      if (entry.links) {
        expect(response.statusCode, entry.name).toBe(200);
        expect(claimsOf(response.json().authentication_token).identity_party_id, entry.name).toBe(
          owner.partyId,
        );
      } else {
        expect(response.statusCode, entry.name).toBe(409);
        expect(response.json().code, entry.name).toBe('google_link_requires_password');
        expect((await signUp(googleToken, email)).statusCode, entry.name).toBe(409);
      }
    }
  });

  it('refuses an address Google has not verified (400 google_email_not_verified)', async () => {
    const email = uniqueEmail('unverified');
    for (const flag of [false, 'false', undefined]) {
      const googleToken = await token({ email, claims: { email_verified: flag } });
      const response = await signUp(googleToken, email);
      expect(response.statusCode, String(flag)).toBe(400);
      expect(response.json().code).toBe('google_email_not_verified');
    }
    // Google has sent the flag as a string; "true" counts.
    const stringly = await signUp(
      await token({ email, sub: `2${Date.now()}`, claims: { email_verified: 'true' } }),
      email,
    );
    expect(stringly.statusCode).toBe(201);
  });

  it('answers 422 when the body’s e-mail is not the token’s, and compares without case', async () => {
    const email = uniqueEmail('case');
    const mismatch = await signUp(await token({ email }), uniqueEmail('other'));
    expect(mismatch.statusCode).toBe(422);
    const upper = await signUp(await token({ email: email.toUpperCase(), sub: `3${Date.now()}` }), email);
    expect(upper.statusCode).toBe(201);
  });

  it('does not move an account linked to one Google account to another with the same address', async () => {
    const email = uniqueEmail('relinked');
    const first = await signUp(await token({ email, sub: `4${Date.now()}` }), email);
    expect(first.statusCode).toBe(201);
    const other = await token({ email, sub: `5${Date.now()}` });
    const login = await logIn({ google_token: other });
    expect(login.statusCode).toBe(409);
    expect(login.json().code).toBe('email_in_use');
    expect((await signUp(other, email)).statusCode).toBe(409);
  });
});

describe('Google sign-in when the issuer’s keys cannot be fetched', () => {
  let t: TestApp;
  beforeAll(async () => {
    // A port that was free a moment ago: nothing answers there.
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise((resolve) => server.close(resolve));
    t = await createTestApp({
      env: {
        GOOGLE_CLIENT_ID: CLIENT_ID,
        GOOGLE_ISSUER: `http://127.0.0.1:${port}`,
        GOOGLE_JWKS_URL: `http://127.0.0.1:${port}/jwks`,
      },
    });
  });
  afterAll(() => t.close());

  it('answers 503 identity_provider_unavailable rather than calling the token invalid', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    const googleToken = await new SignJWT({ email: 'a@example.dk', email_verified: true })
      .setProtectedHeader({ alg: 'RS256', kid: 'k' })
      .setIssuer('x')
      .setAudience(CLIENT_ID)
      .setSubject('1')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(privateKey);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/identities/authentications/google',
      payload: { google_token: googleToken },
    });
    expect(response.statusCode).toBe(503);
    expect(response.json().code).toBe('identity_provider_unavailable');
  });
});

describe('Google configuration', () => {
  it('accepts both spellings of Google’s issuer, and only the configured one otherwise', () => {
    const google = loadConfig({ GOOGLE_CLIENT_ID: CLIENT_ID }).google;
    expect(google).toMatchObject({
      mode: 'issuer',
      issuers: ['https://accounts.google.com', 'accounts.google.com'],
      jwksUrl: 'https://www.googleapis.com/oauth2/v3/certs',
    });
    const custom = loadConfig({
      GOOGLE_CLIENT_ID: CLIENT_ID,
      GOOGLE_ISSUER: 'https://idp.example.org/',
    }).google;
    expect(custom).toMatchObject({ issuers: ['https://idp.example.org'] });
  });

  it('selects the test issuer only outside production', () => {
    expect(
      loadConfig({ PUBLIC_URL: 'https://nbr.example', ALLOW_DEVELOPMENT_ON_PUBLIC_HOST: 'true' }).google,
    ).toEqual({
      mode: 'test-issuer',
      clientId: 'nbr-dev',
      issuer: 'https://nbr.example/dev/google',
      authorizationUrl: 'https://nbr.example/dev/google/authorize',
    });
    const production = loadConfig({
      ...SINGLE_MACHINE_PRODUCTION,
      ...PRODUCTION_SECRETS,
      SMTP_URL: 'smtp://mail.example.org',
      ALLOW_STAND_INS_IN_PRODUCTION: 'true',
    }).google;
    expect(production).toEqual({ mode: 'off' });
  });
});
