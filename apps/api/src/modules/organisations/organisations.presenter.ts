import { type Region, RegionSchema } from '@nbr/domain/locale';
import {
  type Member,
  type Organisation,
  type OrganisationRole,
  OrganisationTypeSchema,
} from '@nbr/domain/organisations';
import type { MemberRow, OrganisationRow } from './organisations.repository.ts';

function presentRegion(value: string): Region {
  return RegionSchema.catch('dk').parse(value);
}

/** An organisation as its members (and staff) see it, with the caller's role in it. */
export function presentOrganisation(row: OrganisationRow, role: OrganisationRole | null): Organisation {
  return {
    party_id: row.partyId,
    name: row.name,
    // The column holds only ORGANISATION_TYPES; an unknown value would be a bug, shown as a business.
    type: OrganisationTypeSchema.catch('business').parse(row.type),
    region: presentRegion(row.region),
    registration_number: row.registrationNumber,
    created_at: row.createdAt.toISOString(),
    role,
  };
}

/** A member as the other members see them: who they are and their role, nothing of their account. */
export function presentMember(row: MemberRow): Member {
  const name = [row.firstName, row.lastName].filter(Boolean).join(' ');
  return {
    identity_party_id: row.identityPartyId,
    email: row.email,
    name: name === '' ? null : name,
    first_name: row.firstName,
    last_name: row.lastName,
    role: row.role,
    added_at: row.addedAt.toISOString(),
    invitation_pending: !row.hasPassword && row.emailVerifiedAt === null,
  };
}
