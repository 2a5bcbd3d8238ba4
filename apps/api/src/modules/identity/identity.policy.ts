/** Who is asking: a signed-in user, or null for a visitor. */
export interface Actor {
  partyId: string;
  identityPartyId: string;
}

export type PartyAction = 'read' | 'update' | 'delete' | 'export';

/**
 * Whether `actor` may do `action` to the personal data of `targetPartyId`. Only the person themself
 * may, for now; staff and organisation admins get their own rules with the backoffice.
 */
export function canActOnParty(actor: Actor | null, action: PartyAction, targetPartyId: string): boolean {
  if (!actor) return false;
  switch (action) {
    case 'read':
    case 'update':
    case 'delete':
    case 'export':
      // Deletion and export act on the person, never on an organisation the person acts for.
      return actor.identityPartyId === targetPartyId && actor.partyId === targetPartyId;
  }
}

/** Consents are personal: only the person decides theirs, and only when signed in. */
export function canDecideConsent(actor: Actor | null, targetPartyId: string): boolean {
  return actor !== null && actor.identityPartyId === targetPartyId;
}
