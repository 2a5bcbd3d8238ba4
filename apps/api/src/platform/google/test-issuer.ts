import { createHash, randomUUID } from 'node:crypto';
import { EmailSchema } from '@nbr/domain/identity';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import { z } from 'zod';
import { escapeHtml } from '../mail/render.ts';

/**
 * A stand-in for Google's sign-in (development and test only): it publishes an OpenID
 * configuration and a JWKS, shows a page to pick a test Google account, and returns to the app the
 * way Google's implicit flow does, `redirect_uri#id_token=…&state=…`. The key lives in memory, so its
 * tokens verify only within the run that signed them.
 */
export interface TestGoogleIssuer {
  issuer: string;
  clientId: string;
  jwks: { keys: JWK[] };
  /** Signs an ID token as this issuer would; tests use it directly for edge cases. */
  signIdToken(claims: TestIdTokenClaims): Promise<string>;
}

export interface TestIdTokenClaims {
  sub: string;
  email: string;
  name?: string;
  nonce?: string;
  email_verified?: boolean;
  /** The Google Workspace domain (`hd`); absent for consumer accounts. */
  hd?: string;
  /** Overrides for tests: another audience, an expiry in the past… */
  aud?: string | string[];
  /** The client the token was issued to; defaults to the audience (or our client). */
  azp?: string;
  exp?: number;
  iat?: number;
}

export interface TestGoogleAccount {
  sub: string;
  name: string;
  email: string;
  /** Set for a Google Workspace account: its tokens carry `hd`. */
  hostedDomain?: string;
}

/**
 * Offered on the sign-in page; the `sub` of each stays the same across runs, as Google's does. One
 * of each kind Google's authority over the address differs for: a Gmail address, a Workspace
 * account of its own domain, and a Google account opened on someone else's domain.
 */
export const TEST_GOOGLE_ACCOUNTS: readonly TestGoogleAccount[] = [
  { sub: '109876543210000000001', name: 'Astrid Nørgaard', email: 'astrid.norgaard@gmail.com' },
  {
    sub: '109876543210000000002',
    name: 'Ole Kristian Haugen',
    email: 'ole.haugen@haugen-sykkel.example',
    hostedDomain: 'haugen-sykkel.example',
  },
  { sub: '109876543210000000003', name: 'Freja Lund', email: 'freja.lund@example.com' },
];

/** Google's ID tokens live an hour. */
const TOKEN_TTL_SECONDS = 3600;

/** A stable, Google-looking numeric `sub` for an address typed into the page. */
export function testGoogleSubject(email: string): string {
  const digest = createHash('sha256').update(email.trim().toLowerCase()).digest();
  const digits = Array.from(digest.subarray(0, 20), (byte) => String(byte % 10)).join('');
  return `1${digits}`;
}

export async function createTestGoogleIssuer(options: {
  issuer: string;
  clientId: string;
}): Promise<TestGoogleIssuer> {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const kid = randomUUID();
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  return {
    issuer: options.issuer,
    clientId: options.clientId,
    jwks: { keys: [publicJwk] },
    async signIdToken(claims) {
      const now = Math.floor(Date.now() / 1000);
      const [givenName, ...rest] = (claims.name ?? '').trim().split(/\s+/).filter(Boolean);
      return new SignJWT({
        email: claims.email,
        email_verified: claims.email_verified ?? true,
        ...(claims.name ? { name: claims.name } : {}),
        ...(givenName ? { given_name: givenName } : {}),
        ...(rest.length > 0 ? { family_name: rest.join(' ') } : {}),
        ...(claims.nonce ? { nonce: claims.nonce } : {}),
        ...(claims.hd ? { hd: claims.hd } : {}),
        azp: claims.azp ?? (typeof claims.aud === 'string' ? claims.aud : options.clientId),
      })
        .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
        .setIssuer(options.issuer)
        .setAudience(claims.aud ?? options.clientId)
        .setSubject(claims.sub)
        .setIssuedAt(claims.iat ?? now)
        .setExpirationTime(claims.exp ?? now + TOKEN_TTL_SECONDS)
        .sign(privateKey);
    },
  };
}

const AuthorizeQuerySchema = z.object({
  client_id: z.string().max(200),
  redirect_uri: z.string().max(2000),
  response_type: z.literal('id_token'),
  scope: z.string().max(500).optional(),
  // Google refuses an implicit id_token request without a nonce; so does its stand-in.
  nonce: z.string().min(1).max(500),
  state: z.string().max(2000).optional(),
});
type AuthorizeQuery = z.infer<typeof AuthorizeQuerySchema>;

