import { createHash } from 'node:crypto';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The one inline style the web app needs: react-aria injects this fixed <style> (touch-action for
 * pressable elements). Allowing its hash keeps every other inline style blocked; a test checks the
 * hash against the installed react-aria.
 */
export const REACT_ARIA_PRESSABLE_STYLE =
  '@layer {\n  [data-react-aria-pressable] {\n    touch-action: pan-x pan-y pinch-zoom;\n  }\n}';
const styleHash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** Where the tag manager's container comes from (apps/web/src/lib/tag-manager.ts). */
export const TAG_MANAGER_ORIGIN = 'https://www.googletagmanager.com';

/**
 * The web app's policy: everything from our own origin, nothing inline but the one style above,
 * no eval. Images may also be data: and blob: URLs (previews of photos before upload). With a
 * tag-manager container configured (TAG_MANAGER_CONTAINER_ID), its origin may serve scripts and be
 * called; the web app loads it only after the person consented to measurement (issue 30 §2).
 */
export function contentSecurityPolicy(
  isProduction: boolean,
  options: { tagManager?: boolean } = {},
): Record<string, string[]> {
  const tagManager = options.tagManager ? [TAG_MANAGER_ORIGIN] : [];
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'script-src': ["'self'", ...tagManager],
    'style-src': ["'self'", styleHash(REACT_ARIA_PRESSABLE_STYLE)],
    // style="" attributes: a page painted on the server carries them in its HTML (react-aria's
    // visually hidden inputs, a progress bar's width), where the browser would otherwise drop them.
    // An attribute cannot run a script nor load from elsewhere (img-src, default-src), and <style>
    // elements stay refused.
    'style-src-attr': ["'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...tagManager],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...tagManager],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'frame-src': ["'none'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
    'object-src': ["'none'"],
    // Only behind HTTPS; on plain http://localhost upgrading would break every request.
    ...(isProduction ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/** Swagger UI needs inline styles; it gets a policy of its own at /api/docs. */
export const SWAGGER_UI_CSP = [
  "default-src 'self'",
  "base-uri 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "form-action 'self'",
  "object-src 'none'",
].join('; ');

/** Headers the web app and other clients send; listed so cross-origin callers may send them too. */
const ALLOWED_HEADERS = [
  'authorization',
  'content-type',
  'accept-language',
  'app-version',
  'session-id',
  'idempotency-key',
  // A visitor's commuter-survey answer token (modules/surveys, SURVEY_ANSWER_TOKEN_HEADER).
  'x-survey-answer-token',
];

export const securityPlugin = fp(
  async (
    app: FastifyInstance,
    options: { isProduction: boolean; corsOrigins: string[]; tagManager?: boolean },
  ) => {
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: contentSecurityPolicy(options.isProduction, { tagManager: options.tagManager ?? false }),
      },
      // The PWA's icons and the API are same-origin; nothing is meant to be embedded elsewhere.
      crossOriginResourcePolicy: { policy: 'same-origin' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      // Matches frame-ancestors 'none' for browsers that only read the older header.
      frameguard: { action: 'deny' },
    });
    await app.register(cors, {
      // No origin listed: no CORS headers, so only the same origin (the served web app) may call.
      origin: options.corsOrigins.length > 0 ? options.corsOrigins : false,
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      allowedHeaders: ALLOWED_HEADERS,
      exposedHeaders: ['content-disposition', 'retry-after', 'x-ratelimit-limit', 'x-ratelimit-remaining'],
      // Bearer tokens, not cookies: credentials mode is never needed.
      credentials: false,
      maxAge: 600,
    });
  },
  { name: 'security' },
);
