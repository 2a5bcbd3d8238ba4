// @vitest-environment node
// @vitest-isolate: importing entry-server.tsx hands the app's API transport to the painter.
import { describe, expect, it } from 'vitest';
import { loadConsentBanner } from './app/consent-banner-slot.tsx';
import { type BuildManifest, createPainter, type PaintResult } from './entry-server.tsx';
import { localeFileUrl } from './lib/i18n.ts';
import { PAGE_STATE_ELEMENT_ID, type PageState } from './lib/server-page.ts';
import { localeTree } from './test/locale-tree.ts';

/*
 * The painter itself (issue 31), as the API calls it, without a build: the measurement question is
 * painted for a device that has not answered it (no `nbr_measurement` cookie), styled at first paint
 * (its stylesheet and script linked in the <head>), and the page state tells the browser the answer
 * the page was painted with, so that its hydrating render shows the same.
 */

const TEMPLATE =
  '<!doctype html><html lang="da"><head><title>Cykelregister</title></head><body><div id="root"></div></body></html>';

// What the server build writes into the loader (vite.config.ts, pageSources); Vitest runs the sources.
const BANNER_SOURCE = 'src/app/consent-banner.tsx';
loadConsentBanner.source = BANNER_SOURCE;

const MANIFEST: BuildManifest = {
  'index.html': {
    file: 'assets/index-e.js',
    isEntry: true,
    imports: ['_button-s.js'],
    css: ['assets/index-e.css'],
  },
  '_button-s.js': { file: 'assets/button-s.js' },
  [BANNER_SOURCE]: {
    file: 'assets/consent-banner-b.js',
    isDynamicEntry: true,
    imports: ['_button-s.js'],
    css: ['assets/consent-banner-b.css'],
  },
};

const painter = createPainter({ template: TEMPLATE, manifest: MANIFEST });

async function paintHome(cookie?: string): Promise<{ html: string; state: PageState }> {
  const result: PaintResult = await painter.paint({
    url: '/',
    host: 'localhost',
    acceptLanguage: 'da-DK,da;q=0.9',
    cookie,
    callApi: async (call) => {
      throw new Error(`The front page asks the API for nothing (${call.url})`);
    },
  });
  if (result.kind !== 'page') throw new Error(`Not painted: ${JSON.stringify(result)}`);
  const [, json = ''] =
    new RegExp(`<script type="application/json" id="${PAGE_STATE_ELEMENT_ID}">([\\s\\S]*?)</script>`).exec(
      result.html,
    ) ?? [];
  return { html: result.html, state: JSON.parse(json) as PageState };
}

const head = (html: string) => html.slice(0, html.indexOf('</head>'));
/** What the page shows (before the page state). */
const body = (html: string) =>
  html.slice(html.indexOf('<div id="root">'), html.indexOf(PAGE_STATE_ELEMENT_ID));
const bannerTitle = (localeTree('da', 'common') as { measurement: { banner: { title: string } } }).measurement
  .banner.title;

describe('the measurement question on a painted page', () => {
  it('is painted, styled at first paint, for a device that has not answered', async () => {
    const { html, state } = await paintHome('nbr_lang=da');
    expect(body(html)).toContain('data-consent-banner=""');
    expect(body(html)).toContain(bannerTitle);
    expect(head(html)).toContain('<link rel="stylesheet" crossorigin href="/assets/consent-banner-b.css">');
    expect(head(html)).toContain('<link rel="modulepreload" crossorigin href="/assets/consent-banner-b.js">');
    // What the entry loads already is not linked twice.
    expect(head(html)).not.toContain('button-s.js');
    expect(state.measurement).toBeNull();
  });

  it.each(['granted', 'denied'] as const)(
    'is left out, with its code, after the answer "%s"',
    async (answer) => {
      const { html, state } = await paintHome(`nbr_lang=da; nbr_measurement=${answer}`);
      expect(body(html)).not.toContain('data-consent-banner');
      expect(body(html)).not.toContain(bannerTitle);
      expect(head(html)).not.toContain('consent-banner');
      expect(state.measurement).toBe(answer);
    },
  );

  it('is asked again when the cookie holds no answer it knows', async () => {
    const { html, state } = await paintHome('nbr_measurement=maybe');
    expect(body(html)).toContain('data-consent-banner=""');
    expect(state.measurement).toBeNull();
  });
});

describe('the <head> of a painted page', () => {
  // The build's document as Vite writes it: the entry script and its preloads before its stylesheet.
  const BUILT_TEMPLATE =
    '<!doctype html><html lang="da"><head><title>Cykelregister</title>' +
    '<noscript><link href="/no-script.css" rel="stylesheet" /></noscript>' +
    '<script type="module" crossorigin src="/assets/index-e.js"></script>' +
    '<link rel="modulepreload" crossorigin href="/assets/button-s.js">' +
    '<link rel="stylesheet" crossorigin href="/assets/index-e.css">' +
    '</head><body><div id="root"></div>' +
    '<noscript>Cykelregistret kræver JavaScript.</noscript></body></html>';

  it('asks for every stylesheet and its texts before any script', async () => {
    const built = createPainter({ template: BUILT_TEMPLATE, manifest: MANIFEST });
    const result = await built.paint({
      url: '/',
      host: 'localhost',
      acceptLanguage: 'da',
      callApi: async (call) => {
        throw new Error(`The front page asks the API for nothing (${call.url})`);
      },
    });
    if (result.kind !== 'page') throw new Error(`Not painted: ${JSON.stringify(result)}`);
    // Without a script the question is hidden (it cannot be answered), and the page does not claim to
    // need JavaScript: it works without.
    expect(result.html).toContain('<noscript><link href="/no-script.css" rel="stylesheet" /></noscript>');
    expect(result.html).not.toContain('kræver JavaScript');
    const links = [
      ...head(result.html)
        .replace(/<noscript>.*?<\/noscript>/, '')
        .matchAll(/<(?:link rel="([a-z]+)"|script)[^>]*>/g),
    ].map(([tag, rel]) => `${rel ?? 'script'} ${/(?:href|src)="([^"]+)"/.exec(tag)?.[1]}`);
    const firstScript = links.findIndex((link) => /^(?:script|modulepreload) /.test(link));
    expect(links.slice(0, firstScript)).toEqual([
      'stylesheet /assets/index-e.css',
      'stylesheet /assets/consent-banner-b.css',
      `preload ${localeFileUrl('da', 'common')}`,
      `preload ${localeFileUrl('da', 'content')}`,
    ]);
    expect(links.slice(firstScript)).toEqual([
      'script /assets/index-e.js',
      'modulepreload /assets/button-s.js',
      'modulepreload /assets/consent-banner-b.js',
    ]);
  });
});