const ChoiceSchema = z.object({
  action: z.enum(['choose', 'custom', 'cancel']).default('choose'),
  account: z.string().max(100).optional(),
  name: z.string().trim().max(200).optional(),
  email: z.string().max(300).optional(),
  /** "on" when the typed-in account is a Workspace account of its address's domain. */
  workspace: z.literal('on').optional(),
});

const STYLE = `
:root{color-scheme:light}
body{font-family:system-ui,sans-serif;margin:0;color:#1f1f1f;background:#f0f4f9}
main{max-width:28rem;margin:0 auto;padding:1rem}
.card{background:#fff;border-radius:1.5rem;padding:1.5rem;margin-top:1rem}
.banner{background:#fff4ce;border:2px solid #b06000;color:#5c3200;border-radius:.5rem;padding:.75rem;margin:0}
h1{font-size:1.5rem;font-weight:500;margin:.5rem 0}
h2{font-size:1.1rem;font-weight:500;margin:1.5rem 0 .5rem}
.lead{margin:0 0 1rem;color:#444}
ul{list-style:none;margin:0;padding:0;border-top:1px solid #dadce0}
li{border-bottom:1px solid #dadce0}
.account{display:flex;flex-direction:column;align-items:flex-start;width:100%;text-align:left;background:none;border:0;padding:.75rem .5rem;font:inherit;cursor:pointer;color:inherit}
.account:hover,.account:focus-visible{background:#e8f0fe}
.account .email{color:#444;font-size:.9rem}
label{display:flex;flex-direction:column;gap:.25rem;margin:.5rem 0;font-weight:600}
label.check{flex-direction:row;align-items:center;gap:.5rem;font-weight:400}
input{font:inherit;padding:.6rem;border:1px solid #747775;border-radius:.25rem}
.actions{display:flex;gap:.75rem;flex-wrap:wrap;margin-top:1rem}
.primary{font:inherit;padding:.6rem 1.5rem;background:#0b57d0;color:#fff;border:0;border-radius:1.25rem;cursor:pointer}
.secondary{font:inherit;padding:.6rem 1.5rem;background:none;color:#0b57d0;border:1px solid #747775;border-radius:1.25rem;cursor:pointer}
.error{color:#b3261e;font-weight:600}
`;

function hiddenFields(query: AuthorizeQuery): string {
  return Object.entries(query)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(String(value))}">`)
    .join('');
}

