import { type Product, priceOrder } from '@nbr/domain/webshop';
import { describe, expect, it } from 'vitest';
import {
  addItem,
  canPlaceOrder,
  isBasketProduct,
  MAX_QUANTITY,
  needsImmediateStartConsent,
  needsShipping,
  priceBasket,
  setQuantity,
  vatOfLines,
} from './basket.ts';

function product(overrides: Partial<Product> & Pick<Product, 'id' | 'kind'>): Product {
  return {
    handle: overrides.id,
    region: 'dk',
    name: overrides.id,
    description: '',
    plan: null,
    credits: 0,
    period_months: null,
    renews: false,
    physical: false,
    delivery_business_days: null,
    vat_rate_percent: 25,
    price: { amount_minor: 10000, amount: 100, vat_minor: 2000, currency: 'DKK' },
    ...overrides,
  };
}

const registration = product({ id: 'registration', kind: 'registration', credits: 1 });
const plates = product({
  id: 'plates',
  kind: 'plates',
  physical: true,
  delivery_business_days: { min: 7, max: 10 },
  price: { amount_minor: 4900, amount: 49, vat_minor: 980, currency: 'DKK' },
});
const single = product({ id: 'single', kind: 'subscription', plan: 'SINGLE', credits: 1, period_months: 12 });
const dna = product({ id: 'dna', kind: 'bikedna', physical: true });

describe('the basket', () => {
  it('adds a product once and counts further adds as quantity, up to the maximum', () => {
    let items = addItem([], 'plates');
    items = addItem(items, 'plates');
    expect(items).toEqual([{ product_id: 'plates', quantity: 2 }]);
    items = addItem(items, 'plates', 50);
    expect(items).toEqual([{ product_id: 'plates', quantity: MAX_QUANTITY }]);
  });

  it('removes a line whose quantity goes to zero and keeps quantities whole', () => {
    const items = addItem(addItem([], 'plates'), 'registration');
    expect(setQuantity(items, 'plates', 0)).toEqual([{ product_id: 'registration', quantity: 1 }]);
    expect(setQuantity(items, 'plates', 2.7)).toContainEqual({ product_id: 'plates', quantity: 2 });
  });

  it('takes one-time goods only: plans have their own checkout, BikeDNA is bought for a bike', () => {
    expect([registration, plates, single, dna].filter(isBasketProduct).map((p) => p.id)).toEqual([
      'registration',
      'plates',
    ]);
  });
});

describe('pricing the basket from the catalogue', () => {
  it('sums whole-krone prices incl. VAT and the VAT in them', () => {
    const priced = priceBasket(
      [
        { product_id: 'plates', quantity: 2 },
        { product_id: 'registration', quantity: 1 },
      ],
      [registration, plates],
    );
    expect(priced.totalMinor).toBe(2 * 4900 + 10000);
    expect(priced.vatMinor).toBe(2 * 980 + 2000);
    expect(priced.currency).toBe('DKK');
    expect(priced.dropped).toBe(0);
  });

  it('leaves out products that are not in the catalogue (no longer sold, another region)', () => {
    const priced = priceBasket([{ product_id: 'gone', quantity: 1 }], [registration]);
    expect(priced.lines).toEqual([]);
    expect(priced.dropped).toBe(1);
    expect(priced.currency).toBeNull();
  });
});

describe('what the checkout asks for', () => {
  const line = (p: Product) => ({ product: p, quantity: 1, totalMinor: p.price.amount_minor });

  it('asks for a shipping address only for physical goods', () => {
    expect(needsShipping([line(registration)])).toBe(false);
    expect(needsShipping([line(registration), line(plates)])).toBe(true);
  });

  it('asks for the consent that ends the right of withdrawal only when a registration is used at once', () => {
    expect(needsImmediateStartConsent([line(plates)])).toBe(false);
    expect(needsImmediateStartConsent([line(plates), line(registration)])).toBe(true);
    expect(needsImmediateStartConsent([line(single)])).toBe(true);
  });

  it('refuses the order of a registration until the box is ticked; goods alone need no tick', () => {
    expect(canPlaceOrder([line(registration)], false)).toBe(false);
    expect(canPlaceOrder([line(registration)], true)).toBe(true);
    expect(canPlaceOrder([line(plates)], false)).toBe(true);
    expect(canPlaceOrder([], true)).toBe(false);
  });
});

describe('vatOfLines', () => {
  it('is the VAT the API charges and the receipt prints (the domain’s priceOrder), not a rounded sum', () => {
    const odd = product({
      id: 'odd',
      kind: 'plates',
      price: { amount_minor: 14_900, amount: 149, vat_minor: 2_980, currency: 'DKK' },
    });
    const lines = [
      { product: odd, quantity: 3 },
      { product: plates, quantity: 1 },
    ];
    const api = priceOrder([
      { unitPriceMinor: 14_900, quantity: 3, vatRatePercent: 25 },
      { unitPriceMinor: 4_900, quantity: 1, vatRatePercent: 25 },
    ]);
    expect(vatOfLines(lines)).toBe(api.vatMinor);
    expect(vatOfLines(lines)).toBe(9_920);
  });
});
