import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBike } from '../../test/bike-helpers.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { signUpUser, TEST_PASSWORD, uniqueEmail } from '../../test/identity-helpers.ts';

/*
 * Every rate limit is decided on the route the router matched, never on how the client spelled its
 * path: a spelling the router serves (double slashes, percent-encoded letters, a trailing slash, an
 * absolute-form request target, another query string) counts against the same budget, and one it
 * does not serve (another case) never reaches the route.
 */

const BUDGET = 3;

interface Limited {
  name: string;
  method: 'GET' | 'POST';
  /** The canonical path and query of the route. */
  path: string;
  /** A body that passes validation, fresh per request where the budget is also per address. */
  body?: () => Record<string, unknown>;
}

/** A registered bike that is not stolen: a visitor's message is refused (409) after the budgets. */
let bikeId = '';
let victimEmail = '';

const LIMITED: Limited[] = [
  {
    name: 'log-in',
    method: 'POST',
    path: '/api/identities/authentications',
    body: () => ({ email: victimEmail, password: 'wrong-password-1234' }),
  },
  {
    name: 'password reset',
    method: 'POST',
    path: '/api/identities/authentications/password-resets',
    body: () => ({ email: uniqueEmail('reset') }),
  },
  {
    name: 'contact owner',
    method: 'POST',
    get path() {
      return `/api/bikes/${bikeId}/contact-owner`;
    },
    body: () => ({ message: 'I saw your bike at the station.', email: uniqueEmail('finder') }),
  },
  { name: 'search', method: 'GET', path: '/api/search?q=WBK12345' },
];

/** Spellings of a path the router serves as the same route. */
const SERVED_SPELLINGS: Array<[string, (path: string) => string]> = [
  ['a double slash in front', (path) => `/${path}`],
  ['a double slash inside', (path) => path.replace('/api/', '/api//')],
  ['percent-encoded letters', (path) => path.replace('/api/', '/%61pi/')],
  [
    'a percent-encoded letter of the route',
    (path) =>
      path.replace(/^\/api\/(\w)/, (_, letter: string) => `/api/%${letter.charCodeAt(0).toString(16)}`),
  ],
  ['a trailing slash', (path) => path.replace(/(\?|$)/, '/$1')],
  ['an added query parameter', (path) => `${path}${path.includes('?') ? '&' : '?'}x=1`],
  ['an empty query string', (path) => (path.includes('?') ? path.replace('?', '?&') : `${path}?`)],
];

let address = 1;
/** A fresh client address: each spelling spends a budget of its own. */
const nextAddress = () => `10.77.${Math.floor(address / 250)}.${(address++ % 250) + 1}`;

/** An app with small budgets, and a person with a bike whose limits the tests spend. */
async function createLimitedApp(): Promise<TestApp> {
  const app = await createTestApp({
    env: {
      RATE_LIMIT_SENSITIVE_PER_MINUTE: String(BUDGET),
      RATE_LIMIT_SEARCH_PER_MINUTE: String(BUDGET),
    },
    contactOwnerRateLimits: {
      visitorContactsPerHour: BUDGET,
      visitorContactsPerAddress: 100,
      contactsPerHour: 100,
    },
  });
  // From an address of its own, so the helper's sign-in spends none of the budgets under test.
  const victim = await signUpUser(app.app, {}, {}, '10.99.0.1');
  victimEmail = victim.email;
  bikeId = (await insertBike(app.app.db, { ownerPartyId: victim.partyId })).bikeId;
  return app;
}

