import type { AuditEvent, IdentitySearchResult, StaffMember } from '@nbr/domain/backoffice';
import type { AuditEventRow, SearchedPerson, StaffMemberRow } from './backoffice.repository.ts';

/**
 * What staff see of a person in the search. Least privilege: enough to recognise the right account
 * (e-mail, name, verification, sign-up date), nothing of their address, phone or birth date.
 */
export function presentSearchedPerson(row: SearchedPerson): IdentitySearchResult {
  const name = [row.firstName, row.lastName].filter(Boolean).join(' ');
  return {
    identity_party_id: row.partyId,
    email: row.email,
    name: name === '' ? null : name,
    verified_on: row.verifiedOn?.toISOString() ?? null,
    signed_up_at: row.signedUpAt.toISOString(),
    staff_role: row.staffRole,
  };
}

export function presentStaffMember(row: StaffMemberRow): StaffMember {
  return {
    identity_party_id: row.identityPartyId,
    role: row.role,
    granted_at: row.grantedAt.toISOString(),
    granted_by_party_id: row.grantedByPartyId,
  };
}

export function presentAuditEvent(row: AuditEventRow): AuditEvent {
  const details = row.details;
  return {
    id: row.id,
    action: row.action,
    actor_party_id: row.actorPartyId,
    target_party_id: row.targetPartyId,
    session_id: row.sessionId,
    details:
      details && typeof details === 'object' && !Array.isArray(details)
        ? (details as Record<string, unknown>)
        : null,
    created_at: row.createdAt.toISOString(),
  };
}
