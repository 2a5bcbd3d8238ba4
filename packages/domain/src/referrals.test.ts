import { describe, expect, it } from 'vitest';
import {
  decideReferralReward,
  normalisedPostalAddress,
  parseReferralCode,
  REFERRAL_CODE_LENGTH,
  REFERRAL_REWARDS_PER_MONTH,
  type ReferralRewardFacts,
  referralCodeFrom,
  referralLink,
  referralMonthStart,
} from './referrals.ts';

const facts = (overrides: Partial<ReferralRewardFacts> = {}): ReferralRewardFacts => ({
  referrerPartyId: 'referrer',
  referredPartyId: 'friend',
  referrerCards: ['visa 411111XXXXXX1111'],
  referredCard: 'dankort 501910XXXXXX0006',
  referrerAddress: { streetAddress: 'Nørregade 1', floor: '2', side: 'tv', zipCode: '1165' },
  referredAddress: { streetAddress: 'Vestergade 9', zipCode: '8000' },
  grantedThisMonth: 0,
  ...overrides,
});

describe('referral codes', () => {
  it('makes codes of the alphabet and length, and reads them back in any case', () => {
    const code = referralCodeFrom(new Uint8Array([0, 1, 2, 3, 4, 5, 6, 7, 8, 255]));
    expect(code).toHaveLength(REFERRAL_CODE_LENGTH);
    expect(parseReferralCode(code.toLowerCase())).toBe(code);
    expect(parseReferralCode(` ${code} `)).toBe(code);
  });

  it('takes no party id, address or look-alike as a code', () => {
    expect(parseReferralCode('0190a5b2-1c3d-7e4f-8a9b-0c1d2e3f4a5b')).toBeNull();
    expect(parseReferralCode('friend@example.com')).toBeNull();
    expect(parseReferralCode('ABCDEFGHI0')).toBeNull();
    expect(parseReferralCode(null)).toBeNull();
  });

  it('links to the sign-up page with the code as friend_ref', () => {
    expect(referralLink('https://example.test/', 'ABCDEFGH23')).toBe(
      'https://example.test/signup?friend_ref=ABCDEFGH23',
    );
  });
});

describe('decideReferralReward', () => {
  it('grants a reward to someone else who paid with their own card at their own address', () => {
    expect(decideReferralReward(facts())).toEqual({ grant: true });
  });

  it('refuses referring oneself: same person, same card, same postal address', () => {
    expect(decideReferralReward(facts({ referredPartyId: 'referrer' }))).toEqual({
      grant: false,
      reason: 'same_person',
    });
    expect(decideReferralReward(facts({ referredCard: 'visa 411111XXXXXX1111' }))).toEqual({
      grant: false,
      reason: 'same_card',
    });
    expect(
      decideReferralReward(
        facts({
          referredAddress: { streetAddress: 'nørregade  1', floor: '2', side: 'TV.', zipCode: '1165' },
        }),
      ),
    ).toEqual({ grant: false, reason: 'same_address' });
  });

  it('compares no address that is missing, and a postal code alone is no address', () => {
    expect(
      decideReferralReward(
        facts({
          referrerAddress: { streetAddress: null, zipCode: '1165' },
          referredAddress: { streetAddress: null, zipCode: '1165' },
        }),
      ),
    ).toEqual({ grant: true });
    expect(normalisedPostalAddress({ streetAddress: '', zipCode: '1165' })).toBeNull();
  });

  it('refuses the reward past the monthly cap, and grants the last one under it', () => {
    expect(decideReferralReward(facts({ grantedThisMonth: REFERRAL_REWARDS_PER_MONTH - 1 }))).toEqual({
      grant: true,
    });
    expect(decideReferralReward(facts({ grantedThisMonth: REFERRAL_REWARDS_PER_MONTH }))).toEqual({
      grant: false,
      reason: 'monthly_cap',
    });
  });

  it('counts the month from its first day in UTC', () => {
    expect(referralMonthStart(new Date('2026-03-31T23:30:00Z')).toISOString()).toBe(
      '2026-03-01T00:00:00.000Z',
    );
  });
});
