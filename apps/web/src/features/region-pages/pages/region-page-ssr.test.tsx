import type { PublicRegionPage } from '@nbr/domain/region-pages';
import { cleanup, within } from '@testing-library/react';
import i18next from 'i18next';
import type { LoaderFunctionArgs } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client.ts';
import { initTestI18n } from '../../../test/i18n.ts';
import { localeTree } from '../../../test/locale-tree.ts';
import { json, type PaintedPage, paintPage } from '../../../test/paint-page.tsx';
import * as regionPage from './region-page.tsx';

/*
 * Issue 31: /dk, /no and the pages below them are painted by the server from their loader (the very
 * query the page reads), and the browser hydrates them without asking again. A landing page nobody
 * published is painted with its built-in text; an unpublished page below a region fails the loader,
 * so the server leaves it to the browser, which shows the 404 page.
 */

beforeAll(async () => {
  await initTestI18n('en', ['common', 'region-pages']);
  for (const namespace of ['common', 'region-pages']) {
    i18next.addResourceBundle('no', namespace, localeTree('no', namespace));
  }
});

let painted: PaintedPage | null = null;
afterEach(() => {
  painted?.unmount();
  painted = null;
  cleanup();
  vi.restoreAllMocks();
});

const notFound = () => json({ detail: 'Not found', code: 'region_page_not_found' }, 404);

describe('region pages painted by the server', () => {
  it('paints the built-in landing text when nothing is published for the region', async () => {
    painted = await paintPage({ module: regionPage, routePath: '/dk', path: '/dk', api: notFound });
    expect(painted.loaderRequests).toEqual(['/api/region-pages/dk?language=en']);
    const title = i18next.t('landing.dk.title', { ns: 'region-pages' });
    expect(painted.html).toContain(title);
    expect(painted.hydrationErrors).toEqual([]);
    expect(painted.browserRequests).toEqual([]);
    expect(within(painted.container).getByRole('heading', { level: 1 }).textContent).toBe(title);
  });

  it('paints a published page below a region, marked with its own language', async () => {
    const naf: PublicRegionPage = {
      region: 'no',
      path: 'naf',
      language: 'no',
      title: 'NAF-medlem',
      description: 'Rabatt for medlemmer.',
      body: '## Slik gjør du\n\nRegistrer sykkelen.',
      published_at: '2026-12-01T10:00:00Z',
    };
    painted = await paintPage({
      module: regionPage,
      routePath: '/no/*',
      path: '/no/naf/',
      api: (url) => (url === '/api/region-pages/no/naf?language=en' ? json(naf) : notFound()),
    });
    expect(painted.loaderRequests).toEqual(['/api/region-pages/no/naf?language=en']);
    expect(painted.html).toContain('NAF-medlem');
    expect(painted.html).toContain('lang="no"');
    expect(painted.hydrationErrors).toEqual([]);
    expect(painted.browserRequests).toEqual([]);
    expect(within(painted.container).getByText('Registrer sykkelen.')).toBeTruthy();
  });

  it('asks in the language the request is painted in', async () => {
    painted = await paintPage({
      module: regionPage,
      routePath: '/no',
      path: '/no',
      language: 'no',
      api: notFound,
    });
    expect(painted.loaderRequests).toEqual(['/api/region-pages/no?language=no']);
    expect(painted.html).toContain(i18next.getFixedT('no', 'region-pages')('landing.no.title'));
    expect(painted.hydrationErrors).toEqual([]);
    expect(painted.browserRequests).toEqual([]);
  });

  it('fails the loader of an unpublished page below a region: the browser shows the 404 page', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => notFound());
    const queryClient = createQueryClient();
    const loading = regionPage.loader({
      request: new Request('http://localhost/dk/missing'),
      params: { '*': 'missing' },
      context: { queryClient },
    } as unknown as LoaderFunctionArgs);
    await expect(loading).rejects.toMatchObject({ status: 404, code: 'region_page_not_found' });
    queryClient.clear();
  });
});
