import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { queryClient } from '../../../lib/query-client.ts';
import { initTestI18n } from '../../../test/i18n.ts';
import { ordersQueryKey } from '../api/get-orders.ts';
import { type PricingTable, pricingTableQueryKey } from '../api/get-pricing-table.ts';
import { Component as OrdersPage } from './orders-page.tsx';

/*
 * Issue 27 (walk 5): a subscription is cancelled from the orders page too, so someone who gave away
 * her only bike (no bike page left) can still cancel it as easily as she signed up.
 */

beforeAll(() => initTestI18n('en', ['common', 'webshop']));

afterEach(() => {
  cleanup();
  queryClient.clear();
});

function show(table: Partial<PricingTable>) {
  queryClient.setQueryData(ordersQueryKey, []);
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
  const router = createMemoryRouter([{ path: '/app/orders', element: <OrdersPage /> }], {
    initialEntries: ['/app/orders'],
  });
  return render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('/app/orders', () => {
  it('shows the subscription with cancelling and changing the card, no bike needed', () => {
    show({});
    expect(screen.getByRole('heading', { name: 'Your subscription' })).toBeTruthy();
    expect(screen.getByTestId('subscription-state').textContent).toMatch(/renews on/);
    expect(screen.getByRole('button', { name: 'Cancel the subscription' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Change payment card' })).toBeTruthy();
  });

  it('offers resuming a cancelled one, and nothing for a one-time registration or without a plan', () => {
    show({ cancel_at_period_end: true });
    expect(screen.getByRole('button', { name: 'Resume the subscription' })).toBeTruthy();
    cleanup();
    show({ renews: false });
    expect(screen.queryByRole('button', { name: 'Cancel the subscription' })).toBeNull();
    // A one-time registration is not called a subscription (issue 27).
    expect(screen.getByRole('heading', { name: 'Your registration' })).toBeTruthy();
    expect(screen.getByText('Your registration: 1 bike')).toBeTruthy();
    expect(screen.queryByText(/Your (subscription|plan)/)).toBeNull();
    cleanup();
    show({ current_plan: null, subscription_active: false });
    expect(screen.queryByRole('heading', { name: 'Your subscription' })).toBeNull();
  });
});
