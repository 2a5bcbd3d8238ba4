import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isCreditFree,
  isLegacyAccount,
  LEGACY_CUTOFF,
  subscriptionState,
  VIP_PERIOD_DAYS,
} from './credits.ts';

const NOW = new Date('2026-11-22T12:00:00Z');
const DAY = 24 * 60 * 60 * 1000;

describe('subscriptionState', () => {
  it('is active while the paid period has not ended', () => {
    const end = new Date(NOW.getTime() + DAY);
    expect(subscriptionState({ credits: 1, currentPeriodEnd: end }, NOW)).toEqual({
      active: true,
      effectivePeriodEnd: end,
      vip: false,
    });
  });

  it('is inactive once the paid period has ended, credits or not', () => {
    const end = new Date(NOW.getTime() - 1);
    expect(subscriptionState({ credits: 5, currentPeriodEnd: end }, NOW).active).toBe(false);
  });

  it('treats credits without a period end as VIP, active one year ahead', () => {
    const state = subscriptionState({ credits: 1, currentPeriodEnd: null }, NOW);
    expect(state.active).toBe(true);
    expect(state.vip).toBe(true);
    expect(state.effectivePeriodEnd?.getTime()).toBe(NOW.getTime() + VIP_PERIOD_DAYS * DAY);
  });

  it('is inactive with neither credits nor a period end', () => {
    expect(subscriptionState({ credits: 0, currentPeriodEnd: null }, NOW)).toEqual({
      active: false,
      effectivePeriodEnd: null,
      vip: false,
    });
  });

  it('is active exactly when the period end is in the future or VIP applies', () => {
    fc.assert(
      fc.property(
        fc.nat({ max: 10 }),
        fc.option(fc.integer({ min: -1000, max: 1000 }), { nil: null }),
        (credits, offsetDays) => {
          const end = offsetDays === null ? null : new Date(NOW.getTime() + offsetDays * DAY + 1);
          const { active } = subscriptionState({ credits, currentPeriodEnd: end }, NOW);
          return active === (end ? end.getTime() > NOW.getTime() : credits > 0);
        },
      ),
    );
  });
});

describe('isLegacyAccount', () => {
  it('counts accounts with an identity created before 2023-02-07', () => {
    const before = new Date(Date.parse(LEGACY_CUTOFF) - 1);
    expect(isLegacyAccount({ createdAt: before, hasIdentityParty: true })).toBe(true);
    expect(isLegacyAccount({ createdAt: new Date(LEGACY_CUTOFF), hasIdentityParty: true })).toBe(false);
    expect(isLegacyAccount({ createdAt: before, hasIdentityParty: false })).toBe(false);
  });
});

describe('isCreditFree', () => {
  it('is free while attached to no bike ownership', () => {
    expect(isCreditFree({ bikeOwnershipId: null })).toBe(true);
    expect(isCreditFree({ bikeOwnershipId: '0190a1b2-0000-7000-8000-000000000000' })).toBe(false);
  });
});
