import { describe, expect, it } from 'vitest';
import { startOfBudgetDay } from './sensitive-reads.ts';

describe('the budget day', () => {
  it('begins at midnight in Denmark and Norway, winter and summer', () => {
    // Winter (UTC+1): 6 December 16:00 UTC is 17:00 local; the day began 5 December 23:00 UTC.
    expect(startOfBudgetDay(new Date('2026-12-06T16:00:00Z')).toISOString()).toBe('2026-12-05T23:00:00.000Z');
    // Just after local midnight it is the new day; just before, the old one.
    expect(startOfBudgetDay(new Date('2026-12-06T23:00:00Z')).toISOString()).toBe('2026-12-06T23:00:00.000Z');
    expect(startOfBudgetDay(new Date('2026-12-06T22:59:59Z')).toISOString()).toBe('2026-12-05T23:00:00.000Z');
    // Summer (UTC+2).
    expect(startOfBudgetDay(new Date('2026-07-01T10:00:00Z')).toISOString()).toBe('2026-06-30T22:00:00.000Z');
    // The day summer time begins (29 March 2026) began at winter time's midnight.
    expect(startOfBudgetDay(new Date('2026-03-29T12:00:00Z')).toISOString()).toBe('2026-03-28T23:00:00.000Z');
  });
});