describe('rate limits whatever the spelling of the path', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createLimitedApp();
  });
  afterAll(() => t.close());

  const send = (route: Limited, url: string, remoteAddress: string) =>
    t.app.inject({
      method: route.method,
      url,
      remoteAddress,
      ...(route.body ? { payload: route.body() } : {}),
    });

  for (const route of LIMITED) {
    for (const [spelling, respell] of SERVED_SPELLINGS) {
      it(`${route.name}: ${spelling} is refused once the canonical path spent the budget`, async () => {
        const client = nextAddress();
        for (let i = 0; i < BUDGET; i += 1) {
          expect((await send(route, route.path, client)).statusCode).not.toBe(429);
        }
        const respelled = await send(route, respell(route.path), client);
        expect(respelled.statusCode, respelled.body).toBe(429);
        expect(respelled.json()).toMatchObject({ code: 'rate_limited' });
      });

      it(`${route.name}: ${spelling} spends the canonical path's budget`, async () => {
        const client = nextAddress();
        for (let i = 0; i < BUDGET; i += 1) {
          const response = await send(route, respell(route.path), client);
          expect(response.statusCode, response.body).not.toBe(429);
          expect(response.statusCode, response.body).not.toBe(404);
        }
        expect((await send(route, route.path, client)).statusCode).toBe(429);
      });
    }

    it(`${route.name}: another case is not the route (404), so it cannot spend or skip its budget`, async () => {
      const client = nextAddress();
      for (let i = 0; i < BUDGET; i += 1) await send(route, route.path, client);
      const upper = await send(route, route.path.replace('/api/', '/API/'), client);
      expect(upper.statusCode).toBe(404);
    });
  }

  it('log-in: the right password after spent wrong ones is refused on every spelling', async () => {
    const client = nextAddress();
    const login = LIMITED[0]!;
    for (let i = 0; i < BUDGET; i += 1) expect((await send(login, login.path, client)).statusCode).toBe(401);
    for (const [, respell] of SERVED_SPELLINGS) {
      const right = await t.app.inject({
        method: 'POST',
        url: respell(login.path),
        remoteAddress: client,
        payload: { email: victimEmail, password: TEST_PASSWORD },
      });
      expect(right.statusCode).toBe(429);
    }
  });
});

/** One request over a real socket, with the request target exactly as given (absolute-form too). */
function rawRequest(
  port: number,
  method: string,
  target: string,
  body?: Record<string, unknown>,
): Promise<{ statusCode: number; body: string }> {
  return new Promise((resolve, reject) => {
    const payload = body ? JSON.stringify(body) : undefined;
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: target,
        headers: payload
          ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
          : {},
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ statusCode: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

describe('rate limits of an absolute-form request target (GET http://host/api/… HTTP/1.1)', () => {
  let t: TestApp;
  let port = 0;
  beforeAll(async () => {
    t = await createLimitedApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  // Every route is limited per client address, and over a socket every request comes from 127.0.0.1:
  // each route is checked once, half its budget spent each way.
  for (const route of LIMITED) {
    it(`${route.name}: counts against the same budget as the origin-form path`, async () => {
      const absolute = `http://localhost:${port}${route.path}`;
      const statuses: number[] = [];
      for (let i = 0; i < BUDGET; i += 1) {
        const target = i % 2 === 0 ? absolute : route.path;
        statuses.push((await rawRequest(port, route.method, target, route.body?.())).statusCode);
      }
      expect(statuses).not.toContain(429);
      expect(statuses).not.toContain(404);
      expect((await rawRequest(port, route.method, absolute, route.body?.())).statusCode).toBe(429);
    });
  }
});

describe('rate limits of HEAD beside GET', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createLimitedApp();
  });
  afterAll(() => t.close());

  const search = '/api/search?q=WBK12345';

  for (const [spending, refused] of [
    ['HEAD', 'GET'],
    ['GET', 'HEAD'],
  ] as const) {
    it(`${spending} spends the budget of ${refused} on the same route`, async () => {
      const client = nextAddress();
      for (let i = 0; i < BUDGET; i += 1) {
        const spent = await t.app.inject({ method: spending, url: search, remoteAddress: client });
        expect(spent.statusCode).toBe(200);
      }
      const after = await t.app.inject({ method: refused, url: search, remoteAddress: client });
      expect(after.statusCode).toBe(429);
    });
  }

  it('mixed GET and HEAD count as one budget, whatever the spelling', async () => {
    const client = nextAddress();
    const statuses: number[] = [];
    for (const [method, url] of [
      ['GET', search],
      ['HEAD', `/${search}`],
      ['HEAD', search.replace('/api/', '/%61pi/')],
      ['GET', search],
    ] as const) {
      statuses.push((await t.app.inject({ method, url, remoteAddress: client })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('another route keeps its own budget', async () => {
    const client = nextAddress();
    for (let i = 0; i < BUDGET; i += 1) {
      await t.app.inject({ method: 'HEAD', url: search, remoteAddress: client });
    }
    const sticker = await t.app.inject({
      method: 'GET',
      url: '/api/stickers/NOSUCHCODE',
      remoteAddress: client,
    });
    expect(sticker.statusCode).not.toBe(429);
  });
});
