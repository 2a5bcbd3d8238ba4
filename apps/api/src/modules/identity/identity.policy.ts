/** Who is asking: a signed-in user, or null for a visitor. */
export interface Actor {
  partyId: string;
  identityPartyId: string;
}

export type PartyAction = 'read' | 'update' | 'delete' | 'export';

/**
 * Whether `actor` may do `action` to the personal data of `targetPartyId`: only the person themself,
 * whichever party (an organisation of theirs) the session acts for. Staff reach a person's data only
 * by switching into the account, which the route's access level limits.
 */
export function canActOnParty(actor: Actor | null, action: PartyAction, targetPartyId: string): boolean {
  if (!actor) return false;
  switch (action) {
    case 'read':
    case 'update':
    case 'delete':
    case 'export':
      return actor.identityPartyId === targetPartyId;
  }
}

/** Consents are personal: only the person decides theirs, and only when signed in. */
export function canDecideConsent(actor: Actor | null, targetPartyId: string): boolean {
  return actor !== null && actor.identityPartyId === targetPartyId;
}
