import { cleanup, within } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { reloadMeasurementChoiceForTests } from '../lib/consent.ts';
import { pageData } from '../lib/page-data.ts';
import { STORAGE_KEYS, writeJson } from '../lib/storage.ts';
import { initTestI18n } from '../test/i18n.ts';
import { type PaintedPage, paintPage } from '../test/paint-page.tsx';
import { preloadConsentBanner } from './consent-banner-slot.tsx';
import { RootLayout } from './root-layout.tsx';

/*
 * The measurement question on a page the server paints (issue 31): painted with the answer of the
 * device's cookie, hydrated with that same answer, and then the device's own answer (localStorage)
 * applies. The layout is painted as the page here; its outlet is empty.
 */

beforeAll(async () => {
  await initTestI18n('da', ['common']);
  // entry-server.tsx waits for the banner's code while painting, main.tsx loads it before hydrating.
  await preloadConsentBanner();
});

let painted: PaintedPage | null = null;
afterEach(() => {
  painted?.unmount();
  painted = null;
  cleanup();
  localStorage.clear();
  reloadMeasurementChoiceForTests();
});

const layout = { Component: RootLayout, loader: pageData(() => []) };
const question = () => i18next.t('common:measurement.banner.title');
const deviceAnswered = (choice: 'granted' | 'denied') => () => {
  writeJson(STORAGE_KEYS.measurementConsent, { choice, at: '2026-01-01T00:00:00.000Z' });
  reloadMeasurementChoiceForTests();
};

function paint(options: { measurement: 'granted' | 'denied' | null; device?: () => void }) {
  return paintPage({
    module: layout,
    routePath: '/',
    path: '/',
    api: () => new Response(null, { status: 404 }),
    ...options,
  });
}

describe('the measurement question on a painted page', () => {
  it('is in the HTML for a device without an answer, and stays after hydration', async () => {
    painted = await paint({ measurement: null });
    expect(painted.html).toContain(question());
    expect(painted.hydrationErrors).toEqual([]);
    expect(within(painted.container).getByRole('region', { name: question() })).toBeTruthy();
  });

  it('leaves once hydrated on a device that answered before its cookie existed', async () => {
    painted = await paint({ measurement: null, device: deviceAnswered('denied') });
    expect(painted.html).toContain(question());
    expect(painted.hydrationErrors).toEqual([]);
    expect(within(painted.container).queryByRole('region', { name: question() })).toBeNull();
  });

  it('is not painted after an answer (the cookie), nor shown after hydration', async () => {
    painted = await paint({ measurement: 'granted', device: deviceAnswered('granted') });
    expect(painted.html).not.toContain(question());
    expect(painted.hydrationErrors).toEqual([]);
    expect(within(painted.container).queryByRole('region', { name: question() })).toBeNull();
  });

  it('appears once hydrated where the cookie outlived the device’s answer', async () => {
    painted = await paint({ measurement: 'denied' });
    expect(painted.html).not.toContain(question());
    expect(painted.hydrationErrors).toEqual([]);
    expect(within(painted.container).getByRole('region', { name: question() })).toBeTruthy();
  });
});
