import { describe, expect, it } from 'vitest';
import { formatMoney } from './format.ts';

const plain = (text: string) => text.replace(/\s/g, ' ');

describe('formatMoney', () => {
  it('shows whole kroner in the currency of the region', () => {
    expect(plain(formatMoney(10_000, 'DKK', 'da'))).toBe('100 kr.');
    expect(plain(formatMoney(1_500_000, 'NOK', 'no'))).toMatch(/^kr 15 000$|^15 000 kr$/);
    expect(plain(formatMoney(9_950, 'DKK', 'en'))).toBe('DKK 100');
  });
});
