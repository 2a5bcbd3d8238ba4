import { desc, eq, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { staffMembers } from '../../db/schema/backoffice.ts';
import {
  externalLogins,
  nationalIdentityChecks,
  oneTimeCodes,
  parties,
  verificationSessions,
} from '../../db/schema/identity.ts';
import {
  organisationInvitations,
  organisationMembers,
  organisations,
} from '../../db/schema/organisations.ts';

/*
 * Identity's reads for the personal data export (use-cases/export-personal-data.ts): the columns a
 * person may see of their own rows, never secrets (code hashes, PKCE verifiers, nonces).
 */

export async function findParty(executor: Executor, partyId: string) {
  const [row] = await executor
    .select({ id: parties.id, kind: parties.kind, created_at: parties.createdAt })
    .from(parties)
    .where(eq(parties.id, partyId));
  return row ?? null;
}

export function listVerificationSessions(executor: Executor, partyId: string) {
  return executor
    .select({
      id: verificationSessions.id,
      session_type: verificationSessions.sessionType,
      approval_action: verificationSessions.approvalAction,
      approval_object_id: verificationSessions.approvalObjectId,
      provider: verificationSessions.provider,
      status: verificationSessions.status,
      failure_reason: verificationSessions.failureReason,
      created_at: verificationSessions.createdAt,
      completed_at: verificationSessions.completedAt,
      consumed_at: verificationSessions.consumedAt,
    })
    .from(verificationSessions)
    .where(eq(verificationSessions.partyId, partyId))
    .orderBy(desc(verificationSessions.createdAt));
}

export function listNationalIdentityChecks(executor: Executor, partyId: string) {
  return executor
    .select({
      provider: nationalIdentityChecks.provider,
      issuer: nationalIdentityChecks.issuer,
      subject: nationalIdentityChecks.subject,
      name: nationalIdentityChecks.name,
      birth_date: nationalIdentityChecks.birthDate,
      checked_at: nationalIdentityChecks.checkedAt,
    })
    .from(nationalIdentityChecks)
    .where(eq(nationalIdentityChecks.partyId, partyId))
    .orderBy(desc(nationalIdentityChecks.checkedAt));
}

export function listExternalLogins(executor: Executor, partyId: string) {
  return executor
    .select({
      provider: externalLogins.provider,
      subject: externalLogins.subject,
      email: externalLogins.email,
      created_at: externalLogins.createdAt,
      last_used_at: externalLogins.lastUsedAt,
    })
    .from(externalLogins)
    .where(eq(externalLogins.partyId, partyId));
}

export function listOneTimeCodes(executor: Executor, partyId: string) {
  return executor
    .select({
      purpose: oneTimeCodes.purpose,
      email: oneTimeCodes.email,
      created_at: oneTimeCodes.createdAt,
      expires_at: oneTimeCodes.expiresAt,
      used_at: oneTimeCodes.usedAt,
    })
    .from(oneTimeCodes)
    .where(eq(oneTimeCodes.partyId, partyId))
    .orderBy(desc(oneTimeCodes.createdAt));
}

export async function findStaffMembership(executor: Executor, partyId: string) {
  const [row] = await executor
    .select({ role: staffMembers.role, granted_at: staffMembers.grantedAt })
    .from(staffMembers)
    .where(eq(staffMembers.identityPartyId, partyId));
  return row ?? null;
}

export function listMemberships(executor: Executor, partyId: string) {
  return executor
    .select({
      organisation_party_id: organisations.partyId,
      organisation_name: organisations.name,
      organisation_type: organisations.type,
      role: organisationMembers.role,
      joined_at: organisationMembers.createdAt,
    })
    .from(organisationMembers)
    .innerJoin(organisations, eq(organisations.partyId, organisationMembers.organisationPartyId))
    .where(eq(organisationMembers.identityPartyId, partyId));
}

/** Organisations the person registered (they may have left them since). */
export function listOrganisationsCreatedBy(executor: Executor, partyId: string) {
  return executor
    .select({
      organisation_party_id: organisations.partyId,
      name: organisations.name,
      type: organisations.type,
      region: organisations.region,
      registration_number: organisations.registrationNumber,
      created_at: organisations.createdAt,
    })
    .from(organisations)
    .where(eq(organisations.createdByPartyId, partyId));
}

/** Invitations sent to the person's address, or accepted by them. */
export function listInvitationsTo(executor: Executor, partyId: string, email: string) {
  return executor
    .select({
      organisation_name: organisations.name,
      email: organisationInvitations.email,
      role: organisationInvitations.role,
      created_at: organisationInvitations.createdAt,
      expires_at: organisationInvitations.expiresAt,
      accepted_at: organisationInvitations.acceptedAt,
      declined_at: organisationInvitations.declinedAt,
      revoked_at: organisationInvitations.revokedAt,
    })
    .from(organisationInvitations)
    .innerJoin(organisations, eq(organisations.partyId, organisationInvitations.organisationPartyId))
    .where(
      or(eq(organisationInvitations.email, email), eq(organisationInvitations.acceptedByPartyId, partyId)),
    )
    .orderBy(desc(organisationInvitations.createdAt));
}
