import type { Product } from '@nbr/domain/webshop';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/query-client.ts';
import { initTestI18n } from '../../../test/i18n.ts';
import type { PricingTable } from '../api/get-pricing-table.ts';
import { AddSubscriptionBikes } from './add-subscription-bikes.tsx';

/*
 * Issue 30 §3: adding bikes to a running subscription (POST /webshop/subscriptions/bikes) has a
 * screen. The price per bike is the plan's for what is left of the period, as the API charges it;
 * a card payment goes to the provider's window, an organisation's bikes are there at once.
 */

beforeAll(() => initTestI18n('en', ['common', 'webshop']));

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.restoreAllMocks();
  window.location.hash = '';
});

const NOW = new Date('2026-12-07T10:00:00.000Z');
const FAMILY: Product = {
  id: '019ac15e-0000-7000-8000-000500000001',
  handle: 'dk-family',
  region: 'dk',
  kind: 'subscription',
  name: 'Family',
  description: 'Four bikes',
  plan: 'FAMILY',
  credits: 4,
  period_months: 12,
  renews: true,
  physical: false,
  delivery_business_days: null,
  vat_rate_percent: 25,
  price: { amount: 299, amount_minor: 29_900, vat_minor: 5_980, currency: 'DKK' },
};
const TABLE: PricingTable = {
  region: 'dk',
  currency: 'DKK',
  plans: [FAMILY],
  current_plan: 'FAMILY',
  subscription_active: true,
  // Half a year left of a 12-month period: 299 kr / 4 bikes / 2 = 37 kr a bike (whole kroner, down).
  current_period_end: new Date(NOW.getTime() + 6 * 30.4375 * 24 * 60 * 60 * 1000).toISOString(),
  cancel_at_period_end: false,
  renews: true,
};

function show(table: Partial<PricingTable> = {}) {
  return render(
    <QueryClientProvider client={queryClient}>
      <AddSubscriptionBikes table={{ ...TABLE, ...table }} now={NOW} />
    </QueryClientProvider>,
  );
}

function answer(body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status: 201,
    headers: { 'content-type': 'application/json' },
  });
}

describe('adding bikes to a running subscription', () => {
  it('prices a bike for the rest of the period and pays for two in the card window', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      answer({
        order_id: '019ac15e-0000-7000-8000-000500000009',
        payment_url: '#card-window',
        credits_added: 0,
      }),
    );
    show();
    expect(screen.getByText(/DKK\s?37 incl\. VAT per bike for the rest of the period/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Number of bikes/ }));
    fireEvent.click(await screen.findByRole('option', { name: '2' }));
    expect(screen.getByText(/Total: DKK\s?74$/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add 2 bikes' }));
    await vi.waitFor(() => expect(window.location.hash).toBe('#card-window'));
    const [url, init] = fetchSpy.mock.calls[0] ?? [];
    expect(url).toBe('/api/webshop/subscriptions/bikes');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ quantity: 2 });
    expect(new Headers(init?.headers).get('Idempotency-Key')).toBeTruthy();
    // The list box of react-aria is slow to open in jsdom on a busy machine.
  }, 20_000);

  it('adds an organisation’s bikes at once, billed to its stored card', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      answer({ order_id: null, payment_url: null, credits_added: 1 }),
    );
    show({ current_plan: 'ORGANISATION', plans: [] });
    expect(screen.getByText(/billed to the card your subscription uses/)).toBeTruthy();
    expect(screen.queryByText(/Total:/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Add 1 bike' }));
    expect(await screen.findByText('1 bike has been added to your subscription.')).toBeTruthy();
  });

  it('is not offered for a one-time registration, a cancelled or an ended subscription', () => {
    for (const table of [
      { renews: false },
      { cancel_at_period_end: true },
      { subscription_active: false },
      { current_plan: null },
    ]) {
      const { unmount } = show(table);
      expect(screen.queryByTestId('add-subscription-bikes')).toBeNull();
      unmount();
    }
  });
});
