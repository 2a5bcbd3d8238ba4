import type { InsuredItem, Policy } from '@nbr/domain/insurance';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { queryClient } from '../../../lib/query-client.ts';
import { initTestI18n } from '../../../test/i18n.ts';
import { policyQueryKey } from '../api/policies-get-policy.ts';
import { Component as HubPage } from './hub-page.tsx';

/*
 * The holder's hub: each bike with its check's status, what it still needs, the staff's reason when
 * sent back, and the way to prove possession or to see what was sent; the product's terms.
 */

beforeAll(() => initTestI18n('en', ['common', 'insurance-hub']));

afterEach(() => {
  cleanup();
  queryClient.clear();
});

const INSURER = '019ac15e-0000-7000-8000-000400000001';
const POLICY = '019ac15e-0000-7000-8000-000400000002';

function item(id: number, values: Partial<InsuredItem>): InsuredItem {
  return {
    id: `019ac15e-0000-7000-8000-00040000010${id}`,
    bike_id: `019ac15e-0000-7000-8000-00040000020${id}`,
    bike: {
      nickname: `Bike ${id}`,
      brand: 'Kildemoes',
      model: null,
      frame_number: 'WDA12345Z',
      category: 'city',
      is_electric: false,
      price: 8000,
    },
    verification_status: 'needs_uploads',
    missing_uploads: [],
    missing_details: [],
    rejection_reason: null,
    created_at: '2026-11-01T10:00:00.000Z',
    updated_at: '2026-11-01T10:00:00.000Z',
    ...values,
  };
}

function show(items: InsuredItem[]) {
  const policy: Policy = {
    id: POLICY,
    insurer: { party_id: INSURER, name: 'Test Forsikring A/S' },
    holder: null,
    insurer_policy_number: null,
    coverage: 'bike_theft',
    product_id: '019ac15e-0000-7000-8000-000400000003',
    product: {
      names: { da: 'Cykelforsikring', en: 'Bike insurance', no: 'Sykkelforsikring' },
      terms: { da: 'Vilkår', en: 'Covers theft when locked with an approved lock.', no: 'Vilkår' },
    },
    number_of_bikes: items.length,
    status: 'application',
    annual_premium: { amount_minor: 100_000, currency: 'DKK' },
    insured_items: items,
    created_at: '2026-11-01T10:00:00.000Z',
    updated_at: '2026-11-01T10:00:00.000Z',
    activated_at: null,
    ended_at: null,
  };
  queryClient.setQueryData(policyQueryKey(POLICY), policy);
  const path = `/insurance/${INSURER}/policy/${POLICY}/hub`;
  const router = createMemoryRouter(
    [{ path: '/insurance/:insurerPartyId/policy/:policyId/hub', element: <HubPage /> }],
    {
      initialEntries: [path],
    },
  );
  return render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('/insurance/{insurer}/policy/{policy}/hub', () => {
  it('lists what a bike still needs and leads to the intro of the proof', () => {
    show([item(1, { missing_uploads: ['frame_number', 'receipt'], missing_details: ['type'] })]);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Your insurance at Test Forsikring A/S',
    );
    const bike = screen.getByRole('heading', { name: 'Bike 1 (Kildemoes)' }).closest('li')!;
    expect(within(bike).getByText('Needs your proof')).toBeTruthy();
    const missing = within(bike)
      .getAllByRole('listitem')
      .map((entry) => entry.textContent);
    expect(missing).toEqual(['Picture of the frame number', 'Receipt', "The bike's frame type"]);
    expect(
      within(bike).getByRole('link', { name: 'Prove that you have Bike 1 (Kildemoes)' }).getAttribute('href'),
    ).toMatch(/\/bikes\/019ac15e-0000-7000-8000-000400000201\/verify-bike-possession\/intro$/);
    expect(screen.getByText('Covers theft when locked with an approved lock.')).toBeTruthy();
  });

  it('shows the staff’s reason for a bike sent back, and only what was sent for a verified one', () => {
    show([
      item(1, { verification_status: 'rejected', rejection_reason: 'The receipt cannot be read.' }),
      item(2, { verification_status: 'verified' }),
    ]);
    const rejected = screen.getByRole('heading', { name: 'Bike 1 (Kildemoes)' }).closest('li')!;
    expect(within(rejected).getByText('Reason: The receipt cannot be read.')).toBeTruthy();
    expect(
      within(rejected)
        .getByRole('link', { name: 'Prove that you have Bike 1 (Kildemoes)' })
        .getAttribute('href'),
    ).toMatch(/\/verify-bike-possession$/);
    const verified = screen.getByRole('heading', { name: 'Bike 2 (Kildemoes)' }).closest('li')!;
    expect(within(verified).getByText('Approved')).toBeTruthy();
    expect(within(verified).queryByText('Still needed:')).toBeNull();
    expect(
      within(verified).getByRole('link', { name: 'See what you sent for Bike 2 (Kildemoes)' }),
    ).toBeTruthy();
  });
});
