import { AsyncLocalStorage } from 'node:async_hooks';
import { Writable } from 'node:stream';
import {
  DEFAULT_LANGUAGE,
  isLanguage,
  isRegion,
  type Language,
  type Region,
  resolveLanguage,
} from '@nbr/domain/locale-values';
import { QueryClient } from '@tanstack/react-query';
import i18next, { type i18n as I18n, type Resource, type ResourceKey } from 'i18next';
import { StrictMode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from 'react-router';
import { loadConsentBanner, showsConsentBanner } from './app/consent-banner-slot.tsx';
import { AppProviders } from './app/providers.tsx';
import { type PageHandle, routePageHandle } from './app/route-page.ts';
import { routes } from './app/router.tsx';
import { ApiError, setApiTransport } from './lib/api-client.ts';
import { isMeasurementChoice, MEASUREMENT_COOKIE, type MeasurementChoice } from './lib/consent.ts';
import { htmlLang, LANGUAGE_COOKIE, localeFileUrl } from './lib/i18n.ts';
import type { ServerLoaderContext } from './lib/page-data.ts';
import { REGION_COOKIE, regionForLanguage } from './lib/region.ts';
import { PAGE_STATE_ELEMENT_ID, type PageState } from './lib/server-page.ts';
import { cookieValue } from './lib/storage.ts';
import { resolveTheme } from './lib/theme.ts';
import { PaintedTitleContext } from './ui/page-title.tsx';

/*
 * The server's side of issue 31: the public pages (routes marked serverRendered in app/router.tsx) are
 * painted here, in the language the request asks for, with their data, then hydrated by main.tsx. The
 * API (apps/api/src/platform/http/web-app.ts) loads the built bundle of this file and calls paint();
 * every other address gets the bare app as before.
 */

/** A request to the API made while painting, answered in-process by the API's own routes. */
export interface ApiCall {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

export interface ApiAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface PaintRequest {
  /** The address as the browser asked for it: path and query. */
  url: string;
  host: string;
  /** 'https' behind TLS (the address the page's loaders and actions see). */
  protocol?: 'http' | 'https';
  /** A form the browser sent by itself, before the app's script ran (the login): the route's action answers it. */
  form?: { contentType: string; body: string };
  acceptLanguage?: string;
  cookie?: string;
  /** Answers the page's API requests (the API injects them into itself with the visitor's address). */
  callApi: (call: ApiCall) => Promise<ApiAnswer>;
}

export type PaintResult =
  | { kind: 'page'; status: number; html: string; language: Language }
  /** A loader or action sent the visitor elsewhere (a sign-in hands its session over in `setCookie`). */
  | { kind: 'redirect'; status: number; location: string; setCookie: string[] }
  /**
   * Not a page painted on the server, or its data could not be had, or painting failed (`error`, for
   * the server's log): the bare app answers, and the browser renders the page itself.
   */
  | { kind: 'bare'; status?: number; error?: unknown };

/** Every text of every language, in the server's memory: a page never waits for a text file. */
const localeFiles = import.meta.glob<ResourceKey>('./locales/*/*.json', { eager: true, import: 'default' });
const texts: Record<string, Record<string, ResourceKey>> = {};
for (const [file, table] of Object.entries(localeFiles)) {
  const [, language = '', namespace = ''] = /\.\/locales\/([^/]+)\/([^/]+)\.json$/.exec(file) ?? [];
  texts[language] ??= {};
  texts[language][namespace] = table;
}

/** The languages whose texts a page in `language` shows: i18n.ts's fallbacks (is → en, the rest → da). */
function languageChain(language: Language): Language[] {
  if (language === 'is') return ['is', 'en'];
  if (language === 'da' || language === 'en' || language === 'no') return [language];
  return [language, DEFAULT_LANGUAGE];
}

function pageTexts(language: Language, namespaces: readonly string[]): Resource {
  const resources: Resource = {};
  for (const lng of languageChain(language)) {
    const tables: Record<string, ResourceKey> = {};
    for (const namespace of namespaces) {
      const table = texts[lng]?.[namespace];
      if (table) tables[namespace] = table;
    }
    resources[lng] = tables;
  }
  return resources;
}

/**
 * The i18next of a language, made once, holding every text of it (nothing is ever missing on the
 * server). It notes the namespaces a page's render reads into the request being painted: those go
 * into the page, so the browser's first render finds the same texts (a shared component may read a
 * namespace its page did not list). Its language never changes, so requests share it.
 */
const languageI18n = new Map<Language, I18n>();

function i18nOf(language: Language): I18n {
  const known = languageI18n.get(language);
  if (known) return known;
  const namespaces = Object.keys(texts[DEFAULT_LANGUAGE] ?? {});
  const instance = i18next.createInstance();
  void instance.init({
    lng: language,
    resources: pageTexts(language, namespaces),
    ns: namespaces,
    fallbackLng: { is: ['en'], en: [], no: [], default: [DEFAULT_LANGUAGE] },
    defaultNS: 'common',
    fallbackNS: 'common',
    load: 'currentOnly',
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: false },
    initAsync: false,
  });
  // Every lookup of a text goes through the store's getResource (i18next's ResourceStore; its typings
  // leave the method out).
  const store = instance.services.resourceStore as unknown as {
    getResource(lng: string, namespace: string, key: string, options?: unknown): unknown;
  };
  const getResource = store.getResource.bind(store);
  store.getResource = (lng, namespace, key, options) => {
    painting.getStore()?.read.add(namespace);
    return getResource(lng, namespace, key, options);
  };
  languageI18n.set(language, instance);
  return instance;
}

/**
 * The text files of the namespaces a page read, in `language` and the language its texts fall back to:
 * the page preloads them (the browser loads them before it hydrates; a language may lack a namespace).
 */
function pageTextFiles(language: Language, namespaces: readonly string[]): string[] {
  return languageChain(language).flatMap((lng) =>
    namespaces
      .filter((namespace) => texts[lng]?.[namespace])
      .map((namespace) => localeFileUrl(lng, namespace)),
  );
}

/** ?lang= in the address, then the device's choice (cookie), then the browser's languages (i18n.ts does the same). */
export function paintLanguage(
  url: URL,
  cookie: string | undefined,
  acceptLanguage: string | undefined,
): Language {
  const fromQuery = url.searchParams.get('lang');
  if (isLanguage(fromQuery)) return fromQuery;
  const chosen = cookieValue(cookie, LANGUAGE_COOKIE);
  if (isLanguage(chosen)) return chosen;
  return resolveLanguage(acceptLanguage);
}

function paintRegion(cookie: string | undefined, language: Language): Region {
  const chosen = cookieValue(cookie, REGION_COOKIE);
  return isRegion(chosen) ? chosen : regionForLanguage(language);
}

/** The device's answer to the measurement question (its cookie); null paints the question. */
function paintMeasurement(cookie: string | undefined): MeasurementChoice | null {
  const answer = cookieValue(cookie, MEASUREMENT_COOKIE);
  return isMeasurementChoice(answer) ? answer : null;
}

/**
 * The request being painted: for the API transport (requests made by loaders and queries) and for the
 * texts its render reads (i18nOf).
 */
const painting = new AsyncLocalStorage<{
  callApi: PaintRequest['callApi'];
  language: Language;
  read: Set<string>;
}>();

setApiTransport(async (url, init) => {
  const scope = painting.getStore();
  if (!scope) throw new ApiError({ status: 0, code: 'network_error' });
  const headers: Record<string, string> = {};
  new Headers(init.headers).forEach((value, key) => {
    headers[key] = value;
  });
  headers['accept-language'] = scope.language;
  const answer = await scope.callApi({
    method: init.method ?? 'GET',
    url,
    headers,
    body: typeof init.body === 'string' ? init.body : undefined,
  });
  const empty = answer.status === 204 || answer.status === 304;
  return new Response(empty ? null : answer.body, { status: answer.status, headers: answer.headers });
});

/** The client build's manifest (dist/.vite/manifest.json): what each source module became. */
export type BuildManifest = Record<
  string,
  { file: string; css?: string[]; imports?: string[]; isEntry?: boolean; isDynamicEntry?: boolean }
>;

/** The stylesheets and scripts a page module needs beyond the entry's: linked, so nothing waits for a script to ask. */
function pageAssets(
  manifest: BuildManifest,
  sources: readonly string[],
): { css: string[]; scripts: string[] } {
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
  const loadedWithEntry = new Set<string>();
  const collectEntry = (key: string) => {
    if (loadedWithEntry.has(key)) return;
    loadedWithEntry.add(key);
    for (const imported of manifest[key]?.imports ?? []) collectEntry(imported);
  };
  const entryKey = Object.keys(manifest).find((key) => manifest[key] === entry);
  if (entryKey) collectEntry(entryKey);

  const css = new Set<string>();
  const scripts = new Set<string>();
  const seen = new Set<string>();
  const collect = (key: string) => {
    if (seen.has(key) || loadedWithEntry.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    scripts.add(`/${chunk.file}`);
    for (const file of chunk.css ?? []) css.add(`/${file}`);
    for (const imported of chunk.imports ?? []) collect(imported);
  };
  for (const source of sources) collect(source);
  return { css: [...css], scripts: [...scripts] };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** JSON inside <script type="application/json">: no "<" can close the element early. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** Renders the whole tree, waiting for every lazy part, into a string (React's streaming renderer, gathered). */
function renderHtml(element: React.ReactNode, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let html = '';
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        html += chunk.toString('utf8');
        callback();
      },
      final(callback) {
        resolve(html);
        callback();
      },
    });
    let failure: unknown = null;
    const stream = renderToPipeableStream(element, {
      // Whole boundaries in place: React would otherwise move a large one to the end of the page and
      // put it back with an inline script, which the content-security policy (rightly) refuses.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady() {
        if (failure) reject(failure);
        else stream.pipe(sink);
      },
      onShellError: reject,
      onError(error) {
        failure ??= error;
      },
    });
    setTimeout(() => stream.abort(new Error('painting the page took too long')), timeoutMs).unref();
  });
}

