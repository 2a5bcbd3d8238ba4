import type { SearchHit } from '@nbr/domain/search';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/query-client.ts';
import { initTestI18n } from '../../../test/i18n.ts';
import { paintRoute } from '../../../test/paint-route.tsx';
import { renderRoute } from '../../../test/render-route.tsx';
import { searchQueryKey } from '../api/search-register.ts';
import { loader, Component as SearchPage } from './search-page.tsx';

/*
 * Issue 27: a visitor who finds a stolen bike is offered the owner contact that needs no account (as
 * the sticker page and the map offer it), not a login; a search no frame number or plate can match
 * (under 5 characters) says why nothing was found instead of a bare "no result".
 */

const fetchMock = vi.fn<typeof fetch>();
beforeAll(() => initTestI18n('en', ['common', 'search', 'finds']));
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(async () => new Response('{}', { status: 500 }));
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

const STOLEN = '019ac15e-0000-7000-8000-000000000027';
const REGISTERED = '019ac15e-0000-7000-8000-000000000028';

function hit(bikeId: string, status: SearchHit['status'], brand: string): SearchHit {
  return {
    match: 'exact',
    identifier: 'frame_number',
    matched_value: 'WDA12345Z',
    bike_id: bikeId,
    status,
    brand,
    model: null,
    color: null,
    category: null,
    picture_url: null,
    thumbnail_url: null,
  };
}

function show(query: string, results: SearchHit[] = []) {
  queryClient.setQueryData(searchQueryKey(query), { query, results });
  return renderRoute(
    [{ path: '/search', element: <SearchPage /> }],
    `/search?q=${encodeURIComponent(query)}`,
  );
}

describe('search page', () => {
  it('offers a visitor the contact without account and the public page of a stolen bike', async () => {
    show('WDA12345Z', [hit(STOLEN, 'stolen', 'Kildemoes'), hit(REGISTERED, 'registered', 'Raleigh')]);

    const results = await screen.findByRole('list', { name: 'Bikes found' });
    const [stolen, registered] = within(results).getAllByRole('listitem');
    expect(within(stolen!).getByRole('link', { name: 'Contact the owner' }).getAttribute('href')).toBe(
      `/app/bikes/${STOLEN}/contact-bike-owner`,
    );
    expect(within(stolen!).getByRole('link', { name: 'Kildemoes' }).getAttribute('href')).toBe(
      `/stolen-bike-map/${STOLEN}`,
    );
    // A bike not reported stolen: no contact without an account, its page as before.
    expect(within(registered!).queryByRole('link', { name: 'Contact the owner' })).toBeNull();
    expect(within(registered!).getByRole('link', { name: 'Raleigh' }).getAttribute('href')).toBe(
      `/app/my-bikes/${REGISTERED}/public`,
    );
    expect(screen.getByText(/you can write to its owner from here without an account/)).toBeTruthy();
    expect(screen.queryByText(/Log in to open a bike's page/)).toBeNull();
  });

  it('says a search under 5 characters cannot find anything, and why, without asking the register', async () => {
    show('ab-1');
    expect(
      await screen.findByText(
        'A frame number or plate ID has at least 5 characters (spaces and dashes do not count), so “ab-1” cannot be found. Type the whole number as it is on the frame or the plate.',
      ),
    ).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses to search for fewer than 5 characters typed, with the reason at the field', async () => {
    show('WDA12345Z', []);
    const field = await screen.findByRole('searchbox', { name: 'Frame number or plate ID' });
    fireEvent.change(field, { target: { value: 'wda' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(
      await screen.findByText('Must be at least 5 characters (spaces and dashes do not count).'),
    ).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

/*
 * Issue 31: the server paints /search?q= with its result (the loader asks what the page reads), the
 * form works as a plain GET form before the JavaScript runs, and hydrating asks nothing again.
 */
describe('search page painted on the server', () => {
  const answer = (results: SearchHit[]) => async (input: string | URL | Request) => {
    const url = String(input instanceof Request ? input.url : input);
    if (!url.includes('/api/search?')) return new Response('{}', { status: 500 });
    const query = new URL(url, 'http://localhost').searchParams.get('q') ?? '';
    return Response.json({ query, results });
  };

  it('paints the result of ?q= with plain links, and hydrating fetches nothing again', async () => {
    fetchMock.mockImplementation(answer([hit(REGISTERED, 'registered', 'Raleigh')]));
    const painted = await paintRoute(
      { path: '/search', Component: SearchPage, loader },
      '/search?q=WDA12345Z',
    );
    try {
      expect(fetchMock).toHaveBeenCalledTimes(1);
      expect(String(fetchMock.mock.calls[0]?.[0])).toContain('/api/search?q=WDA12345Z');
      const html = new DOMParser().parseFromString(painted.html, 'text/html');
      expect(
        html.querySelector('a[href="/app/my-bikes/019ac15e-0000-7000-8000-000000000028/public"]')
          ?.textContent,
      ).toBe('Raleigh');
      const form = html.querySelector('form');
      expect([form?.getAttribute('method'), form?.getAttribute('action')]).toEqual(['get', '/search']);
      expect(form?.querySelector('input[name="q"]')?.getAttribute('value')).toBe('WDA12345Z');

      expect(painted.errors).toEqual([]);
      const results = await screen.findByRole('list', { name: 'Bikes found' });
      expect(within(results).getByRole('link', { name: 'Raleigh' })).toBeTruthy();
      expect(fetchMock).toHaveBeenCalledTimes(1);
    } finally {
      painted.unmount();
    }
  });

  it('asks nothing for /search without a query nor for one no frame number can be', async () => {
    for (const url of ['/search', '/search?q=ab-1']) {
      const painted = await paintRoute({ path: '/search', Component: SearchPage, loader }, url);
      expect(painted.errors).toEqual([]);
      painted.unmount();
    }
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
