import { describe, expect, it } from 'vitest';
import { type Actor, canActOnParty, canDecideConsent, type PartyAction } from './identity.policy.ts';

const OWNER = '0190a000-0000-7000-8000-000000000001';
const OTHER = '0190a000-0000-7000-8000-000000000002';
const ORGANISATION = '0190a000-0000-7000-8000-000000000003';

const actors: Record<string, Actor | null> = {
  visitor: null,
  owner: { partyId: OWNER, identityPartyId: OWNER },
  'another user': { partyId: OTHER, identityPartyId: OTHER },
  'owner acting for an organisation': { partyId: ORGANISATION, identityPartyId: OWNER },
};

const ACTIONS: PartyAction[] = ['read', 'update', 'delete', 'export'];

/** Expected answer per actor for every action on the owner's party. */
const matrix: Record<string, boolean> = {
  visitor: false,
  owner: true,
  'another user': false,
  // Acting for an organisation does not stop a person managing their own account.
  'owner acting for an organisation': true,
};

describe('canActOnParty', () => {
  for (const [name, actor] of Object.entries(actors)) {
    for (const action of ACTIONS) {
      it(`${name} ${matrix[name] ? 'may' : 'may not'} ${action} the owner's personal data`, () => {
        expect(canActOnParty(actor, action, OWNER)).toBe(matrix[name]);
      });
    }
  }

  it('does not let anyone act on an id that is not theirs, known or not', () => {
    expect(canActOnParty(actors.owner ?? null, 'delete', 'not-a-uuid')).toBe(false);
    expect(canActOnParty(actors.owner ?? null, 'delete', OTHER)).toBe(false);
  });
});

describe('canDecideConsent', () => {
  it('lets only the signed-in person decide their own consents', () => {
    expect(canDecideConsent(null, OWNER)).toBe(false);
    expect(canDecideConsent(actors.owner ?? null, OWNER)).toBe(true);
    expect(canDecideConsent(actors['another user'] ?? null, OWNER)).toBe(false);
    expect(canDecideConsent(actors['owner acting for an organisation'] ?? null, OWNER)).toBe(true);
  });
});
