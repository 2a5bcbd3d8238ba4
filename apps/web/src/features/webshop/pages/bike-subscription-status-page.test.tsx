import type { Bike } from '@nbr/domain/bikes';
import type { Credit } from '@nbr/domain/credits';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bikeQueryKey } from '../../../lib/api/bikes/get-bike.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { initTestI18n } from '../../../test/i18n.ts';
import { creditsListQueryOptions } from '../api/get-credits.ts';
import { type PricingTable, pricingTableQueryKey } from '../api/get-pricing-table.ts';
import { Component as SubscriptionStatusPage } from './bike-subscription-status-page.tsx';

/*
 * The subscription status of a bike: cancel, resume and change card only for a subscription at the
 * card provider that renews; a one-time registration says what it is and offers nothing to cancel.
 */

beforeAll(() => initTestI18n('en', ['common', 'webshop']));

afterEach(() => {
  cleanup();
  queryClient.clear();
});

const BIKE_ID = '019ac15e-0000-7000-8000-000300000001';

function show(table: Partial<PricingTable>) {
  queryClient.setQueryData(bikeQueryKey(BIKE_ID), { bike_id: BIKE_ID, nickname: 'Racer' } as Bike);
  const credit: Credit = {
    id: '019ac15e-0000-7000-8000-000300000002',
    bike_ownership_id: '019ac15e-0000-7000-8000-000300000003',
    party_id: '019ac15e-0000-7000-8000-000300000004',
    created_on: '2026-11-01T10:00:00.000Z',
    modified_on: '2026-11-01T10:00:00.000Z',
    subscription_id: null,
    bike_id: BIKE_ID,
    bike_nickname: 'Racer',
  };
  queryClient.setQueryData(creditsListQueryOptions.queryKey, [credit]);
  queryClient.setQueryData<PricingTable>(pricingTableQueryKey, {
    region: 'dk',
    currency: 'DKK',
    plans: [],
    current_plan: 'SINGLE',
    subscription_active: true,
    current_period_end: '2027-11-01T10:00:00.000Z',
    cancel_at_period_end: false,
    renews: true,
    ...table,
  });
  const router = createMemoryRouter(
    [{ path: '/app/my-bikes/:bikeId/subscription-status', element: <SubscriptionStatusPage /> }],
    { initialEntries: [`/app/my-bikes/${BIKE_ID}/subscription-status`] },
  );
  return render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('/app/my-bikes/{bikeId}/subscription-status', () => {
  it('offers cancelling and changing the card for a subscription that renews', () => {
    show({ renews: true });
    expect(screen.getByTestId('subscription-state').textContent).toMatch(/renews on/);
    expect(screen.getByRole('button', { name: 'Cancel the subscription' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Change payment card' })).toBeTruthy();
  });

  it('says a one-time registration does not renew, and offers no cancel, resume or card change', () => {
    show({ renews: false });
    const state = screen.getByTestId('subscription-state').textContent ?? '';
    expect(state).toMatch(/one-time registration/);
    expect(state).toMatch(/nothing to cancel/);
    expect(state).not.toMatch(/renews on/);
    expect(screen.queryByRole('button', { name: 'Cancel the subscription' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Resume the subscription' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Change payment card' })).toBeNull();
  });
});
