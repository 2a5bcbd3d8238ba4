import { BIKE_STATUSES, BIKE_VISIBILITIES, type BikeStatus, type BikeVisibility } from '@nbr/domain/bikes';
import { describe, expect, it } from 'vitest';
import {
  type BikeActor,
  type BikeFacts,
  canManage,
  canViewAsOwner,
  canViewPublic,
  isOwner,
  publicLevel,
} from './bikes.policy.ts';

const OWNER = 'party-owner';

const ACTORS: Record<string, BikeActor> = {
  visitor: { partyId: null, staffRole: null },
  owner: { partyId: OWNER, staffRole: null },
  other_user: { partyId: 'party-other', staffRole: null },
  /** Staff looking at someone else's bike from the backoffice. */
  support: { partyId: 'party-support', staffRole: 'support' },
  staff_admin: { partyId: 'party-admin', staffRole: 'admin' },
};

const bike = (visibility: BikeVisibility, status: BikeStatus = 'registered'): BikeFacts => ({
  ownerPartyId: OWNER,
  visibility,
  status,
});

describe('publicLevel', () => {
  it.each([
    ['active', 'registered', 'full'],
    ['active', 'stolen', 'full'],
    ['searchable', 'registered', 'limited'],
    ['searchable', 'stolen', 'limited'],
    ['private', 'registered', 'none'],
    // A stolen bike is shown at least limited, so a finder can reach its owner.
    ['private', 'stolen', 'limited'],
  ] as const)('%s and %s is %s', (visibility, status, level) => {
    expect(publicLevel({ visibility, status })).toBe(level);
  });

  it('covers every visibility and status', () => {
    for (const visibility of BIKE_VISIBILITIES) {
      for (const status of BIKE_STATUSES) {
        expect(['full', 'limited', 'none']).toContain(publicLevel({ visibility, status }));
      }
    }
  });
});

type Row = [actor: keyof typeof ACTORS, owner: boolean, ownerView: boolean, manage: boolean];

/** Who may do what with a bike, whatever its visibility. */
const MATRIX: Row[] = [
  ['visitor', false, false, false],
  ['owner', true, true, true],
  ['other_user', false, false, false],
  ['support', false, true, false],
  ['staff_admin', false, true, false],
];

describe('owner rules', () => {
  for (const [name, owner, ownerView, manage] of MATRIX) {
    for (const visibility of BIKE_VISIBILITIES) {
      it(`${name} on a ${visibility} bike: owner ${owner}, owner's view ${ownerView}, manage ${manage}`, () => {
        const actor = ACTORS[name] as BikeActor;
        expect(isOwner(actor, bike(visibility))).toBe(owner);
        expect(canViewAsOwner(actor, bike(visibility))).toBe(ownerView);
        expect(canManage(actor, bike(visibility))).toBe(manage);
      });
    }
  }
});

describe('canViewPublic', () => {
  const PUBLIC: Array<
    [actor: keyof typeof ACTORS, visibility: BikeVisibility, status: BikeStatus, allowed: boolean]
  > = [
    ['visitor', 'active', 'registered', true],
    ['visitor', 'searchable', 'registered', true],
    ['visitor', 'private', 'registered', false],
    ['visitor', 'private', 'stolen', true],
    ['other_user', 'private', 'registered', false],
    ['other_user', 'searchable', 'registered', true],
    ['owner', 'private', 'registered', true],
    ['support', 'private', 'registered', true],
    ['staff_admin', 'private', 'registered', true],
  ];
  it.each(PUBLIC)('%s, %s %s bike: %s', (name, visibility, status, allowed) => {
    expect(canViewPublic(ACTORS[name] as BikeActor, bike(visibility, status))).toBe(allowed);
  });

  it('never lets a visitor with no party be taken for the owner', () => {
    expect(isOwner({ partyId: null, staffRole: null }, { ...bike('private'), ownerPartyId: '' })).toBe(false);
  });
});
