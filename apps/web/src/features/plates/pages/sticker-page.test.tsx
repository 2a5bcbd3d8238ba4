import type { PublicBike } from '@nbr/domain/bikes';
import type { StickerLookup } from '@nbr/domain/plates';
import type { StolenBike } from '@nbr/domain/stolen-map';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../config/paths.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { initTestI18n } from '../../../test/i18n.ts';
import { paintRoute } from '../../../test/paint-route.tsx';
import { Component as InsurancePlatePage } from './insurance-plate-page.tsx';
import { Component as NoRegistrationPage } from './no-registration-page.tsx';
import { loader, Component as StickerPage } from './sticker-page.tsx';

/*
 * Issue 31: someone who scans a sticker on a found bike gets the whole answer as HTML from the
 * server — the bike behind the sticker, or that it is not registered — with plain links, and the
 * page hydrates without asking again.
 */

const fetchMock = vi.fn<typeof fetch>();
beforeAll(() => initTestI18n('en', ['common', 'plates', 'search', 'ownership', 'finds']));
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  cleanup();
  queryClient.clear();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

const BIKE = '019ac15e-0000-7000-8000-000000000031';
const CODE = 'K7MXP3AW';

const sticker = (overrides: Partial<StickerLookup> = {}): StickerLookup => ({
  sticker_id: CODE,
  kind: 'bike',
  status: 'registered',
  bike_id: BIKE,
  bike_status: 'stolen',
  on_equipment: false,
  ...overrides,
});

const bike: PublicBike = {
  bike_id: BIKE,
  status: 'stolen',
  brand: 'Kildemoes',
  model: null,
  color: null,
  category: null,
  is_electric: false,
  picture_url: null,
  thumbnail_url: null,
  is_owner: false,
};

const report: StolenBike = {
  bike_id: BIKE,
  brand: 'Kildemoes',
  model: null,
  color: 'red',
  category: null,
  is_electric: true,
  stolen_on: '2026-11-30',
  thumbnail_url: null,
  region: 'dk',
  location: null,
};

/** The API: the sticker (null: unknown, 404), the bike's public view and its theft report. */
function api(lookup: StickerLookup | null) {
  fetchMock.mockImplementation(async (input) => {
    const url = String(input instanceof Request ? input.url : input);
    if (url === `/api/stickers/${CODE}`) {
      return lookup ? Response.json(lookup) : Response.json({ detail: 'not_found' }, { status: 404 });
    }
    if (url === `/api/bikes/${BIKE}/public`) return Response.json(bike);
    if (url === `/api/stolen-bikes/${BIKE}`) return Response.json(report);
    return new Response('{}', { status: 500 });
  });
}

const page = { path: paths.stickers.sticker.path, Component: StickerPage, loader };
const scanPage = { path: paths.stickers.scanCode.path, Component: StickerPage, loader };
const movesTo = [
  { path: paths.stickers.noRegistration.path, Component: NoRegistrationPage },
  { path: paths.stickers.insurancePlate.path, Component: InsurancePlatePage },
  { path: paths.signupFromScan.start.path, Component: () => <h1>Sign-up from scan</h1> },
];
const readsOfStolenBike = [`/api/stickers/${CODE}`, `/api/bikes/${BIKE}/public`, `/api/stolen-bikes/${BIKE}`];
const requested = () => fetchMock.mock.calls.map(([input]) => String(input));

