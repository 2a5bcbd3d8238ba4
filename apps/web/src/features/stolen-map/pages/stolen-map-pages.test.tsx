import type { StolenBike, StolenBikesPage } from '@nbr/domain/stolen-map';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, type ReactNode } from 'react';
import { RouterProvider as AriaRouterProvider } from 'react-aria-components';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import type { LoaderFunctionArgs } from 'react-router';
import { MemoryRouter, Route, Routes, useHref, useNavigate } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { stolenBikeQuery, useStolenBike } from '../../../lib/api/theft/get-stolen-bike.ts';
import { loadMapLibre } from '../../../lib/map/basemap.ts';
import { initTestI18n } from '../../../test/i18n.ts';
import { stolenBikesListQuery } from '../api/get-stolen-bikes-list.ts';
import { DEFAULT_FILTERS } from '../lib/map-search-params.ts';
import { Component as BikePage, loader as bikeLoader } from './stolen-bike-map-bike-page.tsx';
import { Component as MapPage, loader as mapLoader } from './stolen-bike-map-page.tsx';

/*
 * The stolen-bike map's pages as the server paints them (issue 31): their loaders ask for the very
 * queries their screens read, the server's HTML holds the list and the counts, the browser hydrates
 * it without a mismatch, and MapLibre is not loaded with the page: on a phone only when the person
 * turns to the map (the map view; the bike page's place map when they scroll to it or press "show
 * the map"), on a wider screen once the page is idle (the bike page's map once it is near the view).
 */

vi.mock('../../../lib/map/basemap.ts', async (original) => ({
  ...(await original<typeof import('../../../lib/map/basemap.ts')>()),
  // Never answers: these tests only ask when MapLibre is asked for.
  loadMapLibre: vi.fn(() => new Promise(() => {})),
  supportsWebGL: () => true,
}));

const FIRST = '019ac15e-0000-7000-8000-00000000a001';
const SECOND = '019ac15e-0000-7000-8000-00000000a002';

function stolen(bikeId: string, brand: string): StolenBike {
  return {
    bike_id: bikeId,
    brand,
    model: null,
    color: 'green',
    category: 'bmx',
    is_electric: false,
    stolen_on: '2026-11-02',
    thumbnail_url: null,
    region: 'dk',
    location: { latitude: 55.1, longitude: 14.7 },
  };
}

const LIST: StolenBikesPage = {
  bikes: [stolen(FIRST, 'Rønne Racer'), stolen(SECOND, 'Nexø Flyer')],
  total: 2,
  page: 1,
  page_size: 50,
};

const fetchMock = vi.fn<typeof fetch>(async (input) => {
  const url = String(input);
  const json = (body: unknown) =>
    new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
  if (url.startsWith('/api/stolen-bikes/list')) return json(LIST);
  if (url.startsWith('/api/stolen-bikes/map-configuration')) return json({ style_url: null });
  if (url.startsWith(`/api/stolen-bikes/${FIRST}`)) return json(stolen(FIRST, 'Rønne Racer'));
  return new Response('{}', { status: 404 });
});

/** The screen's width for matchMedia (the page's breakpoint); requestIdleCallback's callbacks, run by hand. */
let wide = false;
const idleCallbacks: Array<() => void> = [];

/**
 * IntersectionObserver's callbacks by the element they watch: `see(frame, ratio)` says how much of
 * it is within the watched view (null: none).
 */
const watching = new Map<Element, IntersectionObserverCallback>();
class FakeIntersectionObserver {
  constructor(private readonly report: IntersectionObserverCallback) {}
  observe(target: Element) {
    watching.set(target, this.report);
  }
  disconnect() {
    for (const [target, report] of watching) if (report === this.report) watching.delete(target);
  }
}
async function see(target: Element, ratio: number | null) {
  const entry = { target, isIntersecting: ratio !== null, intersectionRatio: ratio ?? 0 };
  await act(async () => {
    watching.get(target)?.([entry as IntersectionObserverEntry], {} as IntersectionObserver);
  });
}

beforeAll(async () => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  await initTestI18n('en', ['common', 'stolen-map']);
});

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('matchMedia', () => ({
    matches: wide,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
  vi.stubGlobal('requestIdleCallback', (callback: () => void) => idleCallbacks.push(callback));
  vi.stubGlobal('cancelIdleCallback', () => {});
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
});

afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockClear();
  vi.mocked(loadMapLibre).mockClear();
  idleCallbacks.length = 0;
  watching.clear();
  document.body.innerHTML = '';
});

afterAll(() => {
  vi.restoreAllMocks();
});

function serverClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false } } });
}

function loaderArgs(url: string, client: QueryClient, params: Record<string, string> = {}) {
  return {
    request: new Request(`http://localhost${url}`),
    params,
    context: { queryClient: client },
  } as LoaderFunctionArgs;
}

