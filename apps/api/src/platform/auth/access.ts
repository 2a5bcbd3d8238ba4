import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../errors.ts';
import { type ApiKeyAuth, authenticateApiKey } from './api-keys.ts';
import { type Authenticator, decorateAuth, type RequestAuth } from './authenticate.ts';

/**
 * Who may call a route, declared once per route as `config: { access }`. Every route under /api must
 * declare one — the app refuses to start otherwise — and the one hook below enforces it before the
 * body is validated. Rules about a particular object (this organisation, this bike) come after, in
 * the module's policy, called by its service.
 *
 * - `public`: anyone; a valid token is read when one comes (request.auth), a bad one leaves a visitor.
 * - `signed_in`: a live session, a switch-user session included.
 * - `signed_in_self`: a live session of the person themself — not staff switched into the account
 *   (password, deletion, national identity: things only the person may do).
 * - `verified`: signed in with a verified national digital identity (verified_on set).
 * - `staff`: backoffice staff (support or admin) in their own session.
 * - `staff_admin`: backoffice admins in their own session.
 * - `api_key_check`: an organisation's API key with the `check` scope (issue 32 §1), never a person's
 *   session; a key opens no route of another level (it is not a session token).
 */
export const ACCESS_LEVELS = [
  'public',
  'signed_in',
  'signed_in_self',
  'verified',
  'staff',
  'staff_admin',
  'api_key_check',
] as const;
export type Access = (typeof ACCESS_LEVELS)[number];

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyInstance {
    /** Every /api route with its declared access, for the permission-matrix test and the docs. */
    accessDeclarations: AccessDeclaration[];
  }
}

export interface AccessDeclaration {
  method: string;
  url: string;
  access: Access;
}

/** Routes under these prefixes belong to plugins we do not write (the API docs) and are public. */
const UNDECLARED_PUBLIC_PREFIXES = ['/api/docs'];

function isGuarded(url: string): boolean {
  return (
    (url === '/api' || url.startsWith('/api/')) &&
    !UNDECLARED_PUBLIC_PREFIXES.some((prefix) => url === prefix || url.startsWith(`${prefix}/`))
  );
}

/** Checks a signed-in caller against an access level; throws the error the caller should see. */
export function checkAccess(access: Exclude<Access, 'public' | 'api_key_check'>, auth: RequestAuth): void {
  switch (access) {
    case 'signed_in':
      return;
    case 'signed_in_self':
      if (auth.switchedBy) throw new AppError('not_allowed_while_switched');
      return;
    case 'verified':
      if (!auth.verifiedOn) throw new AppError('identity_verification_required');
      return;
    case 'staff':
      if (auth.switchedBy) throw new AppError('not_allowed_while_switched');
      if (!auth.staffRole) throw new AppError('forbidden');
      return;
    case 'staff_admin':
      if (auth.switchedBy) throw new AppError('not_allowed_while_switched');
      if (auth.staffRole !== 'admin') throw new AppError('forbidden');
      return;
  }
}

/** The signed-in caller of a route whose access level guarantees one. */
export function requireAuth(request: FastifyRequest): RequestAuth {
  if (!request.auth) throw new AppError('not_authenticated');
  return request.auth;
}

/** The API key of a route whose access level is `api_key_check`. */
export function requireApiKey(request: FastifyRequest): ApiKeyAuth {
  if (!request.apiKey) throw new AppError('not_authenticated');
  return request.apiKey;
}

export const accessPlugin = fp(
  async (app: FastifyInstance, options: { authenticator: Authenticator; db: Executor }) => {
    const { authenticator } = options;
    decorateAuth(app);
    if (!app.hasRequestDecorator('apiKey')) app.decorateRequest('apiKey', null);
    const declarations: AccessDeclaration[] = [];
    app.decorate('accessDeclarations', declarations);

    app.addHook('onRoute', (route) => {
      if (!isGuarded(route.url)) return;
      const access = route.config?.access;
      if (!access) {
        throw new Error(`${String(route.method)} ${route.url} declares no access level (config.access)`);
      }
      for (const method of [route.method].flat()) {
        if (method === 'HEAD' && declarations.some((d) => d.url === route.url && d.method === 'GET'))
          continue;
        declarations.push({ method, url: route.url, access });
      }
    });

    app.addHook('preValidation', async (request) => {
      const access = request.routeOptions.config.access;
      if (!access) {
        // Deny unless allowed: only routes outside the API (web app, docs, stand-ins) lack a level.
        if (request.routeOptions.url !== undefined && isGuarded(request.routeOptions.url)) {
          throw new AppError('forbidden');
        }
        return;
      }
      if (access === 'public') {
        await authenticator.optionalAuthenticate(request);
        return;
      }
      if (access === 'api_key_check') {
        request.apiKey = await authenticateApiKey(options.db, request, 'check');
        return;
      }
      await authenticator.authenticate(request);
      checkAccess(access, requireAuth(request));
    });
  },
  { name: 'access' },
);
