import type { ContentPageKey } from '@nbr/domain/content-markup';
import { cleanup, within } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../../../config/paths.ts';
import { sessionStore } from '../../../lib/session-store.ts';
import { initTestI18n } from '../../../test/i18n.ts';
import { localeTree } from '../../../test/locale-tree.ts';
import { json, type PageModule, type PaintedPage, paintPage } from '../../../test/paint-page.tsx';
import * as accessibility from './accessibility-page.tsx';
import * as advisoryBoard from './advisory-board-page.tsx';
import * as home from './home-page.tsx';
import * as howItWorks from './how-it-works-page.tsx';
import * as ourMission from './our-mission-page.tsx';
import * as privacy from './privacy-page.tsx';
import * as terms from './terms-page.tsx';

/*
 * Issue 31: the front page and the content pages are painted by the server from their loaders, and
 * the browser hydrates them without asking for anything again and without a mismatch. A stored text
 * (staff's) is in the painted page; the built-in one when there is none or the API cannot answer.
 */

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const signedInToken = `${encode({ alg: 'EdDSA' })}.${encode({
  exp: Math.floor(Date.now() / 1000) + 3600,
  email: 'rider@example.dk',
  identity_party_id: 'person',
  party_id: 'person',
  verified_on: null,
  identity_signed_up_at: '2026-01-01',
  organisation_type: null,
  birth_date: null,
  zip_code: null,
  phone: null,
  sid: 's1',
})}.sig`;

beforeAll(async () => {
  await initTestI18n('en', ['common', 'content']);
  for (const namespace of ['common', 'content']) {
    i18next.addResourceBundle('da', namespace, localeTree('da', namespace));
  }
});

let painted: PaintedPage | null = null;
afterEach(() => {
  painted?.unmount();
  painted = null;
  cleanup();
  sessionStore.clear();
});

const t = (key: string) => i18next.t(`content:${key}`);
const heading = (page: PaintedPage) => within(page.container).getByRole('heading', { level: 1 }).textContent;

describe('the front page painted by the server', () => {
  it('needs no data, and offers a visitor sign-up; a signed-in person gets the way in after hydration', async () => {
    painted = await paintPage({
      module: home,
      routePath: '/',
      path: '/',
      api: () => json({}, 500),
      device: () => sessionStore.setToken(signedInToken),
    });
    expect(painted.loaderRequests).toEqual([]);
    // The server never knows the session: the painted page is a visitor's.
    expect(painted.html).toContain(t('home.hero.heading'));
    expect(painted.html).toContain(t('home.hero.signup'));
    expect(painted.html).not.toContain(t('common.openApp'));
    expect(painted.hydrationErrors).toEqual([]);
    expect(painted.browserRequests).toEqual([]);
    expect(within(painted.container).getAllByRole('link', { name: t('common.openApp') })[0]).toBeTruthy();
  });
});

describe('/hvordan painted by the server', () => {
  it('needs no data and hydrates as painted', async () => {
    painted = await paintPage({
      module: howItWorks,
      routePath: paths.content.howItWorks.path,
      path: paths.content.howItWorks.getHref(),
      api: () => json({}, 500),
    });
    expect(painted.loaderRequests).toEqual([]);
    expect(painted.html).toContain(t('howItWorks.heading'));
    expect(painted.hydrationErrors).toEqual([]);
    expect(painted.browserRequests).toEqual([]);
  });
});

const PAGES: { module: PageModule; page: ContentPageKey; key: string; href: string; pattern: string }[] = [
  {
    module: privacy,
    page: 'privacy',
    key: 'privacy',
    href: paths.content.privacy.getHref(),
    pattern: paths.content.privacy.path,
  },
  {
    module: terms,
    page: 'terms',
    key: 'terms',
    href: paths.content.terms.getHref(),
    pattern: paths.content.terms.path,
  },
  {
    module: ourMission,
    page: 'our-mission',
    key: 'mission',
    href: paths.content.ourMission.getHref(),
    pattern: paths.content.ourMission.path,
  },
  {
    module: advisoryBoard,
    page: 'advisory-board',
    key: 'advisoryBoard',
    href: paths.content.advisoryBoard.getHref(),
    pattern: paths.content.advisoryBoard.path,
  },
  {
    module: accessibility,
    page: 'accessibility',
    key: 'accessibility',
    href: paths.content.accessibility.getHref(),
    pattern: paths.content.accessibility.path,
  },
];

describe.each(PAGES)('$href painted by the server', ({ module, page, key, href, pattern }) => {
  const address = `/api/content-pages/${page}/en`;

  it('has the stored text in the page, and the browser asks for it no more', async () => {
    const stored = {
      page,
      language: 'en',
      heading: `Stored heading of ${page}`,
      lead: 'A lead staff wrote.',
      body: '## First part\n\nA paragraph staff wrote.',
      updated_at: '2026-12-01T10:00:00Z',
    };
    painted = await paintPage({
      module,
      routePath: pattern,
      path: href,
      api: (url) => (url === address ? json({ text: stored }) : json({}, 404)),
    });
    expect(painted.loaderRequests).toEqual([address]);
    expect(painted.html).toContain(stored.heading);
    expect(painted.html).toContain('A paragraph staff wrote.');
    expect(painted.hydrationErrors).toEqual([]);
    expect(painted.browserRequests).toEqual([]);
    expect(heading(painted)).toBe(stored.heading);
  });

  it('has the built-in text when nothing is stored', async () => {
    painted = await paintPage({ module, routePath: pattern, path: href, api: () => json({ text: null }) });
    expect(painted.loaderRequests).toEqual([address]);
    expect(painted.html).toContain(t(`${key}.heading`));
    expect(painted.hydrationErrors).toEqual([]);
    expect(painted.browserRequests).toEqual([]);
    expect(heading(painted)).toBe(t(`${key}.heading`));
  });
});

it('paints the built-in text when the API cannot answer, rather than failing the page', async () => {
  painted = await paintPage({
    module: privacy,
    routePath: paths.content.privacy.path,
    path: paths.content.privacy.getHref(),
    api: () => Promise.reject(new TypeError('Failed to fetch')),
  });
  expect(painted.html).toContain(t('privacy.heading'));
  expect(painted.hydrationErrors).toEqual([]);
  expect(painted.browserRequests).toEqual([]);
});

it('asks for the text in the language the request is painted in', async () => {
  painted = await paintPage({
    module: terms,
    routePath: paths.content.terms.path,
    path: paths.content.terms.getHref(),
    language: 'da',
    api: () => json({ text: null }),
  });
  expect(painted.loaderRequests).toEqual(['/api/content-pages/terms/da']);
  const danish = i18next.getFixedT('da', 'content');
  expect(painted.html).toContain(danish('terms.heading'));
  expect(painted.hydrationErrors).toEqual([]);
  expect(painted.browserRequests).toEqual([]);
});
