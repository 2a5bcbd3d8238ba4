import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PublicBikeFacts } from './public-bike-facts.tsx';
import { PublicBikeView } from './public-bike-view.tsx';

type Tree = { [key: string]: string | Tree };
const locales = import.meta.glob<Tree>('../../locales/da/{search,common}.json', {
  eager: true,
  import: 'default',
});
const search = locales['../../locales/da/search.json']!;
const common = locales['../../locales/da/common.json']!;
const text = (key: string, values?: Record<string, string>) =>
  i18next.t(key.includes(':') ? key : `search:${key}`, values);

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: 'da',
    resources: { da: { search, common } },
    defaultNS: 'search',
    interpolation: { escapeValue: false },
  });
});

afterEach(cleanup);

const bike: PublicBikeFacts = {
  status: 'registered',
  brand: 'Kildemoes',
  model: 'City Star',
  color: 'green',
  category: 'city',
  is_electric: false,
  picture_url: null,
  thumbnail_url: null,
};

describe('PublicBikeView', () => {
  it('shows the public details in words, and a placeholder without a picture', () => {
    render(<PublicBikeView bike={bike} />);
    expect(screen.getByRole('heading', { name: 'Kildemoes City Star' })).toBeTruthy();
    expect(screen.getByText(text('common:bike.colors.green'))).toBeTruthy();
    expect(screen.getByText(text('common:bike.categories.city'))).toBeTruthy();
    expect(screen.getByText(text('common:bike.status.registered'))).toBeTruthy();
    expect(screen.getByText(text('bike.noPicture'))).toBeTruthy();
    expect(screen.queryByText(text('public.stolenTitle'))).toBeNull();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('puts the stolen banner with its way to contact the owner above a stolen bike', () => {
    render(
      <PublicBikeView
        bike={{ ...bike, status: 'stolen', picture_url: '/files/signed/picture.webp' }}
        stolenActions={<a href="/app/bikes/b1/contact-bike-owner">Kontakt</a>}
      />,
    );
    const banner = screen.getByText(text('public.stolenTitle')).closest('div')?.parentElement;
    expect(banner?.textContent).toContain(text('public.stolenText'));
    expect(banner?.querySelector('a')?.getAttribute('href')).toBe('/app/bikes/b1/contact-bike-owner');
    expect(screen.getByText(text('common:bike.status.stolen'))).toBeTruthy();
    expect(screen.getByRole('img').getAttribute('alt')).toBe(
      text('bike.pictureAlt', { name: 'Kildemoes City Star' }),
    );
  });

  it('names a bike without brand or model by its kind, as every public page does', () => {
    render(<PublicBikeView bike={{ ...bike, brand: null, model: null }} />);
    expect(screen.getByRole('heading', { name: 'Bycykel uden mærke' })).toBeTruthy();
  });

  it('describes a stolen bike as its theft report does: colour, kind and electric', () => {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
    client.setQueryData(['stolen-map', 'bike', 'b1'], {
      bike_id: 'b1',
      brand: null,
      model: null,
      color: 'red',
      category: 'cargo',
      is_electric: true,
      stolen_on: '2026-11-20',
      thumbnail_url: null,
      region: 'dk',
      location: null,
    });
    render(
      <QueryClientProvider client={client}>
        <PublicBikeView bike={{ ...bike, bike_id: 'b1', brand: null, model: null, status: 'stolen' }} />
      </QueryClientProvider>,
    );
    expect(screen.getByRole('heading', { name: 'Ladcykel uden mærke' })).toBeTruthy();
    expect(screen.getByText(text('common:bike.colors.red'))).toBeTruthy();
    expect(screen.getByText(text('common:bike.categories.cargo'))).toBeTruthy();
    expect(screen.getByText(text('bike.yes'))).toBeTruthy();
    expect(screen.queryByText(text('common:bike.colors.green'))).toBeNull();
  });
});
