import type { APIRequestContext, Page } from '@playwright/test';
import { signUpViaApi, type TestAccount } from './support/accounts.ts';
import { expectNoA11yViolations } from './support/axe.ts';
import { freeSticker, grantCredits, uniqueFrameNumber } from './support/bikes.ts';
import { expect, test } from './support/fixtures.ts';
import { reviewScreenshot } from './support/screenshots.ts';
import { escapeRegExp, fillText, text } from './support/texts.ts';
import { reportStolenViaApi } from './support/theft.ts';

/*
 * The public stolen-bike map. Two bikes stolen on Bornholm or in Lofoten (where no other journey
 * reports thefts) show to a visitor as one cluster; a click zooms in until they stand apart, a bike
 * opens its card and its page with the way to its owner. The API answers their places rounded,
 * never the exact pick. The list is the keyboard's way to the same bikes, and all there is without
 * WebGL.
 */

const m = (key: string, values: Record<string, string | number> = {}) =>
  fillText(text('da', 'stolen-map', key), values);
const common = (key: string) => text('da', 'common', key);

interface Theft {
  name: string;
  /** The exact map pick (often the owner's home) and the rounded place the public may see. */
  exact: { latitude: number; longitude: number };
  rounded: [number, number];
}

/**
 * Two thefts per project (desktop and phone run side by side on one server, so far apart), each
 * pair one cluster at zoom 9 that splits at zoom 10, the names unique to the run.
 */
function thefts(project: string): { first: Theft; second: Theft; camera: string; bbox: string } {
  const run = String(Date.now()).slice(-4);
  return project === 'phone'
    ? {
        first: {
          name: `Svolvær Racer ${run}`,
          exact: { latitude: 68.23112, longitude: 14.52874 },
          rounded: [14.53, 68.23],
        },
        second: {
          name: `Lofoten Flyer ${run}`,
          exact: { latitude: 68.22241, longitude: 14.56132 },
          rounded: [14.56, 68.22],
        },
        camera: '9.00/68.2250/14.5450',
        bbox: '14.4,68.1,14.7,68.3',
      }
    : {
        first: {
          name: `Rønne Racer ${run}`,
          exact: { latitude: 55.10337, longitude: 14.70261 },
          rounded: [14.7, 55.1],
        },
        second: {
          name: `Nexø Flyer ${run}`,
          exact: { latitude: 55.08712, longitude: 14.73144 },
          rounded: [14.73, 55.09],
        },
        camera: '9.00/55.0950/14.7150',
        bbox: '14.6,55.0,14.8,55.2',
      };
}

