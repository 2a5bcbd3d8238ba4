import type { IncomingMessage } from 'node:http';
import type { Language } from '@nbr/domain/locale';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { CustomFetch } from 'openid-client';
import { z } from 'zod';
import { escapeHtml } from '../mail/render.ts';
import {
  DEV_ACR,
  DEV_OIDC_PATH,
  type DevOidcProvider,
  providerOfClient,
  type TestPerson,
  testPersonsOf,
} from './dev-provider.ts';
import type { NationalIdentityProvider } from './identity-provider.ts';

type PageLanguage = Extract<Language, 'da' | 'en' | 'no'>;

const TEXTS: Record<PageLanguage, Record<string, string>> = {
  da: {
    title: 'Test-{provider}',
    lead: 'Dette er en testudgave af {provider}. Ingen rigtig person bliver verificeret, og intet forlader denne maskine.',
    choose: 'Vælg en testperson',
    born: 'Født',
    idNumber: 'Testnummer',
    approve: 'Log ind som {name}',
    cancel: 'Annullér og gå tilbage',
    expired: 'Login-forsøget er udløbet eller ukendt. Gå tilbage til appen og prøv igen.',
    idNote: 'Testnummeret vises kun her og gemmes ikke af registret.',
  },
  en: {
    title: 'Test {provider}',
    lead: 'This is a test version of {provider}. No real person is verified and nothing leaves this machine.',
    choose: 'Choose a test person',
    born: 'Born',
    idNumber: 'Test number',
    approve: 'Sign in as {name}',
    cancel: 'Cancel and go back',
    expired: 'This sign-in attempt has expired or is unknown. Go back to the app and try again.',
    idNote: 'The test number is shown here only; the register does not store it.',
  },
  no: {
    title: 'Test-{provider}',
    lead: 'Dette er en testutgave av {provider}. Ingen ekte person blir verifisert, og ingenting forlater denne maskinen.',
    choose: 'Velg en testperson',
    born: 'Født',
    idNumber: 'Testnummer',
    approve: 'Logg inn som {name}',
    cancel: 'Avbryt og gå tilbake',
    expired: 'Innloggingsforsøket er utløpt eller ukjent. Gå tilbake til appen og prøv igjen.',
    idNote: 'Testnummeret vises bare her og lagres ikke av registeret.',
  },
};

const PROVIDER_NAMES: Record<NationalIdentityProvider, string> = { mitid: 'MitID', bankid: 'BankID' };

function say(language: PageLanguage, key: string, params: Record<string, string> = {}): string {
  return (TEXTS[language][key] ?? key).replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? '');
}

/** ui_locales from the authorization request first (what our app asked for), then ?lang / Accept-Language. */
function pageLanguage(uiLocales: unknown, request: FastifyRequest): PageLanguage {
  const asked =
    typeof uiLocales === 'string' ? uiLocales.split(' ')[0]?.slice(0, 2).toLowerCase() : undefined;
  const candidate = asked === 'nb' || asked === 'nn' ? 'no' : asked;
  if (candidate === 'da' || candidate === 'en' || candidate === 'no') return candidate;
  return request.language === 'en' || request.language === 'no' ? request.language : 'da';
}

const STYLE = `
:root{color-scheme:light}
body{font-family:system-ui,sans-serif;margin:0;color:#1a1a1a;background:#f4f6f8;line-height:1.5}
main{max-width:40rem;margin:0 auto;padding:1rem}
.badge{display:inline-block;background:#b42318;color:#fff;font-weight:700;padding:.15rem .6rem;border-radius:4px;letter-spacing:.05em}
h1{color:#0a2540;font-size:1.6rem;margin:.5rem 0}
ul{list-style:none;padding:0;margin:0;display:grid;gap:.75rem}
li{background:#fff;border:1px solid #c4ccd4;border-radius:8px;padding:1rem}
.name{font-weight:700;font-size:1.1rem;margin:0}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.1rem .75rem;margin:.4rem 0 .75rem}
dt{color:#3d4a57}
dd{margin:0;font-variant-numeric:tabular-nums}
button{font:inherit;min-height:44px;padding:.5rem 1rem;border-radius:6px;cursor:pointer;width:100%}
.approve{background:#0a5ca8;color:#fff;border:2px solid #0a5ca8}
.cancel{background:#fff;color:#0a2540;border:2px solid #0a2540;margin-top:1.25rem}
button:focus-visible{outline:3px solid #f5a623;outline-offset:2px}
.note{font-size:.9rem;color:#3d4a57}
`;

