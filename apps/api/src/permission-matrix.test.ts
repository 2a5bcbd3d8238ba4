import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/helper.ts';
import { bearer, logIn, TEST_PASSWORD } from './test/identity-helpers.ts';
import { createRoleFixtures, ROLES, type Role, type RoleFixtures } from './test/role-fixtures.ts';

/*
 * The permission matrix: every /api route, tried by every kind of caller. A route the matrix does
 * not list fails the completeness test, so a new endpoint cannot ship without saying who may call it.
 *
 * "Allowed" means the caller got past every access rule: any answer but 401, 403 or 404. Requests
 * that would change what other cases rely on (sign-out, deletion, password change) are sent with an
 * invalid body by allowed callers: the 422 proves the access check passed, because it runs before
 * validation. "Denied" means 401 for a visitor and 403 or 404 (no existence leak) for anyone else.
 */

const SIGNED_IN: readonly Role[] = ROLES.filter((role) => role !== 'visitor');
const EVERYONE: readonly Role[] = ROLES;

interface MatrixCase {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The route as declared, e.g. `/api/identities/:partyId`. */
  route: string;
  allowed: readonly Role[];
  /** The request a caller in `role` sends; defaults to the route with no body. */
  request?: (context: CaseContext) => Promise<Partial<InjectOptions>> | Partial<InjectOptions>;
}

interface CaseContext {
  role: Role;
  fixtures: RoleFixtures;
  /** A token of a fresh session of the role's user, for requests that end or change the session. */
  freshToken(): Promise<string | null>;
}

const CASES: MatrixCase[] = [
  { method: 'GET', route: '/api/health', allowed: EVERYONE },
  { method: 'GET', route: '/api/identities/.well-known/jwks.json', allowed: EVERYONE },
  {
    method: 'POST',
    route: '/api/identities',
    allowed: EVERYONE,
    request: () => ({ payload: { email: 'not-an-address' } }),
  },
  {
    method: 'POST',
    route: '/api/identities/authentications',
    allowed: EVERYONE,
    request: () => ({ payload: { email: 'not-an-address', password: 'x' } }),
  },
  { method: 'POST', route: '/api/identities/authentications/refresh', allowed: SIGNED_IN },
  {
    method: 'POST',
    route: '/api/identities/authentications/logout',
    allowed: SIGNED_IN,
    request: async ({ freshToken }) => ({ headers: await headersFor(await freshToken()) }),
  },
  {
    method: 'POST',
    route: '/api/identities/authentications/password-resets',
    allowed: EVERYONE,
    request: () => ({ payload: { email: 'nobody@example.dk' } }),
  },
  {
    method: 'POST',
    route: '/api/identities/authentications/password-resets/:code/validate',
    allowed: EVERYONE,
    request: () => ({
      url: '/api/identities/authentications/password-resets/not-a-code/validate',
      payload: { new_password: TEST_PASSWORD },
    }),
  },
  { method: 'POST', route: '/api/identities/authentications/email-verifications', allowed: SIGNED_IN },
  {
    method: 'POST',
    route: '/api/identities/authentications/email-verifications/:code/validate',
    allowed: EVERYONE,
    request: () => ({ url: '/api/identities/authentications/email-verifications/not-a-code/validate' }),
  },
  { method: 'GET', route: '/api/identities/me', allowed: SIGNED_IN },
  {
    method: 'PUT',
    route: '/api/identities/me',
    allowed: SIGNED_IN,
    request: () => ({ payload: { city: 'Odense' } }),
  },
  {
    method: 'PUT',
    route: '/api/identities/me/password',
    allowed: SIGNED_IN,
    request: () => ({ payload: { current_password: '', new_password: 'x' } }),
  },
  { method: 'GET', route: '/api/identities/me/export', allowed: SIGNED_IN },
  { method: 'GET', route: '/api/identities/language', allowed: EVERYONE },
  {
    method: 'PUT',
    route: '/api/identities/language',
    allowed: SIGNED_IN,
    request: () => ({ payload: { language: 'da' } }),
  },
  { method: 'GET', route: '/api/identities/region', allowed: EVERYONE },
  { method: 'GET', route: '/api/identities/consents', allowed: SIGNED_IN },
  {
    method: 'POST',
    route: '/api/identities/consents/:type',
    allowed: SIGNED_IN,
    request: () => ({ url: '/api/identities/consents/newsletter', payload: { action: 'grant' } }),
  },
  {
    // Only the person themself: everyone else is refused before the four confirmations are read.
    method: 'DELETE',
    route: '/api/identities/:partyId',
    allowed: ['user'],
    request: ({ fixtures, role }) => ({
      url: `/api/identities/${fixtures.users.user.partyId}`,
      // The owner's request lacks the confirmations (422): the account must survive the matrix.
      payload: role === 'user' ? {} : allConfirmations(),
    }),
  },
  {
    method: 'POST',
    route: '/api/actions/:kind/:name',
    allowed: EVERYONE,
    request: () => ({ url: '/api/actions/page/matrix', payload: {} }),
  },
];

function allConfirmations() {
  return {
    confirm_data_copy: true,
    confirm_legal_retention: true,
    confirm_insurance_consequences: true,
    confirm_permanent: true,
  };
}

async function headersFor(token: string | null): Promise<Record<string, string>> {
  return token ? bearer(token) : {};
}

function defaultUrl(route: string): string {
  if (route.includes(':')) throw new Error(`${route} has parameters: give the case a request`);
  return route;
}

describe('permission matrix', () => {
  let t: TestApp;
  let fixtures: RoleFixtures;

  beforeAll(async () => {
    t = await createTestApp();
    fixtures = await createRoleFixtures(t.app);
  });

  afterAll(async () => {
    await t?.close();
  });

  it('lists every /api route, so none ships without saying who may call it', () => {
    const listed = new Set(CASES.map((c) => `${c.method} ${c.route}`));
    const declared = t.app.accessDeclarations
      .filter((declaration) => declaration.method !== 'HEAD')
      .map((declaration) => `${declaration.method} ${declaration.url.replace(/\/$/, '')}`);
    expect(declared.filter((route) => !listed.has(route))).toEqual([]);
    expect([...listed].filter((route) => !declared.includes(route))).toEqual([]);
  });

  for (const matrixCase of CASES) {
    describe(`${matrixCase.method} ${matrixCase.route}`, () => {
      for (const role of ROLES) {
        const isAllowed = matrixCase.allowed.includes(role);
        it(`${isAllowed ? 'lets' : 'refuses'} ${role.replaceAll('_', ' ')}`, async () => {
          const context: CaseContext = {
            role,
            fixtures,
            freshToken: async () => {
              if (role === 'visitor') return null;
              const user = fixtures.users[role];
              return logIn(t.app, user.email, user.password);
            },
          };
          const custom = (await matrixCase.request?.(context)) ?? {};
          const response = await t.app.inject({
            method: matrixCase.method,
            url: custom.url ?? defaultUrl(matrixCase.route),
            ...(custom.payload !== undefined ? { payload: custom.payload } : {}),
            headers: custom.headers ?? (await headersFor(fixtures.tokens[role])),
          } as InjectOptions);
          const status = response.statusCode;
          if (isAllowed) {
            expect([401, 403, 404], `${role} got ${status}: ${response.body}`).not.toContain(status);
            expect(status, response.body).toBeLessThan(500);
          } else if (role === 'visitor') {
            expect(status, response.body).toBe(401);
          } else {
            expect([403, 404], `${role} got ${status}: ${response.body}`).toContain(status);
          }
        });
      }
    });
  }
});
