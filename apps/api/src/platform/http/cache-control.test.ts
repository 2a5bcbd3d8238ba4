import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { bearer, signUpUser, type TestUser } from '../../test/identity-helpers.ts';

/*
 * No cache, shared or the browser's, keeps an API answer unless its route declares it may:
 * personal answers (a person, their bikes, their sign-in) are `no-store`, and so is every error.
 */
describe('Cache-Control of API answers', () => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    user = await signUpUser(t.app);
  });
  afterAll(() => t.close());

  it.each([
    ['GET', '/api/identities/me'],
    ['GET', '/api/bikes'],
  ])('%s %s (a signed-in person’s own data) is no-store', async (method, url) => {
    const response = await t.app.inject({ method: method as 'GET', url, headers: bearer(user.token) });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('a sign-in answer (a session token) is no-store', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/identities/authentications',
      payload: { email: user.email, password: user.password },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it.each([
    ['an unsigned request to a signed-in route', '/api/identities/me', 401],
    ['an unknown API path', '/api/no-such-thing', 404],
    ['an unknown API path spelled with a double slash', '//api/no-such-thing', 404],
    ['an invalid query of a public-cacheable route', '/api/stolen-bikes?zoom=99', 422],
  ])('%s is no-store', async (_name, url, status) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(status);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('the public register search, which says nothing about caching, is no-store too', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/search?q=WBK12345' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it.each([
    ['/api/identities/.well-known/jwks.json', 'public, max-age=300'],
    ['/api/stolen-bikes/map-configuration', 'public, max-age=300'],
    ['/api/stolen-bikes/list', 'public, max-age=30'],
  ])('%s keeps the caching its route declares', async (url, cacheControl) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe(cacheControl);
  });

  it('the stand-ins under /dev are no-store (the mailbox holds people’s mails)', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/dev/mailbox/messages?to=${user.email}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
  });
});
