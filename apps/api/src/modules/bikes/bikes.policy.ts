import type { StaffRole } from '@nbr/domain/backoffice';
import type { BikeStatus, BikeVisibility } from '@nbr/domain/bikes';

/*
 * Who may do what with a bike. Pure functions over plain facts, tested as a matrix in
 * bikes.policy.test.ts. The owner is a party: the person, or the organisation a member acts for
 * (the token's party_id), so "mine" always means owner_party_id = the acting party.
 */

export interface BikeActor {
  /** The acting party (the token's party_id); null for a visitor. */
  partyId: string | null;
  staffRole: StaffRole | null;
}

export interface BikeFacts {
  ownerPartyId: string;
  visibility: BikeVisibility;
  status: BikeStatus;
}

export function isOwner(actor: BikeActor, bike: BikeFacts): boolean {
  return actor.partyId !== null && actor.partyId === bike.ownerPartyId;
}

/** The owner's view (every field, private pictures and documents): the owner, and staff. */
export function canViewAsOwner(actor: BikeActor, bike: BikeFacts): boolean {
  return isOwner(actor, bike) || actor.staffRole !== null;
}

/** Edit, upload, equipment, delete: the owner only (staff act through switch-user, which is audited). */
export function canManage(actor: BikeActor, bike: BikeFacts): boolean {
  return isOwner(actor, bike);
}

/**
 * The level a stranger sees a bike at: full (active), limited (searchable), or none (private). A
 * bike reported stolen is shown at least limited, so whoever finds it can reach its owner.
 */
export function publicLevel(bike: Pick<BikeFacts, 'visibility' | 'status'>): 'full' | 'limited' | 'none' {
  if (bike.visibility === 'active') return 'full';
  if (bike.visibility === 'searchable' || bike.status === 'stolen') return 'limited';
  return 'none';
}

/** The public page and scan answers: the owner always, anyone else unless the bike is private. */
export function canViewPublic(actor: BikeActor, bike: BikeFacts): boolean {
  return isOwner(actor, bike) || actor.staffRole !== null || publicLevel(bike) !== 'none';
}
