import type { Profile } from '@nbr/domain/identity';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { queryClient } from '../../../lib/query-client.ts';
import { ProfileForm } from './profile-form.tsx';

/* Issue 14.3f: a Norwegian address has a bolignummer (H0101), not the Danish floor and side. */

type Tree = { [key: string]: string | Tree };
const locales = import.meta.glob<Tree>('../../../locales/no/*.json', { eager: true, import: 'default' });
const load = (namespace: string) => locales[`../../../locales/no/${namespace}.json`]!;
const settings = load('settings') as { address: Record<string, string> };

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: 'no',
    resources: { no: { common: load('common'), settings: load('settings') } },
    defaultNS: 'common',
    interpolation: { escapeValue: false },
  });
});

afterEach(cleanup);

function profile(region: Profile['region']): Profile {
  return {
    party_id: '0190a0a0-0000-7000-8000-000000000001',
    identity_party_id: '0190a0a0-0000-7000-8000-000000000001',
    email: 'rider@example.no',
    pending_email: null,
    email_verified: true,
    verified_on: null,
    name: null,
    first_name: 'Ola',
    last_name: 'Nordmann',
    street_address: 'Storgata 1',
    floor: null,
    side: null,
    door: null,
    zip_code: '0155',
    city: 'Oslo',
    mobile: null,
    phone: null,
    language: 'no',
    region,
    club_membership_number: null,
  } as Profile;
}

function show(region: Profile['region']) {
  const router = createMemoryRouter([{ path: '/', element: <ProfileForm profile={profile(region)} /> }]);
  return render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('the address of the profile form', () => {
  it('asks a Norwegian account for bolignummer, not floor and side', () => {
    show('no');
    expect(screen.getByRole('textbox', { name: new RegExp(settings.address.unitNumber!) })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: new RegExp(`^${settings.address.floor}`) })).toBeNull();
    expect(screen.queryByRole('textbox', { name: new RegExp(`^${settings.address.side}`) })).toBeNull();
  });

  it('refuses a bolignummer that is not a letter and four digits', async () => {
    show('no');
    const field = screen.getByRole('textbox', { name: new RegExp(settings.address.unitNumber!) });
    fireEvent.change(field, { target: { value: '3. th' } });
    fireEvent.submit(field.closest('form')!);
    expect((await screen.findAllByText(settings.address.unitNumberInvalid!)).length).toBeGreaterThan(0);
  });

  it('keeps floor, side and door for a Danish account', () => {
    show('dk');
    expect(screen.getByRole('textbox', { name: new RegExp(`^${settings.address.floor}`) })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: new RegExp(settings.address.unitNumber!) })).toBeNull();
  });
});

// Issue 27: the field that promises the member price leads to the page that gives it.
describe('the club membership number of the profile form', () => {
  it('links to the NAF page', () => {
    show('no');
    const personal = load('settings') as { personal: Record<string, string> };
    const link = screen.getByRole('link', { name: personal.personal.clubNumberLink });
    expect(link.getAttribute('href')).toBe('/app/bikes/register/purchase-naf');
  });
});
