import type { Order } from '@nbr/domain/webshop';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../lib/session-store.ts';
import { initTestI18n } from '../../../test/i18n.ts';
import { OrderCard } from './order-card.tsx';

/*
 * An order in the list: the carrier's tracking number once shipped, and the receipt PDF fetched with
 * the person's bearer token (the receipt route wants it) and shown in a new tab.
 */

beforeAll(() => initTestI18n('en', ['common', 'webshop']));

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const ORDER_ID = '019ac15e-0000-7000-8000-000400000001';
const PLATES: Order = {
  id: ORDER_ID,
  status: 'fulfilled',
  shipment_status: 'shipped',
  region: 'dk',
  currency: 'DKK',
  subtotal_minor: 9_900,
  discount_minor: 0,
  total_minor: 9_900,
  vat_minor: 1_980,
  payment_method: 'reepay',
  receipt_number: 'DK-000042',
  receipt_url: `/api/webshop/orders/${ORDER_ID}/receipt`,
  tracking_number: '00370712345678901234',
  waiting_plate_id: null,
  lines: [
    {
      product_id: '019ac15e-0000-7000-8000-000400000002',
      kind: 'plates',
      description: 'Plates',
      quantity: 1,
      unit_price_minor: 9_900,
      vat_rate_percent: 25,
      total_minor: 9_900,
      vat_minor: 1_980,
      bike_id: null,
    },
  ],
  shipping_address: null,
  delivery_business_days: { min: 7, max: 10 },
  created_at: '2026-11-20T10:00:00.000Z',
  paid_at: '2026-11-20T10:01:00.000Z',
  fulfilled_at: '2026-11-20T10:01:00.000Z',
};

describe('OrderCard', () => {
  it('shows the tracking number of shipped plates', () => {
    render(<OrderCard order={PLATES} />);
    expect(screen.getByTestId('tracking-number').textContent).toBe('Tracking number: 00370712345678901234');
  });

  it('shows no tracking number or receipt before the order is paid and shipped', () => {
    render(
      <OrderCard
        order={{
          ...PLATES,
          status: 'pending',
          shipment_status: 'waiting',
          receipt_number: null,
          receipt_url: null,
          waiting_plate_id: null,
          tracking_number: null,
          paid_at: null,
          fulfilled_at: null,
        }}
      />,
    );
    expect(screen.queryByTestId('tracking-number')).toBeNull();
    expect(screen.queryByRole('button', { name: /Receipt \(PDF\)/ })).toBeNull();
  });

  it('fetches the receipt with the bearer token and shows it in a new tab', async () => {
    vi.spyOn(sessionStore, 'getToken').mockReturnValue('token-of-the-buyer');
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(
        new Response('%PDF-1.7', { status: 200, headers: { 'content-type': 'application/pdf' } }),
      );
    const tab = { location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:receipt', revokeObjectURL: vi.fn() }),
    );
    render(<OrderCard order={PLATES} />);
    fireEvent.click(screen.getByRole('button', { name: /Receipt \(PDF\)/ }));
    await waitFor(() => expect(tab.location.href).toBe('blob:receipt'));
    const [url, init] = fetchSpy.mock.calls[0] ?? [];
    expect(url).toBe(`/api/webshop/orders/${ORDER_ID}/receipt`);
    expect(init?.headers).toMatchObject({ Authorization: 'Bearer token-of-the-buyer' });
  });

  it('closes the tab and says why when the receipt cannot be fetched', async () => {
    vi.spyOn(sessionStore, 'getToken').mockReturnValue('token-of-the-buyer');
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ code: 'not_found', detail: 'not_found' }), { status: 404 }),
    );
    const tab = { location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    render(<OrderCard order={PLATES} />);
    fireEvent.click(screen.getByRole('button', { name: /Receipt \(PDF\)/ }));
    await waitFor(() => expect(tab.close).toHaveBeenCalled());
    expect(tab.location.href).toBe('');
    expect(await screen.findByRole('alert')).toBeTruthy();
  });
});
