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

  it('names a bike without brand or model neutrally', () => {
    render(<PublicBikeView bike={{ ...bike, brand: null, model: null }} />);
    expect(screen.getByRole('heading', { name: text('bike.unnamed') })).toBeTruthy();
  });
});
