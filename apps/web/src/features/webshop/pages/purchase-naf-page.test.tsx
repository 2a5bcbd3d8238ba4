import type { ClubMembershipState, ClubOffer } from '@nbr/domain/club';
import type { Profile } from '@nbr/domain/identity';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { profileQueryKey } from '../../../lib/api/identity/get-profile.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { clubMembershipQueryKey } from '../api/get-club-membership.ts';
import { clubOfferQueryKey } from '../api/get-club-offer.ts';
import { pricingTableQueryKey } from '../api/get-pricing-table.ts';
import { Component as PurchaseNafPage } from './purchase-naf-page.tsx';

/*
 * The NAF purchase page in the browser: on the club theme, the membership number checked by the
 * shared schema before anything is sent ('Ugyldig NAF-nummer'), the member price in NOK incl. VAT,
 * and no order without the explicit, unticked consent (payments.md §4.3).
 */

type Tree = { [key: string]: string | Tree };
const locales = import.meta.glob<Tree>('../../../locales/no/*.json', { eager: true, import: 'default' });
const load = (namespace: string) => locales[`../../../locales/no/${namespace}.json`] as Tree;

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: 'no',
    resources: { no: { common: load('common'), club: load('club'), webshop: load('webshop') } },
    defaultNS: 'common',
    interpolation: { escapeValue: false },
  });
});

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.restoreAllMocks();
});

const money = (minor: number) => ({
  amount_minor: minor,
  amount: minor / 100,
  vat_minor: minor / 5,
  currency: 'NOK' as const,
});
const OFFER: ClubOffer = {
  club: 'naf',
  name: 'NAF',
  region: 'no',
  currency: 'NOK',
  payment_method: 'vipps',
  items: [
    {
      role: 'offer',
      product: {
        id: '019ac15e-0000-7000-8000-000200000001',
        handle: 'no-single',
        region: 'no',
        kind: 'subscription',
        name: 'Abonnement: 1 sykkel',
        description: 'Registrering av én sykkel i et år.',
        plan: 'SINGLE',
        credits: 1,
        period_months: 12,
        renews: false,
        physical: false,
        delivery_business_days: null,
        vat_rate_percent: 25,
        price: money(19_900),
      },
      price_before: money(19_900),
      price_after: money(15_900),
      discount_percent: 20,
    },
    {
      role: 'extra_registration',
      product: {
        id: '019ac15e-0000-7000-8000-000200000002',
        handle: 'no-registration',
        region: 'no',
        kind: 'registration',
        name: 'Ekstra registrering',
        description: 'Én sykkel til.',
        plan: null,
        credits: 1,
        period_months: null,
        renews: false,
        physical: false,
        delivery_business_days: null,
        vat_rate_percent: 25,
        price: money(10_000),
      },
      price_before: money(10_000),
      price_after: money(8_000),
      discount_percent: null,
    },
  ],
};

function show(
  memberNumber: string | null,
  membership: ClubMembershipState = memberNumber ? 'confirmed' : 'none',
  active = false,
) {
  queryClient.setQueryData([...clubOfferQueryKey, 'naf'], OFFER);
  queryClient.setQueryData([...clubMembershipQueryKey, 'naf'], {
    club_membership_number: memberNumber,
    membership,
  });
  queryClient.setQueryData(pricingTableQueryKey, {
    region: 'no',
    currency: 'NOK',
    plans: [],
    current_plan: active ? 'SINGLE' : null,
    subscription_active: active,
    current_period_end: null,
    cancel_at_period_end: false,
    renews: false,
  });
  queryClient.setQueryData(profileQueryKey, {
    region: 'no',
    club_membership_number: memberNumber,
  } as Profile);
  const router = createMemoryRouter([{ path: '/', element: <PurchaseNafPage /> }]);
  return render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('/app/bikes/register/purchase-naf', () => {
  it('is on the club theme while it is open', () => {
    const view = show(null);
    expect(document.documentElement.dataset.theme).toBe('club');
    view.unmount();
    expect(document.documentElement.dataset.theme).not.toBe('club');
  });

  it('refuses a membership number of 5 characters with ‘Ugyldig NAF-nummer’ before sending it', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    show(null);
    const field = screen.getByRole('textbox', { name: /NAF-medlemsnummer/ });
    fireEvent.change(field, { target: { value: '12345' } });
    fireEvent.submit(field.closest('form') as HTMLFormElement);
    expect((await screen.findAllByText(/Ugyldig NAF-nummer/)).length).toBeGreaterThan(0);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('shows a member the member price incl. VAT, and orders nothing without the consent', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    show('NAF1234');
    expect(screen.getByText(/Medlemsnummer NAF1234 er lagret/)).toBeTruthy();
    expect(screen.getByText(/Du betaler medlemsprisen 159/)).toBeTruthy();
    const consent = screen.getByRole('checkbox');
    expect((consent as HTMLInputElement).checked).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: /Betal 159.*med Vipps/ }));
    expect(await screen.findByText('Du må godta for å fortsette.')).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('a number NAF’s list does not confirm: told why, the list price, and the VAT of what is paid', () => {
    show('000000', 'not_on_list');
    expect(screen.getByText(/Vi finner ikke medlemsnummer 000000 på NAFs medlemsliste/)).toBeTruthy();
    expect(screen.getByText(/Å betale: 199/)).toBeTruthy();
    // 25 % VAT inside 199 kr is 39,80 kr (not the member price's 31,80 rounded to 32).
    expect(screen.getByText(/Herav 25 % mva\.: 39,80/)).toBeTruthy();
    expect(screen.queryByText(/32/)).toBeNull();
    expect(screen.getByRole('button', { name: /Betal 199.*med Vipps/ })).toBeTruthy();
  });

  it('without a member list from NAF: says the membership cannot be confirmed now', () => {
    show('NAF1234', 'unconfirmable');
    expect(screen.getByText(/Vi kan ikke bekrefte medlemskapet hos NAF akkurat nå/)).toBeTruthy();
    expect(screen.getByText(/Å betale: 199/)).toBeTruthy();
  });

  it('is paid with Vipps, so it speaks of no card fee, and a one-time purchase is no subscription', () => {
    show('NAF1234');
    expect(screen.getByText('Det legges ikke på gebyr for å betale med Vipps.')).toBeTruthy();
    expect(screen.queryByText(/kort/)).toBeNull();
    expect(screen.queryByText(/Abonnement/)).toBeNull();
  });

  it('with a registration running, offers one more registration at the member price', () => {
    show('NAF1234', 'confirmed', true);
    expect(screen.getByTestId('club-offer-extra_registration')).toBeTruthy();
    expect(screen.queryByTestId('club-offer-offer')).toBeNull();
    expect(screen.getByRole('button', { name: /Betal 80.*med Vipps/ })).toBeTruthy();
  });

  it('orders that extra registration through POST /webshop/naf/extra-bike-registration (issue 30 §3)', async () => {
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(
        new Response(
          JSON.stringify({ order_id: '019ac15e-0000-7000-8000-000200000009', payment_url: '#vipps' }),
          { status: 201, headers: { 'content-type': 'application/json' } },
        ),
      );
    show('NAF1234', 'confirmed', true);
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: /Betal 80.*med Vipps/ }));
    await vi.waitFor(() => expect(window.location.hash).toBe('#vipps'));
    const [url, init] = fetchSpy.mock.calls[0] ?? [];
    expect(url).toBe('/api/webshop/naf/extra-bike-registration');
    expect(JSON.parse(String(init?.body))).toEqual({ immediate_start_consent: true });
    window.location.hash = '';
  });
});