async function stolenBike(
  request: APIRequestContext,
  owner: TestAccount,
  brand: string,
  place: { latitude: number; longitude: number },
  electric: boolean,
): Promise<string> {
  await grantCredits(request, owner.email);
  const created = await request.post('/api/bikes/', {
    headers: { Authorization: `Bearer ${owner.token}` },
    data: {
      nickname: brand,
      frame_number: uniqueFrameNumber(),
      plate_id: await freeSticker(request),
      brand,
      category: 'bmx',
      color: 'green',
      is_electric: electric,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { bike_id: bikeId } = (await created.json()) as { bike_id: string };
  await reportStolenViaApi(request, owner.token, bikeId, {
    bike_category: 'bmx',
    bike_color: 'green',
    is_electric: electric,
    location: place,
    place: 'Bornholm',
  });
  return bikeId;
}

test.describe.configure({ mode: 'serial' });

let place: ReturnType<typeof thefts>;
/** The first bike (not electric) and the second (electric). */
let firstId: string;
let secondId: string;

test.beforeAll(async ({ playwright, baseURL }, workerInfo) => {
  place = thefts(workerInfo.project.name);
  const request = await playwright.request.newContext({ baseURL });
  const owner = await signUpViaApi(request);
  firstId = await stolenBike(request, owner, place.first.name, place.first.exact, false);
  secondId = await stolenBike(request, owner, place.second.name, place.second.exact, true);
  await request.dispose();
});

test('a visitor finds stolen bikes on the map, zooms into a cluster and opens a bike @phone @desktop', async ({
  page,
}) => {
  // What the API tells anyone: the rounded places, never the exact picks, and no owner.
  const answer = await page.request.get(`/api/stolen-bikes?bbox=${place.bbox}&zoom=13`);
  expect(answer.status()).toBe(200);
  const body = await answer.text();
  const features = (
    JSON.parse(body) as {
      features: Array<{ geometry: { coordinates: number[] }; properties: { bike_id?: string } }>;
    }
  ).features;
  const placeOf = (bikeId: string) =>
    features.find((feature) => feature.properties.bike_id === bikeId)?.geometry.coordinates;
  expect(placeOf(firstId)).toEqual(place.first.rounded);
  expect(placeOf(secondId)).toEqual(place.second.rounded);
  for (const secret of [
    ...[place.first, place.second].flatMap((theft) => [
      String(theft.exact.latitude),
      String(theft.exact.longitude),
    ]),
    'Freja',
    'Holm',
    'Nørrebrogade',
  ])
    expect(body).not.toContain(secret);

  await page.goto(`/stolen-bike-map?at=${place.camera}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(m('title'));
  await expect(page.getByText(m('lead'))).toBeVisible();
  const cluster = page.getByRole('button', { name: m('map.clusterLabel_other', { count: 2 }) });
  await expect(cluster).toBeVisible();
  await expect(
    page.getByRole('status').filter({ hasText: m('map.countHere_other', { count: 2 }) }),
  ).toBeVisible();
  await expectNoA11yViolations(page);
  await reviewScreenshot(page, 'map-cluster');

  // The cluster zooms to where its bikes part.
  await cluster.click();
  const firstMarker = page.getByRole('button', {
    name: new RegExp(`^${escapeRegExp(place.first.name)}, ${escapeRegExp(common('bike.colors.green'))}`),
  });
  await expect(firstMarker).toBeVisible();
  await expect(
    page.getByRole('button', { name: new RegExp(`^${escapeRegExp(place.second.name)}, `) }),
  ).toBeVisible();
  await expect(cluster).toHaveCount(0);
  await expect(page).toHaveURL(/at=10\.00%2F|at=10\.00\//);

  // A bike opens its card; Escape closes it and gives focus back to the marker.
  await firstMarker.click();
  const card = page.getByRole('region', { name: m('card.one') });
  await expect(card.getByRole('heading', { name: m('card.one') })).toBeFocused();
  await expect(card.getByRole('link', { name: place.first.name })).toBeVisible();
  await reviewScreenshot(page, 'map-card');
  await page.keyboard.press('Escape');
  await expect(card).toHaveCount(0);
  await expect(firstMarker).toBeFocused();
  await firstMarker.click();
  await card.getByRole('link', { name: place.first.name }).click();

  // The bike's page: public facts, a small map of the rounded place, the way to its owner.
  await expect(page).toHaveURL(new RegExp(`/stolen-bike-map/${firstId}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(place.first.name);
  await expect(page.getByText(common('bike.categories.bmx'))).toBeVisible();
  await expect(page.getByText(m('bikePage.placeApproximate'))).toBeVisible();
  // The map of the place loads when the person turns to it (on a phone it is below the fold).
  const placeMap = page.getByTestId('place-map');
  await placeMap.scrollIntoViewIfNeeded();
  await expect(placeMap.locator('canvas')).toBeVisible();
  await expect(page.getByRole('link', { name: m('bikePage.contactOwner') })).toHaveAttribute(
    'href',
    `/app/bikes/${firstId}/contact-bike-owner`,
  );
  await expectNoA11yViolations(page);
  await reviewScreenshot(page, 'bike-page');
  await page.getByRole('link', { name: m('bikePage.backToMap') }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(m('title'));
});

test('the list reaches the same bikes by keyboard, and stands in for the map without WebGL', async ({
  page,
}) => {
  await page.goto('/stolen-bike-map');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(m('title'));

  // Map | List by keyboard.
  const listLink = page.getByRole('link', { name: m('view.list') });
  await listLink.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('link', { name: m('view.list') })).toHaveAttribute('aria-current', 'page');
  await expect(
    page.getByRole('heading', { level: 2, name: /(stjålet cykel|stjålne cykler)$/ }),
  ).toBeVisible();

  // Only electric BMX bikes: the filter is a keyboard-operable select, kept in the address.
  const category = page.getByRole('button', { name: new RegExp(escapeRegExp(m('filters.category'))) });
  await category.focus();
  await page.keyboard.press('Enter');
  await page.getByRole('option', { name: common('bike.categories.bmx') }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/category=bmx/);
  const electric = page.getByRole('button', { name: new RegExp(escapeRegExp(m('filters.electric'))) });
  await electric.focus();
  await page.keyboard.press('Enter');
  await page.getByRole('option', { name: m('filters.electricOnly') }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/electric=true/);
  const secondLink = page.getByRole('link', { name: place.second.name });
  await expect(secondLink).toBeVisible();
  await expect(page.getByRole('link', { name: place.first.name })).toHaveCount(0);
  await expectNoA11yViolations(page);
  await reviewScreenshot(page, 'list-filtered');
  await secondLink.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/stolen-bike-map/${secondId}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(place.second.name);

  // Without WebGL there is no map to draw: the page says so and shows the list.
  await page.addInitScript(() => {
    const original = HTMLCanvasElement.prototype.getContext;
    HTMLCanvasElement.prototype.getContext = function (
      this: HTMLCanvasElement,
      kind: string,
      ...rest: unknown[]
    ) {
      if (kind === 'webgl' || kind === 'webgl2') return null;
      return (original as (...args: unknown[]) => unknown).call(this, kind, ...rest);
    } as typeof original;
  });
  await page.goto('/stolen-bike-map?category=bmx');
  await expect(page.getByText(m('mapUnavailable'))).toBeVisible();
  await expect(page.getByRole('link', { name: place.first.name })).toBeVisible();
  await expect(page.getByRole('link', { name: m('view.map'), exact: true })).toHaveCount(0);
});

/** Resolves once the page has loaded and then been idle for a while. */
function pageIdle(page: Page): Promise<void> {
  return page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const idle = () => requestIdleCallback(() => setTimeout(resolve, 500), { timeout: 3000 });
        if (document.readyState === 'complete') idle();
        else window.addEventListener('load', idle, { once: true });
      }),
  );
}

/** From here on, the layout shifts the person did not cause, summed by `shifted(page)`. */
async function watchShifts(page: Page): Promise<void> {
  await page.evaluate(() => {
    const shifts: number[] = [];
    (window as unknown as { layoutShifts: number[] }).layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const shift = entry as PerformanceEntry & { value: number; hadRecentInput: boolean };
        if (!shift.hadRecentInput) shifts.push(shift.value);
      }
    }).observe({ type: 'layout-shift' });
  });
}

