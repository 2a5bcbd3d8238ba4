import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomNonce, randomPKCECodeVerifier } from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../errors.ts';
import {
  createDevOidcProvider,
  DEV_ACR,
  DEV_OIDC_PATH,
  type DevOidcProvider,
  testPersonsOf,
} from './dev-provider.ts';
import { VERIFICATION_REDIRECT_PATH } from './identity-provider.ts';
import { createOidcIdentityProvider } from './oidc-client.ts';

/*
 * The OpenID client against an independent issuer on a real port, reached with real fetch: the same
 * code path as a real broker, apart from plain http. Its interaction logs the first test person in.
 */
let server: Server;
let dev: DevOidcProvider;
let base: string;

beforeAll(async () => {
  server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  dev = await createDevOidcProvider({ publicUrl: base });
  const callback = dev.provider.callback();
  server.on('request', async (request: IncomingMessage & { originalUrl?: string }, response) => {
    const url = request.url ?? '/';
    if (url.startsWith(`${DEV_OIDC_PATH}/interaction/`)) {
      const person = testPersonsOf('mitid')[0];
      await dev.provider.interactionFinished(request, response, {
        login: { accountId: person?.subject ?? '', acr: DEV_ACR },
      });
      return;
    }
    request.originalUrl = url;
    request.url = url.slice(DEV_OIDC_PATH.length) || '/';
    await callback(request, response);
  });
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
});

/** Follows the browser's redirects by hand, carrying cookies, until our redirect page is reached. */
async function browse(start: URL): Promise<URL> {
  const cookies = new Map<string, string>();
  let url = start;
  for (let hop = 0; hop < 8; hop += 1) {
    const response = await fetch(url, {
      redirect: 'manual',
      headers: { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const index = pair?.indexOf('=') ?? -1;
      if (pair && index > 0) cookies.set(pair.slice(0, index), pair.slice(index + 1));
    }
    const location = response.headers.get('location');
    if (!location) throw new Error(`no redirect from ${url}: ${response.status}`);
    url = new URL(location, url);
    if (url.pathname === VERIFICATION_REDIRECT_PATH) return url;
  }
  throw new Error('too many redirects');
}

describe('createOidcIdentityProvider against an independent issuer', () => {
  const request = () => ({
    provider: 'mitid' as const,
    state: randomNonce(),
    nonce: randomNonce(),
    codeVerifier: randomPKCECodeVerifier(),
    redirectUri: `${base}${VERIFICATION_REDIRECT_PATH}`,
  });
  const client = () =>
    createOidcIdentityProvider({ kind: 'oidc', clients: dev.clients, allowInsecureRequests: true });

  it('runs discovery, the code flow with PKCE, verifies the ID token and reads userinfo', async () => {
    const rp = client();
    const begun = request();
    const url = await rp.beginAuthorization(begun);
    expect(url.origin).toBe(base);
    const back = await browse(url);
    const person = await rp.completeAuthorization({
      ...begun,
      code: back.searchParams.get('code') ?? '',
      iss: back.searchParams.get('iss') ?? '',
    });
    const expected = testPersonsOf('mitid')[0];
    expect(person).toEqual({
      issuer: `${base}${DEV_OIDC_PATH}`,
      subject: expected?.subject,
      name: `${expected?.givenName} ${expected?.familyName}`,
      givenName: expected?.givenName,
      familyName: expected?.familyName,
      birthDate: expected?.birthDate,
    });
  });

  it('fails the check for a wrong nonce, a wrong PKCE verifier or a foreign iss', async () => {
    const rp = client();
    for (const spoil of [
      { nonce: randomNonce() },
      { codeVerifier: randomPKCECodeVerifier() },
      { iss: 'https://attacker.example' },
    ]) {
      const begun = request();
      const back = await browse(await rp.beginAuthorization(begun));
      const result = {
        ...begun,
        code: back.searchParams.get('code') ?? '',
        iss: back.searchParams.get('iss') ?? '',
        ...spoil,
      };
      await expect(rp.completeAuthorization(result)).rejects.toMatchObject({
        code: 'identity_verification_failed',
      });
    }
  });

  it('asks for the configured assurance levels and accepts a token at one of them', async () => {
    const mitid = dev.clients.mitid;
    if (!mitid) throw new Error('no test MitID client');
    const rp = createOidcIdentityProvider({
      kind: 'oidc',
      clients: { mitid: { ...mitid, acrValues: ['urn:nbr:test:loa:high', DEV_ACR] } },
      allowInsecureRequests: true,
    });
    const begun = request();
    const url = await rp.beginAuthorization(begun);
    expect(url.searchParams.get('acr_values')).toBe(`urn:nbr:test:loa:high ${DEV_ACR}`);
    const back = await browse(url);
    const person = await rp.completeAuthorization({
      ...begun,
      code: back.searchParams.get('code') ?? '',
      iss: back.searchParams.get('iss') ?? '',
    });
    expect(person.subject).toBe(testPersonsOf('mitid')[0]?.subject);
    // Unpinned, nothing is asked for.
    expect((await client().beginAuthorization(request())).searchParams.has('acr_values')).toBe(false);
  });

  it('fails the check when the token’s acr is not one of the configured levels', async () => {
    const mitid = dev.clients.mitid;
    if (!mitid) throw new Error('no test MitID client');
    const rp = createOidcIdentityProvider({
      kind: 'oidc',
      clients: { mitid: { ...mitid, acrValues: ['urn:nbr:test:loa:high'] } },
      allowInsecureRequests: true,
    });
    const begun = request();
    const back = await browse(await rp.beginAuthorization(begun));
    await expect(
      rp.completeAuthorization({
        ...begun,
        code: back.searchParams.get('code') ?? '',
        iss: back.searchParams.get('iss') ?? '',
      }),
    ).rejects.toMatchObject({ code: 'identity_verification_failed' });
  });

  it('reports an unreachable or unconfigured provider as unavailable', async () => {
    const down = createOidcIdentityProvider({
      kind: 'oidc',
      clients: { mitid: { issuer: 'http://127.0.0.1:9/none', clientId: 'x', clientSecret: 'y' } },
      allowInsecureRequests: true,
      timeoutMs: 2000,
    });
    await expect(down.beginAuthorization(request())).rejects.toMatchObject({
      code: 'identity_provider_unavailable',
    });
    expect(down.isAvailable('bankid')).toBe(false);
    await expect(down.beginAuthorization({ ...request(), provider: 'bankid' })).rejects.toBeInstanceOf(
      AppError,
    );
  });

  it('refuses plain http unless allowed (only the built-in provider is)', async () => {
    const strict = createOidcIdentityProvider({ kind: 'oidc', clients: dev.clients });
    await expect(strict.beginAuthorization(request())).rejects.toMatchObject({
      code: 'identity_provider_unavailable',
    });
  });
});
