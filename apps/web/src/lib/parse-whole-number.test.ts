import { describe, expect, it } from 'vitest';
import { parseWholeNumber } from './parse-whole-number.ts';

describe('parseWholeNumber', () => {
  it('reads whole kroner as people type them, thousands separators included', () => {
    expect(parseWholeNumber('')).toBeNull();
    expect(parseWholeNumber('  ')).toBeNull();
    expect(parseWholeNumber('15000')).toBe(15000);
    expect(parseWholeNumber('15 000')).toBe(15000);
    expect(parseWholeNumber('15.000')).toBe(15000);
    expect(parseWholeNumber('1.250.000')).toBe(1250000);
    // Øre are not whole kroner: left as a fraction for the schema to refuse.
    expect(parseWholeNumber('12,50')).toBe(12.5);
    expect(Number.isNaN(parseWholeNumber('abc'))).toBe(true);
  });
});
