import type { BackofficeOrganisation } from '@nbr/domain/backoffice-organisations';
import type { Distributor } from '@nbr/domain/distributors';
import { type Region, RegionSchema } from '@nbr/domain/locale';
import {
  type Invitation,
  type InvitationDetails,
  type Member,
  type Organisation,
  type OrganisationRole,
  OrganisationTypeSchema,
} from '@nbr/domain/organisations';
import type { InvitationRow, MemberRow, OrganisationRow } from './organisations.repository.ts';

function presentType(value: string) {
  // The column holds only ORGANISATION_TYPES; an unknown value would be a bug, shown as a business.
  return OrganisationTypeSchema.catch('business').parse(value);
}

function presentRegion(value: string): Region {
  return RegionSchema.catch('dk').parse(value);
}

/** An organisation as its members (and staff) see it, with the caller's role in it. */
export function presentOrganisation(row: OrganisationRow, role: OrganisationRole | null): Organisation {
  return {
    party_id: row.partyId,
    name: row.name,
    type: presentType(row.type),
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
  };
}

/** An invitation as the admins see it: the address and role, never whether an account exists. */
export function presentInvitation(row: InvitationRow): Invitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
  };
}

/** An invitation as its holder sees it: which organisation, which role, which address may accept. */
export function presentInvitationDetails(
  row: InvitationRow,
  organisation: OrganisationRow,
): InvitationDetails {
  return {
    organisation: {
      party_id: organisation.partyId,
      name: organisation.name,
      type: presentType(organisation.type),
    },
    role: row.role,
    email: row.email,
    expires_at: row.expiresAt.toISOString(),
  };
}

/** An organisation as backoffice staff see it: its address, listing and billing details too. */
export function presentBackofficeOrganisation(
  row: OrganisationRow,
  memberCount: number,
): BackofficeOrganisation {
  return {
    party_id: row.partyId,
    name: row.name,
    type: presentType(row.type),
    region: presentRegion(row.region),
    registration_number: row.registrationNumber,
    created_at: row.createdAt.toISOString(),
    suspended_at: row.suspendedAt?.toISOString() ?? null,
    street_address: row.streetAddress,
    postcode: row.postcode,
    town: row.town,
    latitude: row.latitude,
    longitude: row.longitude,
    phone: row.phone,
    website: row.website,
    listed_as_distributor: row.listedAsDistributor,
    billing_email: row.billingEmail,
    billing_reference: row.billingReference,
    member_count: memberCount,
  };
}

/** A dealer as anyone sees it on /find-distributor: the shop and how to reach it, nothing more. */
export function presentDistributor(row: OrganisationRow): Distributor {
  return {
    party_id: row.partyId,
    name: row.name,
    street_address: row.streetAddress,
    postcode: row.postcode,
    town: row.town,
    phone: row.phone,
    website: row.website,
    latitude: row.latitude,
    longitude: row.longitude,
  };
}
