import { isAdminOnlyOrganisationType } from '@nbr/domain/backoffice-organisations';
import { isSelfServiceType, type OrganisationRole } from '@nbr/domain/organisations';

/** Who is asking, as far as organisations care. Null is a visitor. */
export interface OrganisationActor {
  identityPartyId: string;
  /** Backoffice role in the staff member's own session; null otherwise (also on a switch-user session). */
  staffRole: 'support' | 'admin' | null;
  /** On a switch-user session: the staff member inside the person's account. */
  switchedBy?: string | null;
}

/** The actor's role in the organisation in question; null when they are not a member. */
export type Membership = OrganisationRole | null;

/**
 * Members see their organisation; staff see any, to help. Everyone else is told it does not exist
 * (404), so an organisation's id reveals nothing to outsiders.
 */
export function canViewOrganisation(actor: OrganisationActor | null, membership: Membership): boolean {
  if (!actor) return false;
  return membership !== null || actor.staffRole !== null;
}

/** Members see who else belongs (name, e-mail, role); staff may look too. */
export function canListMembers(actor: OrganisationActor | null, membership: Membership): boolean {
  return canViewOrganisation(actor, membership);
}

/**
 * Changing roles is for the organisation's admins themselves: staff go through the backoffice, and
 * staff switched into an admin must not change who holds power (they could add themself and keep it).
 */
export function canManageMembers(actor: OrganisationActor | null, membership: Membership): boolean {
  return actor !== null && !actor.switchedBy && membership === 'admin';
}

/** Inviting, seeing and revoking invitations: the organisation's admins, same rule as roles. */
export function canManageInvitations(actor: OrganisationActor | null, membership: Membership): boolean {
  return canManageMembers(actor, membership);
}

/**
 * API keys (issue 32 §1) let a system check the register in the organisation's name: its admins in
 * their own session create, see and revoke them, as for roles; not staff switched into an admin.
 */
export function canManageApiKeys(actor: OrganisationActor | null, membership: Membership): boolean {
  return canManageMembers(actor, membership);
}

/**
 * The webhook (issue 32 §1) receives what the organisation's checks lead to: the same people who
 * manage its API keys set it, rotate its secret, remove it and follow its deliveries.
 */
export function canManageWebhook(actor: OrganisationActor | null, membership: Membership): boolean {
  return canManageApiKeys(actor, membership);
}

/** An admin removes anyone; every member may leave on their own. */
export function canRemoveMember(
  actor: OrganisationActor | null,
  membership: Membership,
  targetIdentityPartyId: string,
): boolean {
  if (!actor || actor.switchedBy || membership === null) return false;
  return membership === 'admin' || actor.identityPartyId === targetIdentityPartyId;
}

/**
 * Buying for the organisation (its ORGANISATION subscription, paid with a stored card) costs its
 * money: its admins in their own session, as for roles; not staff switched into an admin.
 */
export function canBuyForOrganisation(actor: OrganisationActor | null, membership: Membership): boolean {
  return canManageMembers(actor, membership);
}

/** A session may act for an organisation only while the person is a member of it. */
export function canActFor(actor: OrganisationActor | null, membership: Membership): boolean {
  return actor !== null && membership !== null;
}

/**
 * A person creates only the self-service types (business, club, dealer). Insurers and the police
 * get powers over other people's data, so backoffice admins create those after checking who they are.
 */
export function canCreateOrganisation(actor: OrganisationActor | null, type: string): boolean {
  return actor !== null && isSelfServiceType(type);
}

/**
 * Backoffice staff create organisations; the types a person may not create themself (insurers, the
 * police, municipalities…) only admins, after checking who they are.
 */
export function canCreateInBackoffice(actor: OrganisationActor | null, type: string): boolean {
  if (!actor?.staffRole || actor.switchedBy) return false;
  return actor.staffRole === 'admin' || !isAdminOnlyOrganisationType(type);
}

/** Staff keep an organisation's address, public listing and billing details up to date. */
export function canEditInBackoffice(actor: OrganisationActor | null): boolean {
  return Boolean(actor?.staffRole) && !actor?.switchedBy;
}

/**
 * Suspending an organisation (nobody may act for it) and changing its members' roles or removing
 * them from the backoffice are admins' decisions.
 */
export function canGovernInBackoffice(actor: OrganisationActor | null): boolean {
  return actor?.staffRole === 'admin' && !actor.switchedBy;
}