function document(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><link rel="icon" href="data:,"><link rel="stylesheet" href="/dev/google/style.css"></head>
<body><main>
<p class="banner"><strong>TEST Google sign-in.</strong> A built-in stand-in for development: no real Google account is used and nothing leaves this machine.</p>
${body}
</main></body>
</html>
`;
}

function chooserPage(
  query: AuthorizeQuery,
  problem?: { message: string; name: string; email: string; workspace: boolean },
): string {
  const hidden = hiddenFields(query);
  const accounts = TEST_GOOGLE_ACCOUNTS.map(
    (account) =>
      `<li><button class="account" type="submit" name="account" value="${account.sub}"><span>${escapeHtml(account.name)}</span><span class="email">${escapeHtml(account.email)}${account.hostedDomain ? ' · Workspace' : ''}</span></button></li>`,
  ).join('');
  return document(
    'Sign in with Google (TEST)',
    `<div class="card">
<h1>Choose an account</h1>
<p class="lead">to continue to Nordic Bike Registry</p>
<form method="post" action="/dev/google/authorize" aria-label="Test Google accounts">${hidden}<input type="hidden" name="action" value="choose"><ul>${accounts}</ul></form>
<h2 id="other">Use another account</h2>
<form method="post" action="/dev/google/authorize" aria-labelledby="other">${hidden}<input type="hidden" name="action" value="custom">
${problem ? `<p class="error" role="alert">${escapeHtml(problem.message)}</p>` : ''}
<label for="name">Name<input id="name" name="name" autocomplete="name" required value="${escapeHtml(problem?.name ?? '')}"></label>
<label for="email">E-mail<input id="email" name="email" type="email" autocomplete="email" required value="${escapeHtml(problem?.email ?? '')}"></label>
<label class="check" for="workspace"><input id="workspace" name="workspace" type="checkbox" value="on"${problem?.workspace ? ' checked' : ''}><span>Google Workspace account of this address's domain (the token carries <code>hd</code>)</span></label>
<div class="actions"><button class="primary" type="submit">Continue</button></div>
</form>
<form method="post" action="/dev/google/authorize">${hidden}<input type="hidden" name="action" value="cancel"><div class="actions"><button class="secondary" type="submit">Cancel</button></div></form>
</div>`,
  );
}

function errorPage(reply: FastifyReply, message: string) {
  return reply
    .code(400)
    .type('text/html; charset=utf-8')
    .send(
      document(
        'Sign in with Google (TEST): error',
        `<div class="card"><h1>Request refused</h1><p>${escapeHtml(message)}</p></div>`,
      ),
    );
}

/** Back to the app the way Google's implicit flow returns: everything in the fragment. */
function returnTo(reply: FastifyReply, query: AuthorizeQuery, answer: Record<string, string>) {
  const target = new URL(query.redirect_uri);
  target.hash = new URLSearchParams({ ...answer, ...(query.state ? { state: query.state } : {}) }).toString();
  return reply.header('cache-control', 'no-store').redirect(target.toString(), 303);
}

/**
 * Routes of the test issuer, registered under /dev/google. Only redirect URIs on PUBLIC_URL's origin
 * are served: anything else would hand signed tokens to another site.
 */
export async function testGoogleIssuerRoutes(
  app: FastifyInstance,
  options: { issuer: TestGoogleIssuer; publicUrl: string },
): Promise<void> {
  const { issuer } = options;
  const allowedOrigin = new URL(options.publicUrl).origin;

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  function readRequest(raw: unknown): AuthorizeQuery | string {
    const parsed = AuthorizeQuerySchema.safeParse(raw);
    if (!parsed.success) {
      const fields = [...new Set(parsed.error.issues.map((issue) => issue.path.join('.')))];
      return `Missing or invalid parameters: ${fields.join(', ')}.`;
    }
    if (parsed.data.client_id !== issuer.clientId) return `Unknown client_id "${parsed.data.client_id}".`;
    if (
      !URL.canParse(parsed.data.redirect_uri) ||
      new URL(parsed.data.redirect_uri).origin !== allowedOrigin
    ) {
      return `redirect_uri must be an address on ${allowedOrigin}.`;
    }
    return parsed.data;
  }

  app.get('/.well-known/openid-configuration', { schema: { hide: true } }, async () => ({
    issuer: issuer.issuer,
    authorization_endpoint: `${issuer.issuer}/authorize`,
    jwks_uri: `${issuer.issuer}/jwks`,
    response_types_supported: ['id_token'],
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: ['RS256'],
    scopes_supported: ['openid', 'email', 'profile'],
    claims_supported: ['aud', 'email', 'email_verified', 'exp', 'hd', 'iat', 'iss', 'name', 'nonce', 'sub'],
  }));

  app.get('/jwks', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return issuer.jwks;
  });

  app.get('/style.css', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/css; charset=utf-8').send(STYLE),
  );

  app.get('/authorize', { schema: { hide: true } }, async (request, reply) => {
    const query = readRequest(request.query);
    if (typeof query === 'string') return errorPage(reply, query);
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(chooserPage(query));
  });

  app.post('/authorize', { schema: { hide: true } }, async (request, reply) => {
    const query = readRequest(request.body);
    if (typeof query === 'string') return errorPage(reply, query);
    const choice = ChoiceSchema.safeParse(request.body);
    if (!choice.success) return errorPage(reply, 'Unknown choice.');
    if (choice.data.action === 'cancel') return returnTo(reply, query, { error: 'access_denied' });

    let account: TestGoogleAccount | undefined;
    if (choice.data.action === 'custom') {
      const name = choice.data.name ?? '';
      const email = EmailSchema.safeParse(choice.data.email ?? '');
      if (!name || !email.success) {
        return reply
          .code(400)
          .type('text/html; charset=utf-8')
          .send(
            chooserPage(query, {
              message: 'Enter a name and a valid e-mail address.',
              name,
              email: choice.data.email ?? '',
              workspace: choice.data.workspace === 'on',
            }),
          );
      }
      account = {
        sub: testGoogleSubject(email.data),
        name,
        email: email.data,
        ...(choice.data.workspace === 'on' ? { hostedDomain: email.data.split('@')[1] } : {}),
      };
    } else {
      account = TEST_GOOGLE_ACCOUNTS.find((candidate) => candidate.sub === choice.data.account);
      if (!account) return errorPage(reply, 'Unknown test account.');
    }
    const idToken = await issuer.signIdToken({
      sub: account.sub,
      email: account.email,
      name: account.name,
      nonce: query.nonce,
      ...(account.hostedDomain ? { hd: account.hostedDomain } : {}),
    });
    return returnTo(reply, query, { id_token: idToken, authuser: '0', prompt: 'consent' });
  });
}
