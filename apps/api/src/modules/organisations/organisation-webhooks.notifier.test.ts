import { describe, expect, it } from 'vitest';
import { WEBHOOK_MAX_ATTEMPTS, webhookBackoffSeconds } from './organisation-webhooks.notifier.ts';

describe('the webhook retry schedule', () => {
  it('doubles from 30 s to a cap of 6 h, each wait spread ±20 %', () => {
    const middle = () => 0.5;
    expect([1, 2, 3, 10, 11, 12].map((failures) => webhookBackoffSeconds(failures, middle))).toEqual([
      30, 60, 120, 15_360, 21_600, 21_600,
    ]);
    expect(webhookBackoffSeconds(1, () => 0)).toBe(24);
    expect(webhookBackoffSeconds(1, () => 1)).toBe(36);
    expect(webhookBackoffSeconds(40, () => 1)).toBe(25_920);
  });

  it('gives up after about 20 hours of attempts (docs/checks-api.md)', () => {
    const waits = (random: () => number) =>
      Array.from({ length: WEBHOOK_MAX_ATTEMPTS - 1 }, (_, index) =>
        webhookBackoffSeconds(index + 1, random),
      );
    const total = (random: () => number) => waits(random).reduce((sum, wait) => sum + wait, 0) / 3600;
    expect(total(() => 0.5)).toBeCloseTo(20.5, 1);
    expect(total(() => 0)).toBeGreaterThan(16);
    expect(total(() => 1)).toBeLessThan(25);
  });
});
