import { describe, expect, it } from 'vitest';
import { canCompleteVerification, canSkipIdentityCheck } from './verification.policy.ts';

describe('verification policy', () => {
  it('lets only the owner complete a verification session', () => {
    expect(canCompleteVerification({ identityPartyId: 'a' }, { partyId: 'a' })).toBe(true);
    expect(canCompleteVerification({ identityPartyId: 'b' }, { partyId: 'a' })).toBe(false);
  });

  it.each([
    ['autotest+one@example.dk', true, true],
    ['AUTOTEST+one@example.dk', true, true],
    ['autotest+one@example.dk', false, false],
    ['rider@example.dk', true, false],
    ['x.autotest+one@example.dk', true, false],
  ])('skip for %s with the switch %s: %s', (email, allowed, expected) => {
    expect(canSkipIdentityCheck(email, allowed)).toBe(expected);
  });
});
