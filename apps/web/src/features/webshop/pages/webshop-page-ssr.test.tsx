import type { Product } from '@nbr/domain/webshop';
import { cleanup, within } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../../../config/paths.ts';
import { STORAGE_KEYS, writeStorage } from '../../../lib/storage.ts';
import { initTestI18n } from '../../../test/i18n.ts';
import { localeTree } from '../../../test/locale-tree.ts';
import { json, type PaintedPage, paintPage } from '../../../test/paint-page.tsx';
import { clearBasket, writeBasket } from '../lib/basket.ts';
import * as webshop from './webshop-page.tsx';

/*
 * Issue 31: /webshop is painted by the server with the region's catalogue (the loader asks for the
 * very query the page reads), and the browser hydrates it without asking again. The basket lives on
 * the device: the server paints none, and it shows right after hydration.
 */

beforeAll(async () => {
  await initTestI18n('en', ['common', 'webshop', 'club']);
  for (const namespace of ['common', 'webshop', 'club']) {
    i18next.addResourceBundle('no', namespace, localeTree('no', namespace));
  }
});

let painted: PaintedPage | null = null;
afterEach(() => {
  painted?.unmount();
  painted = null;
  cleanup();
  clearBasket();
  writeStorage(STORAGE_KEYS.region, null);
});

function registration(region: 'dk' | 'no'): Product {
  return {
    id: region === 'dk' ? '00000000-0000-4000-8000-000000000001' : '00000000-0000-4000-8000-000000000002',
    handle: `registration-${region}`,
    region,
    kind: 'registration',
    name: `Registration (${region})`,
    description: 'One bike in the register.',
    plan: null,
    credits: 1,
    period_months: null,
    renews: false,
    physical: false,
    delivery_business_days: null,
    vat_rate_percent: 25,
    price: { amount_minor: 14_900, amount: 149, vat_minor: 2_980, currency: region === 'dk' ? 'DKK' : 'NOK' },
  };
}

const catalogue = (url: string) => {
  const region = new URL(url, 'http://localhost').searchParams.get('region');
  return region === 'dk' || region === 'no' ? json([registration(region)]) : json({}, 400);
};

describe('/webshop painted by the server', () => {
  it("paints the region's catalogue and no basket; the device's basket shows after hydration", async () => {
    painted = await paintPage({
      module: webshop,
      routePath: paths.public.webshop.path,
      path: paths.public.webshop.getHref(),
      api: catalogue,
      device: () => writeBasket([{ product_id: registration('dk').id, quantity: 2 }]),
    });
    expect(painted.loaderRequests).toEqual(['/api/webshop/products?region=dk']);
    expect(painted.html).toContain('Registration (dk)');
    expect(painted.html).not.toContain('basket-summary');
    expect(painted.hydrationErrors).toEqual([]);
    expect(painted.browserRequests).toEqual([]);
    expect(within(painted.container).getByTestId('basket-summary').textContent).toContain('2');
  });

  it('paints the region a shared link names (?region=no)', async () => {
    painted = await paintPage({
      module: webshop,
      routePath: paths.public.webshop.path,
      path: `${paths.public.webshop.getHref()}?region=no`,
      api: catalogue,
    });
    expect(painted.loaderRequests).toEqual(['/api/webshop/products?region=no']);
    expect(painted.html).toContain('Registration (no)');
    expect(painted.html).not.toContain('Registration (dk)');
    expect(painted.hydrationErrors).toEqual([]);
    expect(painted.browserRequests).toEqual([]);
    expect(within(painted.container).getByText('Registration (no)')).toBeTruthy();
  });

  it("paints a Norwegian request with its language's region and names", async () => {
    painted = await paintPage({
      module: webshop,
      routePath: paths.public.webshop.path,
      path: paths.public.webshop.getHref(),
      language: 'no',
      api: catalogue,
    });
    expect(painted.loaderRequests).toEqual(['/api/webshop/products?region=no']);
    expect(painted.html).toContain('Registration (no)');
    expect(painted.hydrationErrors).toEqual([]);
    expect(painted.browserRequests).toEqual([]);
  });

  it('paints the region chosen on the device (its cookie) without the catalogue, which the browser asks for', async () => {
    // The loader does not see the region cookie (entry-server.tsx passes it to the page only): the
    // page shows its spinner, on the server and in the browser alike, then the browser asks.
    painted = await paintPage({
      module: webshop,
      routePath: paths.public.webshop.path,
      path: paths.public.webshop.getHref(),
      region: 'no',
      api: catalogue,
      device: () => writeStorage(STORAGE_KEYS.region, 'no'),
    });
    expect(painted.loaderRequests).toEqual(['/api/webshop/products?region=dk']);
    expect(painted.hydrationErrors).toEqual([]);
    // (Twice in a test: StrictMode mounts twice, and the first request is cancelled.)
    expect(new Set(painted.browserRequests)).toEqual(new Set(['/api/webshop/products?region=no']));
  });
});