/** Links navigate inside the router, as in the app. */
function AriaLinks({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <AriaRouterProvider navigate={(href) => void navigate(href)} useHref={useHref}>
      {children}
    </AriaRouterProvider>
  );
}

function app(client: QueryClient, url: string): ReactNode {
  return (
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <AriaLinks>
          <Routes>
            <Route path="/stolen-bike-map" element={<MapPage />} />
            <Route path="/stolen-bike-map/:bikeId" element={<BikePage />} />
          </Routes>
        </AriaLinks>
      </MemoryRouter>
    </QueryClientProvider>
  );
}

/** What the server does: the loader fills the request's cache, React renders to HTML from it. */
async function paintOnServer(url: string, params: Record<string, string> = {}) {
  const client = serverClient();
  const loader = url.startsWith('/stolen-bike-map/') ? bikeLoader : mapLoader;
  await loader(loaderArgs(url, client, params));
  return { client, html: renderToString(app(client, url)) };
}

/** What the browser does: the server's HTML, hydrated with the cache it came with. */
async function hydrate(html: string, client: QueryClient, url: string) {
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  const onRecoverableError = vi.fn();
  let root: Root | undefined;
  await act(async () => {
    root = hydrateRoot(container, app(client, url), { onRecoverableError });
  });
  return { container, onRecoverableError, unmount: () => act(() => root?.unmount()) };
}

describe('the loaders', () => {
  it("ask the server for the list query the map page's screen reads, filters from the address", async () => {
    const cases: Array<[string, Parameters<typeof stolenBikesListQuery>]> = [
      [
        '/stolen-bike-map?view=list&category=bmx&electric=true&page=2',
        [{ ...DEFAULT_FILTERS, category: 'bmx', electric: true }, 2, null],
      ],
      // The map view's count is the first page's total, whatever page the address names.
      ['/stolen-bike-map?view=map&region=dk&page=3', [{ ...DEFAULT_FILTERS, region: 'dk' }, 1, null]],
      [
        '/stolen-bike-map?at=9.00/55.0950/14.7150&period=month',
        [{ ...DEFAULT_FILTERS, period: 'month' }, 1, null],
      ],
      ['/stolen-bike-map', [DEFAULT_FILTERS, 1, null]],
      [
        '/stolen-bike-map?place=14.6975,55.0975,14.7025,55.1025',
        [DEFAULT_FILTERS, 1, '14.6975,55.0975,14.7025,55.1025'],
      ],
    ];
    for (const [url, query] of cases) {
      const client = serverClient();
      await mapLoader(loaderArgs(url, client));
      expect(
        client
          .getQueryCache()
          .getAll()
          .map((cached) => cached.queryKey),
        url,
      ).toEqual([stolenBikesListQuery(...query).queryKey]);
    }
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe(
      '/api/stolen-bikes/list?category=bmx&electric=true&page=2',
    );
  });

  it("ask for the bike page's bike with the key useStolenBike reads", async () => {
    const client = serverClient();
    await bikeLoader(loaderArgs(`/stolen-bike-map/${FIRST}`, client, { bikeId: FIRST }));
    expect(
      client
        .getQueryCache()
        .getAll()
        .map((cached) => cached.queryKey),
    ).toEqual([stolenBikeQuery(FIRST).queryKey]);
    let read: ReturnType<typeof useStolenBike> | undefined;
    function Reader() {
      read = useStolenBike(FIRST);
      return null;
    }
    renderToString(
      <QueryClientProvider client={client}>
        <Reader />
      </QueryClientProvider>,
    );
    expect(read?.data?.brand).toBe('Rønne Racer');
  });
});

describe('/stolen-bike-map painted on the server', () => {
  it('holds the list and the count; on a phone the list stays and MapLibre waits for the map', async () => {
    const url = '/stolen-bike-map';
    const { client, html } = await paintOnServer(url);
    // Both views are in the page until the browser knows the screen; the style sheet picks one.
    expect(html).toContain('2 stolen bikes');
    expect(html).toContain('Rønne Racer');
    expect(html).toContain('Loading the map …');
    expect(html).not.toContain('aria-current');

    wide = false;
    fetchMock.mockClear();
    const { container, onRecoverableError, unmount } = await hydrate(html, client, url);
    expect(onRecoverableError).not.toHaveBeenCalled();
    // Nothing asked twice (the list came with the page), and nothing for a map not shown.
    expect(fetchMock).not.toHaveBeenCalled();
    expect(container.textContent).toContain('Nexø Flyer');
    expect(container.textContent).not.toContain('Loading the map …');
    const current = container.querySelector('[aria-current="page"]');
    expect(current?.textContent).toBe('List');
    expect(idleCallbacks).toHaveLength(0);
    expect(loadMapLibre).not.toHaveBeenCalled();

    // Turning to the map loads MapLibre at once.
    const mapLink = [...container.querySelectorAll('a')].find((link) => link.textContent === 'Map');
    await act(async () => {
      mapLink?.click();
    });
    expect(container.textContent).toContain('Loading the map …');
    expect(container.textContent).toContain('2 stolen bikes');
    expect(loadMapLibre).toHaveBeenCalledTimes(1);
    await unmount();
  });
});

