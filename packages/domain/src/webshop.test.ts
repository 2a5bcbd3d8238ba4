import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canOrderMove,
  canShipmentMove,
  discountedGross,
  formatVoucherCode,
  isAwaitingPayment,
  normaliseVoucherCode,
  ORDER_STATUSES,
  priceOrder,
  proratedCreditPrice,
  splitGross,
  VoucherBatchCreateSchema,
  vatOfGross,
  wasPaid,
} from './webshop.ts';

describe('vatOfGross', () => {
  it('splits 25 % VAT out of a gross price: 100 kr holds 20 kr VAT', () => {
    expect(vatOfGross(10_000, 25)).toBe(2_000);
    expect(splitGross(10_000, 25)).toEqual({ gross_minor: 10_000, vat_minor: 2_000, net_minor: 8_000 });
  });

  it('rounds half up to whole øre', () => {
    // 1 øre × 25/125 = 0.2 → 0; 3 øre → 0.6 → 1; 5 øre → 1 exactly.
    expect(vatOfGross(1, 25)).toBe(0);
    expect(vatOfGross(3, 25)).toBe(1);
    expect(vatOfGross(5, 25)).toBe(1);
    // An exact half rounds up (1 øre at 100 % holds 0.5 øre of VAT); no VAT at 0 %.
    expect(vatOfGross(1, 100)).toBe(1);
    expect(vatOfGross(999, 0)).toBe(0);
  });

  it('refuses fractions and negative amounts', () => {
    expect(() => vatOfGross(-1, 25)).toThrow(RangeError);
    expect(() => vatOfGross(1.5, 25)).toThrow(RangeError);
    expect(() => vatOfGross(100, 2.5)).toThrow(RangeError);
  });

  it('net plus VAT is always the gross, and the VAT is the nearest whole øre of the exact share', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.integer({ min: 0, max: 100 }),
        (gross, rate) => {
          const parts = splitGross(gross, rate);
          expect(parts.net_minor + parts.vat_minor).toBe(gross);
          expect(parts.vat_minor).toBeGreaterThanOrEqual(0);
          expect(parts.vat_minor).toBeLessThanOrEqual(gross);
          const exact = (gross * rate) / (100 + rate);
          expect(Math.abs(parts.vat_minor - exact)).toBeLessThanOrEqual(0.5);
        },
      ),
    );
  });
});

describe('discountedGross', () => {
  it('takes the percentage off and rounds to whole kroner down, in the buyer’s favour', () => {
    expect(discountedGross(10_000, 10)).toBe(9_000);
    expect(discountedGross(14_900, 15)).toBe(12_600); // 126.65 kr → 126 kr
    expect(discountedGross(10_000, 100)).toBe(0);
    expect(discountedGross(10_000, 0)).toBe(10_000);
  });

  it('never raises the price and always lands on whole kroner', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 0, max: 100 }),
        (kroner, percent) => {
          const gross = kroner * 100;
          const result = discountedGross(gross, percent);
          expect(result).toBeLessThanOrEqual(gross);
          expect(result).toBeGreaterThanOrEqual(0);
          expect(result % 100).toBe(0);
        },
      ),
    );
  });

  it('refuses a discount outside 0..100', () => {
    expect(() => discountedGross(100, 101)).toThrow(RangeError);
    expect(() => discountedGross(100, -1)).toThrow(RangeError);
  });
});

describe('priceOrder', () => {
  it('adds lines and splits each line’s VAT', () => {
    const totals = priceOrder([
      { unitPriceMinor: 10_000, quantity: 2, vatRatePercent: 25 },
      { unitPriceMinor: 4_900, quantity: 1, vatRatePercent: 25 },
    ]);
    expect(totals.subtotalMinor).toBe(24_900);
    expect(totals.discountMinor).toBe(0);
    expect(totals.totalMinor).toBe(24_900);
    expect(totals.vatMinor).toBe(4_000 + 980);
  });

  it('applies a discount per line', () => {
    const totals = priceOrder([{ unitPriceMinor: 10_000, quantity: 1, vatRatePercent: 25 }], 50);
    expect(totals.totalMinor).toBe(5_000);
    expect(totals.discountMinor).toBe(5_000);
    expect(totals.vatMinor).toBe(1_000);
  });

  it('refuses a quantity below one', () => {
    expect(() => priceOrder([{ unitPriceMinor: 100, quantity: 0, vatRatePercent: 25 }])).toThrow(RangeError);
  });

  it('totals are always the sums of their lines, and the discount is what came off', () => {
    const line = fc.record({
      unitPriceMinor: fc.integer({ min: 0, max: 1_000_000 }).map((kroner) => kroner * 100),
      quantity: fc.integer({ min: 1, max: 100 }),
      vatRatePercent: fc.constantFrom(0, 12, 15, 25),
    });
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 10 }),
        fc.integer({ min: 0, max: 100 }),
        (lines, discount) => {
          const totals = priceOrder(lines, discount);
          expect(totals.totalMinor).toBe(totals.lines.reduce((sum, l) => sum + l.totalMinor, 0));
          expect(totals.vatMinor).toBe(totals.lines.reduce((sum, l) => sum + l.vatMinor, 0));
          expect(totals.subtotalMinor - totals.discountMinor).toBe(totals.totalMinor);
          expect(totals.discountMinor).toBeGreaterThanOrEqual(0);
          expect(totals.vatMinor).toBeLessThanOrEqual(totals.totalMinor);
        },
      ),
    );
  });
});