function layout(language: PageLanguage, title: string, body: string): string {
  return `<!doctype html>
<html lang="${language === 'no' ? 'nb' : language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><link rel="icon" href="data:,"><link rel="stylesheet" href="${DEV_OIDC_PATH}/dev-oidc.css"></head>
<body><main>${body}</main></body></html>
`;
}

function formatDate(language: PageLanguage, date: string): string {
  const locale = language === 'no' ? 'nb-NO' : language === 'da' ? 'da-DK' : 'en-GB';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

function pickerPage(
  language: PageLanguage,
  uid: string,
  provider: NationalIdentityProvider,
  persons: readonly TestPerson[],
): string {
  const providerName = PROVIDER_NAMES[provider];
  const title = say(language, 'title', { provider: providerName });
  const action = `${DEV_OIDC_PATH}/interaction/${encodeURIComponent(uid)}`;
  const items = persons
    .map((person) => {
      const name = `${person.givenName} ${person.familyName}`;
      const id = `person-${person.subject}`;
      return `<li aria-labelledby="${id}"><p class="name" id="${id}">${escapeHtml(name)}</p>
<dl><dt>${say(language, 'born')}</dt><dd>${escapeHtml(formatDate(language, person.birthDate))}</dd><dt>${say(language, 'idNumber')}</dt><dd>${escapeHtml(person.nationalIdNumber)}</dd></dl>
<form method="post" action="${action}/login"><input type="hidden" name="person" value="${escapeHtml(person.subject)}"><button class="approve" type="submit">${escapeHtml(say(language, 'approve', { name }))}</button></form></li>`;
    })
    .join('\n');
  return layout(
    language,
    title,
    `<p><span class="badge">TEST</span></p>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(say(language, 'lead', { provider: providerName }))}</p>
<h2>${escapeHtml(say(language, 'choose'))}</h2>
<ul>${items}</ul>
<p class="note">${escapeHtml(say(language, 'idNote'))}</p>
<form method="post" action="${action}/abort"><button class="cancel" type="submit">${escapeHtml(say(language, 'cancel'))}</button></form>`,
  );
}

const UidParamsSchema = z.object({ uid: z.string().min(1).max(100) });
const LoginBodySchema = z.object({ person: z.string().min(1).max(100) });

/**
 * The test MitID/BankID at /dev/oidc: our own person picker for its interactions, and everything
 * else handed to oidc-provider (a Koa app) untouched.
 */
export async function devOidcRoutes(
  app: FastifyInstance,
  options: { dev: DevOidcProvider; publicUrl: string },
): Promise<void> {
  const { provider } = options.dev;
  const publicUrl = new URL(options.publicUrl);

  await app.register(async (pages) => {
    const routes = pages.withTypeProvider<ZodTypeProvider>();
    pages.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    async function details(request: FastifyRequest, reply: FastifyReply) {
      try {
        return await provider.interactionDetails(request.raw, reply.raw);
      } catch {
        return null;
      }
    }

    const expired = (request: FastifyRequest, reply: FastifyReply) => {
      const language = pageLanguage(undefined, request);
      return reply
        .code(400)
        .type('text/html; charset=utf-8')
        .send(
          layout(
            language,
            'MitID / BankID',
            `<h1>MitID / BankID</h1><p role="alert">${escapeHtml(say(language, 'expired'))}</p>`,
          ),
        );
    };

    routes.get('/dev-oidc.css', { schema: { hide: true } }, async (_request, reply) =>
      reply.type('text/css; charset=utf-8').header('cache-control', 'no-cache').send(STYLE),
    );

    routes.get(
      '/interaction/:uid',
      { schema: { hide: true, params: UidParamsSchema } },
      async (request, reply) => {
        const interaction = await details(request, reply);
        const which = providerOfClient(interaction?.params.client_id);
        if (!interaction || interaction.uid !== request.params.uid || !which) return expired(request, reply);
        const language = pageLanguage(interaction.params.ui_locales, request);
        return reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(pickerPage(language, interaction.uid, which, testPersonsOf(which)));
      },
    );

    routes.post(
      '/interaction/:uid/login',
      { schema: { hide: true, params: UidParamsSchema, body: LoginBodySchema } },
      async (request, reply) => {
        const interaction = await details(request, reply);
        const which = providerOfClient(interaction?.params.client_id);
        if (!interaction || interaction.uid !== request.params.uid || !which) return expired(request, reply);
        const person = testPersonsOf(which).find((candidate) => candidate.subject === request.body.person);
        if (!person)
          return reply.redirect(`${DEV_OIDC_PATH}/interaction/${encodeURIComponent(interaction.uid)}`, 303);
        const next = await provider.interactionResult(
          request.raw,
          reply.raw,
          { login: { accountId: person.subject, acr: DEV_ACR } },
          { mergeWithLastSubmission: false },
        );
        return reply.redirect(next, 303);
      },
    );

    routes.post(
      '/interaction/:uid/abort',
      { schema: { hide: true, params: UidParamsSchema } },
      async (request, reply) => {
        const interaction = await details(request, reply);
        if (!interaction || interaction.uid !== request.params.uid) return expired(request, reply);
        const next = await provider.interactionResult(
          request.raw,
          reply.raw,
          { error: 'access_denied', error_description: 'The person cancelled the identity check' },
          { mergeWithLastSubmission: false },
        );
        return reply.redirect(next, 303);
      },
    );
  });

  await app.register(async (koa) => {
    // oidc-provider reads request bodies itself (token endpoint): leave every stream unread.
    koa.removeAllContentTypeParsers();
    koa.addContentTypeParser('*', (_request, _payload, done) => done(null));
    const callback = provider.callback();
    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      reply.hijack();
      const raw = request.raw as IncomingMessage & { originalUrl?: string };
      const url = raw.url ?? '/';
      // Mounted under DEV_OIDC_PATH: oidc-provider derives its mount path from originalUrl.
      raw.originalUrl = url;
      raw.url = url.slice(url.indexOf(DEV_OIDC_PATH) + DEV_OIDC_PATH.length) || '/';
      raw.headers['x-forwarded-proto'] = publicUrl.protocol.slice(0, -1);
      raw.headers['x-forwarded-host'] = publicUrl.host;
      await callback(raw, reply.raw);
    };
    koa.all('/', { schema: { hide: true } }, handler);
    koa.all('/*', { schema: { hide: true } }, handler);
  });
}

/**
 * fetch for our OpenID client that reaches the built-in provider through app.inject: no listening
 * socket needed (tests), and it works whatever proxy stands in front of PUBLIC_URL.
 */
export function injectFetch(app: FastifyInstance): CustomFetch {
  return async (url, options) => {
    const target = new URL(url);
    const body = options.body;
    const response = await app.inject({
      method: options.method as 'GET' | 'POST',
      url: `${target.pathname}${target.search}`,
      headers: { ...options.headers, host: target.host },
      ...(body === undefined || body === null
        ? {}
        : { payload: typeof body === 'string' ? body : String(body) }),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (value === undefined) continue;
      for (const item of [value].flat()) headers.append(name, String(item));
    }
    const empty = response.statusCode === 204 || response.statusCode === 304;
    return new Response(empty ? null : response.rawPayload, { status: response.statusCode, headers });
  };
}