describe('/stolen-bike-map/{bikeId} painted on the server', () => {
  const url = `/stolen-bike-map/${FIRST}`;
  const placeMap = (container: HTMLElement) =>
    container.querySelector<HTMLElement>('[data-testid="place-map"]');

  it('holds the bike and its place map waiting for the person; hydrates without a mismatch', async () => {
    const { client, html } = await paintOnServer(url, { bikeId: FIRST });
    expect(html).toContain('Rønne Racer');
    expect(html).toContain('Show the map');
    expect(html).not.toContain('Loading the map …');
    wide = false;
    const { container, onRecoverableError, unmount } = await hydrate(html, client, url);
    expect(onRecoverableError).not.toHaveBeenCalled();
    expect(placeMap(container)?.textContent).toBe('Show the map');
    expect(loadMapLibre).not.toHaveBeenCalled();
    await unmount();
  });

  it('on a phone a map in view at load waits for the press of its button, idle or not', async () => {
    const { client, html } = await paintOnServer(url, { bikeId: FIRST });
    wide = false;
    const { container, unmount } = await hydrate(html, client, url);
    const frame = placeMap(container);
    if (!frame) throw new Error('no place map');
    await see(frame, 1);
    await act(async () => {
      for (const callback of idleCallbacks.splice(0)) callback();
    });
    expect(loadMapLibre).not.toHaveBeenCalled();
    expect(frame.textContent).toBe('Show the map');

    const show = [...frame.querySelectorAll('button')].find(
      (button) => button.textContent === 'Show the map',
    );
    await act(async () => {
      show?.click();
    });
    expect(loadMapLibre).toHaveBeenCalledTimes(1);
    // The frame keeps focus and says what it does now.
    expect(frame.textContent).toBe('Loading the map …');
    expect(document.activeElement).toBe(frame);
    await unmount();
  });

  it('on a phone MapLibre loads when the person scrolls to the map below the fold', async () => {
    const { client, html } = await paintOnServer(url, { bikeId: FIRST });
    wide = false;
    const { container, unmount } = await hydrate(html, client, url);
    const frame = placeMap(container);
    if (!frame) throw new Error('no place map');
    await see(frame, null);
    expect(loadMapLibre).not.toHaveBeenCalled();
    await see(frame, 0.25);
    expect(loadMapLibre).toHaveBeenCalledTimes(1);
    expect(frame.textContent).toBe('Loading the map …');
    await unmount();
  });
});

// Last: once the page has been idle, every later map loads at once.
describe('/stolen-bike-map on a wider screen', () => {
  it('shows the map with the count, and loads MapLibre once the page is idle', async () => {
    const url = '/stolen-bike-map?region=dk';
    const { client, html } = await paintOnServer(url);
    wide = true;
    const { container, onRecoverableError, unmount } = await hydrate(html, client, url);
    expect(onRecoverableError).not.toHaveBeenCalled();
    expect(container.querySelector('[aria-current="page"]')?.textContent).toBe('Map');
    expect(container.textContent).toContain('Loading the map …');
    expect(container.querySelector('[role="status"]')?.textContent).toBe('2 stolen bikes');
    expect(container.textContent).not.toContain('Rønne Racer');
    expect(loadMapLibre).not.toHaveBeenCalled();
    expect(idleCallbacks.length).toBeGreaterThan(0);
    await act(async () => {
      for (const callback of idleCallbacks.splice(0)) callback();
    });
    expect(loadMapLibre).toHaveBeenCalled();
    await unmount();
  });

  it("loads the bike page's place map once it is near the view and the page has been idle", async () => {
    const url = `/stolen-bike-map/${FIRST}`;
    const { client, html } = await paintOnServer(url, { bikeId: FIRST });
    wide = true;
    const { container, unmount } = await hydrate(html, client, url);
    const frame = container.querySelector<HTMLElement>('[data-testid="place-map"]');
    if (!frame) throw new Error('no place map');
    await see(frame, null);
    expect(loadMapLibre).not.toHaveBeenCalled();
    await see(frame, 1);
    expect(frame.textContent).toBe('Loading the map …');
    expect(loadMapLibre).toHaveBeenCalled();
    await unmount();
  });
});