function shifted(page: Page): Promise<number> {
  return page.evaluate(() =>
    (window as unknown as { layoutShifts: number[] }).layoutShifts.reduce((sum, value) => sum + value, 0),
  );
}

/** Requests for MapLibre's code or style sheet (its own chunks), in the order the page made them. */
function mapLibreRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (/maplibre/i.test(new URL(request.url()).pathname)) urls.push(request.url());
  });
  return urls;
}

test('the server paints the list, the counts and the bike page, with no MapLibre in them @phone', async ({
  page,
}) => {
  const painted = async (path: string) => {
    const answer = await page.request.get(path, { headers: { Accept: 'text/html' } });
    expect(answer.status()).toBe(200);
    return answer.text();
  };
  const mapPage = await painted(`/stolen-bike-map?view=list&category=bmx&electric=true`);
  expect(mapPage).toContain(m('title'));
  expect(mapPage).toMatch(/<h2[^>]*>[^<]*(stjålet cykel|stjålne cykler)<\/h2>/);
  expect(mapPage).toContain(place.second.name);
  expect(mapPage).not.toContain(place.first.name);
  expect(mapPage).not.toMatch(/maplibre/i);
  // No view asked: the list (for a phone) and the map's place with the count (for a wider screen).
  const anyScreen = await painted('/stolen-bike-map');
  expect(anyScreen).toContain(m('map.preparing'));
  expect(anyScreen).toMatch(/role="status"[^>]*>[^<]*(stjålet cykel|stjålne cykler)</);
  expect(anyScreen).not.toMatch(/maplibre/i);
  const bikePage = await painted(`/stolen-bike-map/${firstId}`);
  expect(bikePage).toContain(place.first.name);
  expect(bikePage).toContain(m('bikePage.contactOwner'));
  // The place map waits for the person (or, on a wider screen, the view): it says so, not "loading".
  // (The page's texts travel with it, so the frame's markup is what is looked for.)
  expect(bikePage).toMatch(new RegExp(`<button[^>]*>${escapeRegExp(m('bikePage.showMap'))}</button>`));
  expect(bikePage).not.toContain(`>${m('map.preparing')}<`);
  expect(bikePage).not.toMatch(/maplibre/i);
});

