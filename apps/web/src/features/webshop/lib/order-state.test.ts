import type { Order } from '@nbr/domain/webshop';
import { describe, expect, it } from 'vitest';
import { boughtRegistration, isSettled, orderLabel, registeredBikeIds, returnView } from './order-state.ts';

const line = (
  kind: Order['lines'][number]['kind'],
  bikeId: string | null = null,
): Order['lines'][number] => ({
  product_id: '019ac15e-0000-7000-8000-000100000004',
  kind,
  description: kind,
  quantity: 1,
  unit_price_minor: 10000,
  vat_rate_percent: 25,
  total_minor: 10000,
  vat_minor: 2000,
  bike_id: bikeId,
});

describe('the return page', () => {
  it('keeps waiting while the provider has not decided (pending, and failed, which may still be paid)', () => {
    expect(returnView('pending')).toBe('waiting');
    expect(returnView('failed')).toBe('waiting');
    expect(isSettled('pending')).toBe(false);
    expect(isSettled('failed')).toBe(false);
  });

  it('says paid only for orders the API reports paid or fulfilled', () => {
    expect(returnView('paid')).toBe('confirmed');
    expect(returnView('fulfilled')).toBe('confirmed');
    expect(returnView('cancelled')).toBe('not-paid');
    expect(returnView('refunded')).toBe('refunded');
    expect(isSettled('fulfilled')).toBe(true);
  });

  it('leads on to registering a bike when a registration or a plan was bought', () => {
    expect(boughtRegistration({ lines: [line('plates')] })).toBe(false);
    expect(boughtRegistration({ lines: [line('subscription')] })).toBe(true);
    expect(registeredBikeIds({ lines: [line('registration', 'b1'), line('registration')] })).toEqual(['b1']);
  });
});

describe('the order list', () => {
  it('shows the shipping state of paid goods and the payment state otherwise', () => {
    expect(orderLabel({ status: 'fulfilled', shipment_status: 'none' })).toBe('paid');
    expect(orderLabel({ status: 'fulfilled', shipment_status: 'waiting' })).toBe('waiting');
    expect(orderLabel({ status: 'fulfilled', shipment_status: 'shipped' })).toBe('shipped');
    expect(orderLabel({ status: 'refunded', shipment_status: 'shipped' })).toBe('refunded');
    expect(orderLabel({ status: 'pending', shipment_status: 'none' })).toBe('pending');
  });
});
