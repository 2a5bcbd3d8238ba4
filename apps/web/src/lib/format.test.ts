import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMoney, formatMoneyExact } from './format.ts';

const plain = (text: string) => text.replace(/\s/g, ' ');

describe('formatMoney', () => {
  it('shows whole kroner in the currency of the region', () => {
    expect(plain(formatMoney(10_000, 'DKK', 'da'))).toBe('100 kr.');
    expect(plain(formatMoney(1_500_000, 'NOK', 'no'))).toMatch(/^kr 15 000$|^15 000 kr$/);
    expect(plain(formatMoney(9_950, 'DKK', 'en'))).toBe('DKK 100');
  });
});

describe('formatMoneyExact', () => {
  it('shows a VAT amount to the øre, as the receipt does, and whole kroner without decimals', () => {
    expect(plain(formatMoneyExact(2_980, 'DKK', 'da'))).toBe('29,80 kr.');
    expect(plain(formatMoneyExact(2_000, 'DKK', 'da'))).toBe('20 kr.');
    expect(plain(formatMoneyExact(3_980, 'NOK', 'no'))).toMatch(/^kr 39,80$|^39,80 kr$/);
  });
});

describe('formatDate', () => {
  it('writes English dates the British way, day before month, like the Danish and Norwegian ones', () => {
    expect(formatDate('2026-12-06T10:00:00.000Z', 'en')).toBe('6 December 2026');
    expect(formatDate('2026-12-06T10:00:00.000Z', 'da')).toBe('6. december 2026');
    expect(formatDate('2026-12-06T10:00:00.000Z', 'no')).toBe('6. desember 2026');
    expect(formatDateTime('2026-12-06T10:00:00.000Z', 'en')).toMatch(/^6 December 2026/);
  });

  it('shows a bare day as that day, wherever the browser is', () => {
    expect(formatDate('1990-01-31', 'en')).toBe('31 January 1990');
  });
});
