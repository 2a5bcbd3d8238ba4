import type { Distributor } from '@nbr/domain/distributors';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MarkersMapProps } from '../../../components/map/markers-map.tsx';
import { paths } from '../../../config/paths.ts';
import { initTestI18n } from '../../../test/i18n.ts';
import { json, type PaintedPage, paintPage } from '../../../test/paint-page.tsx';
import { LazyDealerMap } from '../components/lazy-dealer-map.tsx';
import * as findDistributor from './find-distributor-page.tsx';

/*
 * Issue 31: /find-distributor is painted by the server with its list of dealers (the loader asks for
 * the very query the page reads, with the address's search), and the browser hydrates it without
 * asking again. The map is not part of the first screen: MapLibre's module loads when the browser is
 * idle or the person turns to the map, and a frame of the map's size holds its place until then.
 */

const mapRenders = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../../components/map/markers-map.tsx', () => ({
  MarkersMap: (props: MarkersMapProps) => {
    mapRenders.count += 1;
    return (
      <div className={props.className} data-testid={props.testId}>
        {props.points.map((point) => point.label).join(', ')}
      </div>
    );
  },
}));

beforeAll(() => initTestI18n('en', ['common', 'distributors']));

let painted: PaintedPage | null = null;
afterEach(() => {
  painted?.unmount();
  painted = null;
  cleanup();
  vi.unstubAllGlobals();
  mapRenders.count = 0;
});

const dealer: Distributor = {
  party_id: '00000000-0000-4000-8000-0000000000d1',
  name: 'Nexø Cykler',
  street_address: 'Havnegade 1',
  postcode: '3730',
  town: 'Nexø',
  phone: '56 49 00 00',
  website: null,
  latitude: 55.06,
  longitude: 15.13,
};

describe('/find-distributor painted by the server', () => {
  it("paints the address's search's dealers and leaves the map for later", async () => {
    painted = await paintPage({
      module: findDistributor,
      routePath: paths.public.findDistributor.path,
      path: `${paths.public.findDistributor.getHref()}?query=Nex%C3%B8`,
      api: (url) => (url === '/api/distributors?query=Nex%C3%B8' ? json([dealer]) : json([], 400)),
    });
    expect(painted.loaderRequests).toEqual(['/api/distributors?query=Nex%C3%B8']);
    expect(painted.html).toContain('Nexø Cykler');
    expect(painted.html).toContain('Havnegade 1');
    expect(painted.html).toContain('distributor-map-placeholder');
    expect(painted.hydrationErrors).toEqual([]);
    expect(painted.browserRequests).toEqual([]);
    const page = within(painted.container);
    expect(page.getByRole('list', { name: 'Dealers' }).textContent).toContain('Nexø Cykler');
    // Hydrated, the map is still not there: the browser has not been idle yet, nobody turned to it.
    expect(mapRenders.count).toBe(0);
    const frame = page.getByTestId('distributor-map-placeholder');
    await act(async () => {
      frame.dispatchEvent(new Event('pointerenter'));
    });
    expect(await page.findByTestId('distributor-map')).toBeTruthy();
    expect(page.queryByTestId('distributor-map-placeholder')).toBeNull();
  });
});

describe('LazyDealerMap', () => {
  const points = [{ id: dealer.party_id, latitude: 55.06, longitude: 15.13, label: 'Nexø Cykler' }];

  it('loads the map when the browser is idle, in a frame of its size until then', async () => {
    let idle: (() => void) | null = null;
    vi.stubGlobal('requestIdleCallback', (callback: () => void, options: { timeout: number }) => {
      expect(options.timeout).toBeGreaterThan(0);
      idle = callback;
      return 1;
    });
    vi.stubGlobal('cancelIdleCallback', () => {});
    render(<LazyDealerMap points={points} onSelect={() => {}} />);
    // The test's CSS modules keep their class names: the frame has the map's size and border.
    expect(screen.getByTestId('distributor-map-placeholder').className).toBe('map');
    expect(mapRenders.count).toBe(0);
    await act(async () => idle?.());
    const map = await screen.findByTestId('distributor-map');
    expect(map.className).toBe('map');
    expect(map.textContent).toBe('Nexø Cykler');
  });

  it('waits at most a moment where the browser has no idle callback', async () => {
    vi.stubGlobal('requestIdleCallback', undefined);
    vi.useFakeTimers();
    try {
      render(<LazyDealerMap points={points} onSelect={() => {}} />);
      expect(mapRenders.count).toBe(0);
      await act(async () => vi.advanceTimersByTime(2000));
    } finally {
      vi.useRealTimers();
    }
    expect(await screen.findByTestId('distributor-map')).toBeTruthy();
  });
});