test('on a phone the list comes first and MapLibre loads only when the person turns to the map @phone', async ({
  page,
}) => {
  const mapLibre = mapLibreRequests(page);
  await page.goto('/stolen-bike-map?category=bmx');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(m('title'));
  await expect(
    page.getByRole('heading', { level: 2, name: /(stjålet cykel|stjålne cykler)$/ }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: m('view.list') })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('region', { name: m('map.regionLabel'), exact: true })).toHaveCount(0);
  // Loaded and idle: still no MapLibre.
  await pageIdle(page);
  expect(mapLibre).toEqual([]);

  const loading = page.waitForRequest((request) => /maplibre/i.test(new URL(request.url()).pathname));
  await page.getByRole('link', { name: m('view.map'), exact: true }).click();
  await loading;
  const region = page.getByRole('region', { name: m('map.regionLabel'), exact: true });
  await expect(region.locator('canvas')).toBeVisible();
  await expect(region.getByText(m('map.preparing'))).toHaveCount(0);
  await expect(page).toHaveURL(/view=map/);
});

test('on a wider screen the map takes the place kept for it without moving the page', async ({ page }) => {
  const mapLibre = mapLibreRequests(page);
  await page.goto(`/stolen-bike-map?category=bmx`);
  const region = page.getByRole('region', { name: m('map.regionLabel'), exact: true });
  await expect(region).toBeVisible();
  // The count for the filters stands under the map's place before the map has its own.
  await expect(page.getByRole('status').filter({ hasText: /(stjålet cykel|stjålne cykler)/ })).toBeVisible();
  // From here on, what moves when the map replaces its placeholder (MapLibre may already be loading).
  await watchShifts(page);
  await expect(region.locator('canvas')).toBeVisible();
  await expect(region.getByText(m('map.preparing'))).toHaveCount(0);
  // The map's own count, for what it shows.
  const countHere = escapeRegExp(m('map.countHere_other', { count: 999 })).replace('999', '\\d+');
  await expect(page.getByRole('status').filter({ hasText: new RegExp(countHere) })).toBeVisible();
  expect(await shifted(page)).toBeLessThanOrEqual(0.05);
  expect(mapLibre.length).toBeGreaterThan(0);
});

test("on a phone the bike page's map loads when the person scrolls to it, or in view at load when asked @phone", async ({
  page,
}) => {
  const mapLibre = mapLibreRequests(page);
  await page.goto(`/stolen-bike-map/${firstId}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(place.first.name);
  const placeMap = page.getByTestId('place-map');
  await expect(placeMap).not.toBeInViewport();
  // Loaded and idle, the map below the fold: no MapLibre.
  await pageIdle(page);
  expect(mapLibre).toEqual([]);

  await watchShifts(page);
  const loading = page.waitForRequest((request) => /maplibre/i.test(new URL(request.url()).pathname));
  await placeMap.scrollIntoViewIfNeeded();
  await loading;
  await expect(placeMap.locator('canvas')).toBeVisible();
  await expect(placeMap.getByText(m('map.preparing'))).toHaveCount(0);
  await expect(placeMap.getByRole('button', { name: m('bikePage.showMap') })).toHaveCount(0);
  // The map took the frame kept for it.
  expect(await shifted(page)).toBe(0);

  // A screen tall enough to show the map at load: it waits for the person's press, and says so.
  await page.setViewportSize({ width: 360, height: 1600 });
  mapLibre.length = 0;
  await page.reload();
  await expect(placeMap).toBeInViewport();
  const show = placeMap.getByRole('button', { name: m('bikePage.showMap') });
  await expect(show).toBeVisible();
  await pageIdle(page);
  expect(mapLibre).toEqual([]);
  await expect(placeMap.locator('canvas')).toHaveCount(0);
  await expectNoA11yViolations(page);
  await show.click();
  await expect(placeMap.locator('canvas')).toBeVisible();
  await expect(placeMap).toBeFocused();
});
