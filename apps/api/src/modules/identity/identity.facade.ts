import type { OrganisationRole } from '@nbr/domain/organisations';
import type { Executor } from '../../db/client.ts';
import * as repository from './identity.repository.ts';
import { type Person, toPerson } from './person.ts';

/*
 * What other modules may use of identity: people as `Person` (never the identity row, which holds
 * credentials), display names, the few changes other contexts make to a person (organisations:
 * invitations prove an address and set the acting party), sessions for staff switching and
 * organisations, national identity approvals, and the steps of account deletion. People join
 * organisations by accepting an invitation with their own account; no account is ever made for
 * someone else's address.
 */

export { accessLogPersonalData } from './access-log.service.ts';
export type { AccountBeingDeleted } from './deletion.service.ts';
export {
  addressesOf,
  checkAccountDeletion,
  eraseAccount,
  lockAccountForDeletion,
  proveAccountDeletion,
} from './deletion.service.ts';
export type { AddressProof, IdentityDeps } from './identity.deps.ts';
export type { Person } from './person.ts';
export type { ProfileCorrection } from './person-care.service.ts';
export {
  blockAccount,
  consentsOf,
  correctProfile,
  findPersonProfileForStaff,
  liveSessionsOf,
  mailPasswordResetLink,
  mailVerificationAgain,
  nationalIdentityChecksOf,
  unblockAccount,
} from './person-care.service.ts';
export {
  ensureReferralCode,
  findReferredIdentities,
  type ReferredIdentity,
  referralFactsOf,
} from './referral-codes.service.ts';
export { endSwitchedSession, issueTokenForSession, startSwitchedSession } from './sessions.service.ts';
export { consumeApproval } from './verification.service.ts';

/** The person who signs in with this address, or null; another module's way to tell existing from new. */
export async function findPersonByEmail(executor: Executor, email: string): Promise<Person | null> {
  const identity = await repository.findIdentityByEmail(executor, email);
  return identity ? toPerson(identity) : null;
}

/** People by party id, in one query; unknown ids are left out. */
export async function findPeopleByIds(
  executor: Executor,
  partyIds: readonly string[],
): Promise<Map<string, Person>> {
  const rows = await repository.findIdentitiesByIds(executor, partyIds);
  return new Map(rows.map((row) => [row.partyId, toPerson(row)]));
}

export async function findPersonById(executor: Executor, partyId: string): Promise<Person | null> {
  const identity = await repository.findIdentityById(executor, partyId);
  return identity ? toPerson(identity) : null;
}

/**
 * The organisation a session acts for, while the person still belongs to it and it is not suspended
 * (its type decides what it may do, the person's role in it what they may do there); null when the
 * person acts as themselves or has left it.
 */
export async function findActingOrganisation(
  executor: Executor,
  auth: { partyId: string; identityPartyId: string },
): Promise<{ partyId: string; type: string; role: OrganisationRole } | null> {
  if (auth.partyId === auth.identityPartyId) return null;
  return repository.findOrganisationOfMember(executor, auth.partyId, auth.identityPartyId);
}

/** Organisations by party id (name and type); unknown ids are left out. */
export async function findOrganisationsByIds(
  executor: Executor,
  partyIds: readonly string[],
): Promise<Map<string, { partyId: string; name: string; type: string }>> {
  return repository.findOrganisationsByIds(executor, partyIds);
}

/** Display names of parties (people and organisations), for chats and transfers; null when none is given. */
export async function partyNames(
  executor: Executor,
  partyIds: readonly string[],
): Promise<Map<string, string | null>> {
  return repository.findPartyNames(executor, partyIds);
}

/** Organisations whose name contains the query, by name (staff pick one to hand a batch of plates to). */
export function searchOrganisationsByName(executor: Executor, query: string, limit = 20) {
  return repository.searchOrganisationsByName(executor, query, limit);
}

/**
 * The person followed a link mailed to their sign-in address (an organisation invitation): that
 * proves the mailbox as well as the e-mail verification link would.
 */
export async function markEmailProven(executor: Executor, person: Person, now = new Date()): Promise<void> {
  if (person.emailVerifiedAt) return;
  await repository.updateIdentity(executor, person.partyId, { emailVerifiedAt: now });
}

/**
 * Which party the person's new sessions act for: an organisation of theirs, or null for the person.
 * The caller has checked the membership.
 */
export async function setDefaultParty(
  executor: Executor,
  identityPartyId: string,
  partyId: string | null,
): Promise<void> {
  await repository.updateIdentity(executor, identityPartyId, { defaultPartyId: partyId });
}

/** After the person left an organisation: new sessions act for the person again, if they acted for it. */
export async function forgetDefaultParty(
  executor: Executor,
  identityPartyId: string,
  partyId: string,
): Promise<void> {
  const identity = await repository.findIdentityById(executor, identityPartyId);
  if (identity?.defaultPartyId === partyId) {
    await repository.updateIdentity(executor, identityPartyId, { defaultPartyId: null });
  }
}
export { checkPersonalDataExport, identityPersonalData } from './profile.service.ts';

/** The person's club membership number (SPEC §3 User), or null; the club shop prices by it. */
export async function findClubMembershipNumber(executor: Executor, partyId: string): Promise<string | null> {
  const identity = await repository.findIdentityById(executor, partyId);
  return identity?.clubMembershipNumber ?? null;
}

/** Stores the club membership number the person gave in the club shop (checked by its schema). */
export async function setClubMembershipNumber(
  executor: Executor,
  partyId: string,
  membershipNumber: string,
): Promise<void> {
  await repository.updateIdentity(executor, partyId, { clubMembershipNumber: membershipNumber });
}

/** Every backoffice staff member's party id (support: the queue's live events reach all of them). */
export async function staffPartyIds(executor: Executor): Promise<string[]> {
  return repository.findStaffPartyIds(executor);
}

/**
 * Consent decisions another module collects (insurance's onboarding consents), kept in the person's
 * consent history with the platform's own; in the caller's transaction.
 */
export async function recordConsentEvents(
  executor: Executor,
  events: { partyId: string; type: string; action: 'grant' | 'revoke'; source: string; createdAt?: Date }[],
): Promise<void> {
  await repository.insertConsentEvents(executor, events);
}

/** A person's consent decisions of these types, newest first (their personal data export). */
export async function listConsentEventsOfTypes(
  executor: Executor,
  partyId: string,
  types: readonly string[],
) {
  const rows = await repository.listConsentEvents(executor, partyId);
  return rows
    .filter((row) => types.includes(row.type))
    .map((row) => ({
      type: row.type,
      action: row.action,
      source: row.source,
      at: row.createdAt.toISOString(),
    }));
}