describe('order states', () => {
  it('goes pending → paid → fulfilled → refunded', () => {
    expect(canOrderMove('pending', 'paid')).toBe(true);
    expect(canOrderMove('paid', 'fulfilled')).toBe(true);
    expect(canOrderMove('fulfilled', 'refunded')).toBe(true);
  });

  it('lets a failed payment still be paid (the provider may authorize it later)', () => {
    expect(canOrderMove('pending', 'failed')).toBe(true);
    expect(canOrderMove('failed', 'paid')).toBe(true);
  });

  it('never pays twice, never un-pays, and ends for good once cancelled or refunded', () => {
    expect(canOrderMove('paid', 'paid')).toBe(false);
    expect(canOrderMove('fulfilled', 'paid')).toBe(false);
    expect(canOrderMove('paid', 'pending')).toBe(false);
    expect(canOrderMove('fulfilled', 'failed')).toBe(false);
    for (const to of ORDER_STATUSES) {
      expect(canOrderMove('cancelled', to)).toBe(false);
      expect(canOrderMove('refunded', to)).toBe(false);
    }
  });

  it('knows which orders still wait for payment and which were paid', () => {
    expect(ORDER_STATUSES.filter(isAwaitingPayment)).toEqual(['pending', 'failed']);
    expect(ORDER_STATUSES.filter(wasPaid)).toEqual(['paid', 'fulfilled', 'refunded']);
    // No state is both.
    for (const status of ORDER_STATUSES) expect(isAwaitingPayment(status) && wasPaid(status)).toBe(false);
  });

  it('packs and ships plates only after fulfilment, one step at a time', () => {
    expect(canShipmentMove('fulfilled', 'waiting', 'packed')).toBe(true);
    expect(canShipmentMove('fulfilled', 'packed', 'shipped')).toBe(true);
    expect(canShipmentMove('fulfilled', 'waiting', 'shipped')).toBe(false);
    expect(canShipmentMove('pending', 'waiting', 'packed')).toBe(false);
    expect(canShipmentMove('fulfilled', 'none', 'packed')).toBe(false);
  });
});

describe('voucher codes', () => {
  it('ignores case, spaces and dashes', () => {
    expect(normaliseVoucherCode(' abcd-efgh jkmn ')).toBe('ABCDEFGHJKMN');
    expect(formatVoucherCode('abcdefghjkmn')).toBe('ABCD-EFGH-JKMN');
  });

  it('formatting and normalising agree', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Z2-9]{1,16}$/), (code) => {
        expect(normaliseVoucherCode(formatVoucherCode(code))).toBe(code);
      }),
    );
  });

  it('a batch grants either a product or a discount, not both and not neither', () => {
    const base = { note: 'Spring', count: 5, expires_at: '2027-01-01T00:00:00Z' };
    const product = '0190f0a0-0000-7000-8000-000000000001';
    expect(VoucherBatchCreateSchema.safeParse({ ...base, product_id: product }).success).toBe(true);
    expect(VoucherBatchCreateSchema.safeParse({ ...base, discount_percent: 20 }).success).toBe(true);
    expect(VoucherBatchCreateSchema.safeParse(base).success).toBe(false);
    expect(
      VoucherBatchCreateSchema.safeParse({ ...base, product_id: product, discount_percent: 20 }).success,
    ).toBe(false);
  });
});

describe('proratedCreditPrice', () => {
  const plan = { priceMinor: 29_900, credits: 4, periodMonths: 12 };
  const now = new Date('2026-01-01T00:00:00Z');

  it('charges the plan’s price per credit for what is left of the period, in whole kroner', () => {
    const yearLeft = new Date(now.getTime() + 365.25 * 24 * 60 * 60 * 1000);
    expect(proratedCreditPrice(plan, yearLeft, now)).toBe(7_400);
    const halfLeft = new Date(now.getTime() + (365.25 / 2) * 24 * 60 * 60 * 1000);
    expect(proratedCreditPrice(plan, halfLeft, now)).toBe(3_700);
  });

  it('costs nothing once the period is over, and at least 1 kr while time is left', () => {
    expect(proratedCreditPrice(plan, now, now)).toBe(0);
    expect(proratedCreditPrice(plan, new Date(now.getTime() + 60_000), now)).toBe(100);
  });

  it('never charges more than a whole period, and always whole kroner', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 800 }), fc.integer({ min: 1, max: 10 }), (days, credits) => {
        const end = new Date(now.getTime() + days * 24 * 60 * 60 * 1000);
        const price = proratedCreditPrice({ ...plan, credits }, end, now);
        expect(price % 100).toBe(0);
        expect(price).toBeLessThanOrEqual(Math.max(Math.floor(plan.priceMinor / credits / 100) * 100, 100));
      }),
    );
  });
});