export interface Painter {
  paint(request: PaintRequest): Promise<PaintResult>;
}

/**
 * The painter of one build: `template` is the build's index.html, `manifest` its .vite/manifest.json.
 * The route handler is made once; loaded page modules stay loaded.
 */
export function createPainter(options: {
  template: string;
  manifest: BuildManifest;
  timeoutMs?: number;
}): Painter {
  const handler = createStaticHandler(routes);
  /**
   * The build's document, its stylesheets taken out to be listed first: the painted page's <head>
   * asks for everything that paints it (the shell's stylesheets, then the page's) before any script,
   * where the build's document lists the entry script and its 30 preloads first.
   */
  const STYLESHEET = /\s*<link rel="stylesheet" crossorigin href="[^"]*">/g;
  const shellStyles = (options.template.match(STYLESHEET) ?? []).map((link) => link.trim());
  // Nor does a painted page say it needs JavaScript (the bare app's <noscript> line): it works without.
  const template = options.template
    .replace(STYLESHEET, '')
    .replace(/(<body[^>]*>[\s\S]*?)\s*<noscript>[\s\S]*?<\/noscript>/, '$1');
  const firstScript = template.search(/<script\b|<link rel="modulepreload"|<\/head>/);
  const [beforeScripts, fromScripts] = [template.slice(0, firstScript), template.slice(firstScript)];
  /** The stylesheets and scripts of each page, found in the manifest once. */
  const assetsOfPages = new Map<string, { css: string[]; scripts: string[] }>();
  const timeoutMs = options.timeoutMs ?? 5000;

  /**
   * Whether an address is a page painted here: its page and every page layout above it say so.
   * Matching ranks every route afresh (React Router keeps nothing between calls), so the answers
   * are kept, a bounded number.
   */
  const paintedAddresses = new Map<string, boolean>();
  function isPaintedAddress(pathname: string): boolean {
    const known = paintedAddresses.get(pathname);
    if (known !== undefined) return known;
    const handles = (matchRoutes(handler.dataRoutes, pathname) ?? [])
      .map((match) => routePageHandle(match.route))
      .filter((handle) => handle !== null);
    const painted =
      Boolean(handles.at(-1)?.serverRendered) && handles.every((handle) => handle.serverRendered);
    if (paintedAddresses.size >= 2000) paintedAddresses.clear();
    paintedAddresses.set(pathname, painted);
    return painted;
  }

  async function paint(request: PaintRequest): Promise<PaintResult> {
    const url = new URL(request.url, `${request.protocol ?? 'http'}://${request.host || 'localhost'}`);
    if (!isPaintedAddress(url.pathname)) return { kind: 'bare' };

    const language = paintLanguage(url, request.cookie, request.acceptLanguage);
    const region = paintRegion(request.cookie, language);
    const measurement = paintMeasurement(request.cookie);
    const queryClient = new QueryClient({
      // One attempt: a page whose data cannot be had now is left to the browser, which retries.
      defaultOptions: { queries: { retry: false, staleTime: 30_000 } },
    });
    const context = await painting.run({ callApi: request.callApi, language, read: new Set() }, () =>
      handler.query(
        new Request(url, {
          method: request.form ? 'POST' : 'GET',
          headers: {
            'accept-language': language,
            ...(request.form ? { 'content-type': request.form.contentType } : {}),
          },
          body: request.form?.body,
        }),
        {
          requestContext: { queryClient, language, region } satisfies ServerLoaderContext,
        },
      ),
    );
    if (context instanceof Response) {
      const location = context.headers.get('location');
      return location
        ? { kind: 'redirect', status: context.status, location, setCookie: context.headers.getSetCookie() }
        : { kind: 'bare' };
    }
    if (context.errors) {
      const error = Object.values(context.errors)[0];
      // What the browser would show as the 404 page gets its status; anything else is asked again there
      // (and said in the server's log: an API that cannot answer, or a loader's own fault).
      if (error instanceof ApiError && error.status === 404) return { kind: 'bare', status: 404 };
      return { kind: 'bare', error };
    }
    // The handles of the routes now loaded (the page module's own).
    const painted = context.matches
      .map((match) => routePageHandle(match.route))
      .filter((handle): handle is PageHandle => handle !== null);
    const read = new Set(painted.flatMap((handle) => handle.namespaces));
    const i18n = i18nOf(language);

    const router = createStaticRouter(handler.dataRoutes, context);
    // The page's title, as its screen names it (ui/page-title.tsx); the site's name when it names none.
    let title = i18n.t('app.shortName');
    let body: string;
    let queries: PageState['queries'];
    try {
      body = await painting.run({ callApi: request.callApi, language, read }, () =>
        renderHtml(
          <StrictMode>
            <PaintedTitleContext.Provider value={(named) => (title = named)}>
              <AppProviders
                i18n={i18n}
                queryClient={queryClient}
                paintedRegion={region}
                paintedMeasurement={measurement}
              >
                <StaticRouterProvider router={router} context={context} hydrate={false} />
              </AppProviders>
            </PaintedTitleContext.Provider>
          </StrictMode>,
          timeoutMs,
        ),
      );
      // Only answers: a query that failed or never ran is asked again in the browser.
      queries = queryClient
        .getQueryCache()
        .getAll()
        .filter((query) => query.state.status === 'success')
        .map(({ queryKey, state }) => ({
          queryKey,
          state: { data: state.data, dataUpdatedAt: state.dataUpdatedAt },
        }));
    } catch (error) {
      return { kind: 'bare', error };
    } finally {
      queryClient.clear();
    }

    const namespaces = [...read];
    const state = scriptJson({
      language,
      region,
      measurement,
      namespaces,
      queries,
      router: { loaderData: context.loaderData, actionData: context.actionData },
    } satisfies PageState);
    // The page's modules, and the measurement question's where the page shows it (the root layout):
    // its look is in the first paint, not after the script.
    const sources = [
      ...painted.map((handle) => handle.source),
      showsConsentBanner(measurement, url.pathname) ? loadConsentBanner.source : undefined,
    ].filter((source): source is string => Boolean(source));
    const assetsKey = sources.join('|');
    let assets = assetsOfPages.get(assetsKey);
    if (!assets) {
      assets = pageAssets(options.manifest, sources);
      assetsOfPages.set(assetsKey, assets);
    }
    const theme = resolveTheme({
      search: url.search,
      hostname: request.host.split(':')[0] ?? '',
      remembered: null,
    });
    const styles = [
      ...shellStyles,
      ...assets.css.map((href) => `<link rel="stylesheet" crossorigin href="${escapeHtml(href)}">`),
      // As main.tsx fetches them (same-origin credentials), so the fetch takes the preloaded answer.
      ...pageTextFiles(language, namespaces).map(
        (href) => `<link rel="preload" as="fetch" crossorigin href="${escapeHtml(href)}">`,
      ),
    ].join('');
    const scripts = assets.scripts
      .map((href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}">`)
      .join('');
    const html = `${beforeScripts}${styles}${fromScripts}`
      .replace(/<html[^>]*>/, `<html lang="${htmlLang(language)}" data-theme="${theme}">`)
      .replace(/<title>[\s\S]*?<\/title>/, `<title>${escapeHtml(title)}</title>`)
      .replace('</head>', `${scripts}</head>`)
      .replace(
        '<div id="root"></div>',
        `<div id="root">${body}</div><script type="application/json" id="${PAGE_STATE_ELEMENT_ID}">${state}</script>`,
      );
    // A form answered on the page (a refused login) is 4xx as its action said; a page is 200.
    return { kind: 'page', status: context.statusCode >= 400 ? context.statusCode : 200, html, language };
  }

  return { paint };
}
