import type { DockAccess } from '@nbr/domain/docks';
import { canRunDocks, type OrganisationRole } from '@nbr/domain/organisations';

/*
 * Who may do what with a dock (issue 28), as pure functions tested as a matrix (docks.policy.test.ts).
 * A person uses a dock; an operator is a member with the admin or the dock_operator role acting for
 * the organisation that runs it (session acting for it); backoffice staff read, never operate.
 */

export interface DockForPolicy {
  operatorPartyId: string;
  access: DockAccess;
  /** access = organisations: the listed organisations. */
  organisationIds: readonly string[];
  /** access = people: the named people's e-mail addresses, normalised. */
  peopleEmails: readonly string[];
  closedAt: Date | null;
}

export interface PersonForPolicy {
  partyId: string;
  /** The person's e-mail address, normalised as stored. */
  email: string;
  /** The organisations the person belongs to (any role). */
  organisationIds: readonly string[];
}

export interface OperatorForPolicy {
  /** The organisation the session acts for; null when the person acts as themselves. */
  actingOrganisationId: string | null;
  /** The person's role in that organisation. */
  role: OrganisationRole | null;
}

/** May the person see the dock, lock in it and follow it live? Its operator's members always may. */
export function mayUseDock(person: PersonForPolicy, dock: DockForPolicy): boolean {
  if (dock.closedAt !== null) return false;
  if (person.organisationIds.includes(dock.operatorPartyId)) return true;
  switch (dock.access) {
    case 'signed_in':
      return true;
    case 'organisations':
      return dock.organisationIds.some((id) => person.organisationIds.includes(id));
    case 'people':
      return dock.peopleEmails.includes(person.email);
  }
}

/** May the caller run the dock (edit, pair devices, see history, open remotely, mark out of service)? */
export function mayOperateDock(
  operator: OperatorForPolicy,
  dock: Pick<DockForPolicy, 'operatorPartyId'>,
): boolean {
  return operator.actingOrganisationId === dock.operatorPartyId && canRunDocks(operator.role);
}

/**
 * May the caller create docks for the organisation they act for (and list them all)? Whoever runs
 * its docks: issue 28 gives creating docks to the operator's staff with editing them, and a new dock
 * has no power an existing one lacks (it is the organisation's, closed down by the same people).
 */
export function mayCreateDock(operator: OperatorForPolicy): boolean {
  return operator.actingOrganisationId !== null && canRunDocks(operator.role);
}

/** Only the person who locked the bike opens the lock from the app; the operator opens it remotely with a reason. */
export function mayUnlockParking(
  personPartyId: string,
  parking: { partyId: string; unlockedAt: Date | null },
): boolean {
  return parking.unlockedAt === null && parking.partyId === personPartyId;
}

/**
 * May the person see the dock and its locks? Whoever may use it; and a person whose bike is locked
 * in it always, even after the operator narrowed who may use it or closed it down: their bike must
 * never be stuck where they can no longer find it or open it (unlocking still checks
 * mayUnlockParking). Locking a new bike needs mayUseDock.
 */
export function maySeeDock(person: PersonForPolicy, dock: DockForPolicy, hasOpenParking: boolean): boolean {
  return hasOpenParking || mayUseDock(person, dock);
}