describe('sticker page painted on the server', () => {
  it('paints a stolen bike behind a scanned sticker, and hydrating asks nothing again', async () => {
    api(sticker());
    const painted = await paintRoute(page, `/sticker-id/${CODE.toLowerCase()}`, { movesTo });
    try {
      expect(requested()).toEqual(readsOfStolenBike);
      const html = new DOMParser().parseFromString(painted.html, 'text/html');
      expect(html.querySelector('h1')?.textContent).toBe('This bike has been reported stolen');
      expect(html.body.textContent).toContain('Kildemoes');
      // As the theft report describes it.
      expect(html.body.textContent).toContain('Red');
      expect(html.querySelector(`a[href="${paths.public.search.getHref()}"]`)).not.toBeNull();

      expect(painted.errors).toEqual([]);
      expect(
        await screen.findByRole('heading', { level: 1, name: 'This bike has been reported stolen' }),
      ).toBeTruthy();
      expect(fetchMock).toHaveBeenCalledTimes(3);
    } finally {
      painted.unmount();
    }
  });

  it('reads the sticker of the QR code’s Digital Link under the same key', async () => {
    api(sticker());
    const painted = await paintRoute(scanPage, `/sticker-id/01/05790002290008/21/${CODE}`, { movesTo });
    try {
      expect(requested()).toEqual(readsOfStolenBike);
      expect(painted.errors).toEqual([]);
      expect(fetchMock).toHaveBeenCalledTimes(3);
    } finally {
      painted.unmount();
    }
  });

  it('paints "not registered" for an unknown sticker, then moves to its address once the app runs', async () => {
    api(null);
    const painted = await paintRoute(page, `/sticker-id/${CODE}`, { movesTo });
    try {
      const html = new DOMParser().parseFromString(painted.html, 'text/html');
      expect(html.querySelector('h1')?.textContent).toBe('The plate is not registered');
      expect(html.body.textContent).toContain(`Read from the plate: ${CODE}`);
      expect(html.querySelector(`a[href="${paths.public.search.getHref()}"]`)).not.toBeNull();

      expect(painted.errors).toEqual([]);
      await vi.waitFor(() =>
        expect(`${painted.router.state.location.pathname}${painted.router.state.location.search}`).toBe(
          `/sticker-id/no-registration?code=${CODE}`,
        ),
      );
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('The plate is not registered');
      expect(fetchMock).toHaveBeenCalledTimes(1);
    } finally {
      painted.unmount();
    }
  });

  it('paints the insurance plate’s explanation', async () => {
    api(sticker({ kind: 'insurance', status: 'free', bike_id: null, bike_status: null }));
    const painted = await paintRoute(page, `/sticker-id/${CODE}`, { movesTo });
    try {
      const html = new DOMParser().parseFromString(painted.html, 'text/html');
      expect(html.querySelector('h1')?.textContent).toBe('Insurance plate');
      expect(painted.errors).toEqual([]);
      await vi.waitFor(() =>
        expect(painted.router.state.location.pathname).toBe('/sticker-id/insurance-plate'),
      );
    } finally {
      painted.unmount();
    }
  });

  it('paints a new sticker with a plain link to the sign-up a visitor goes on to', async () => {
    api(sticker({ status: 'free', bike_id: null, bike_status: null }));
    const painted = await paintRoute(page, `/sticker-id/${CODE}`, { movesTo });
    try {
      const html = new DOMParser().parseFromString(painted.html, 'text/html');
      const link = html.querySelector('a[href^="/signup/from-scan"]');
      expect(link?.textContent).toBe('Create an account for your bike');
      expect(link?.getAttribute('href')).toContain(CODE);
      expect(painted.errors).toEqual([]);
      await vi.waitFor(() => expect(painted.router.state.location.pathname).toBe('/signup/from-scan'));
    } finally {
      painted.unmount();
    }
  });
});

describe('sticker page loader in the browser', () => {
  it('only starts the sticker: the page asks for the bike once it knows the person', async () => {
    api(sticker());
    const args = {
      request: new Request(`http://localhost/sticker-id/${CODE}`),
      params: { stickerId: CODE },
      context: undefined,
    } as unknown as Parameters<typeof loader>[0];
    await expect(loader(args)).resolves.toBeNull();
    await vi.waitFor(() => expect(queryClient.getQueryData(['stickers', CODE])).toEqual(sticker()));
    expect(requested()).toEqual([`/api/stickers/${CODE}`]);
  });
});
