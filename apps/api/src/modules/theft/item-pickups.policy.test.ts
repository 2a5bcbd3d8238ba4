import { ORGANISATION_TYPES } from '@nbr/domain/organisations';
import { describe, expect, it } from 'vitest';
import { canRegisterPickup, isVettedOrganisation } from './item-pickups.policy.ts';

describe('canRegisterPickup', () => {
  const holders: Array<[string | null, boolean, boolean]> = [
    // [acting as, verified, may register]
    [null, true, true],
    [null, false, false],
    ['business', true, true],
    ['business', false, false],
    ['club', true, true],
    ['club', false, false],
    ['dealer', true, true],
    ['dealer', false, false],
    ['police', true, true],
    ['police', false, true],
    ['insurance_company', true, true],
    ['insurance_company', false, true],
  ];
  it.each(holders)('acting as %s, verified %s: %s', (organisationType, isVerified, expected) => {
    expect(canRegisterPickup({ organisationType, isVerified })).toBe(expected);
  });

  it('covers every organisation type', () => {
    const covered = new Set(holders.map(([type]) => type).filter((type) => type !== null));
    expect([...covered].sort()).toEqual([...ORGANISATION_TYPES].sort());
  });
});

describe('isVettedOrganisation', () => {
  it('is true only for the types backoffice admins create after checking who they are', () => {
    expect(ORGANISATION_TYPES.filter((type) => isVettedOrganisation(type)).sort()).toEqual([
      'insurance_company',
      'police',
    ]);
    expect(isVettedOrganisation(null)).toBe(false);
  });
});
