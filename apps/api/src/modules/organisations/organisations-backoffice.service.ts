import {
  BACKOFFICE_ORGANISATIONS_PAGE_SIZE,
  type BackofficeOrganisation,
  type BackofficeOrganisationDetail,
  type BackofficeOrganisationList,
  type BackofficeOrganisationsQuery,
  type BackofficeOrganisationUpdate,
} from '@nbr/domain/backoffice-organisations';
import { DISTRIBUTORS_LIMIT, type Distributor } from '@nbr/domain/distributors';
import type { Member, OrganisationRole } from '@nbr/domain/organisations';
import type { Executor } from '../../db/client.ts';
import { recordAuditEventBy } from '../../platform/audit/audit.ts';
import type { RequestAuth } from '../../platform/auth/authenticate.ts';
import { revokeAllSessionsActingFor, revokeSessionsActingFor } from '../../platform/auth/sessions.ts';
import { AppError } from '../../platform/errors.ts';
import { placeOfPostcode } from '../../platform/geo/postcodes.ts';
import { isUuid } from '../../platform/ids.ts';
import * as identity from '../identity/identity.facade.ts';
import {
  canEditInBackoffice,
  canGovernInBackoffice,
  type OrganisationActor,
} from './organisations.policy.ts';
import {
  presentBackofficeOrganisation,
  presentDistributor,
  presentMember,
} from './organisations.presenter.ts';
import type { OrganisationRow } from './organisations.repository.ts';
import * as repository from './organisations.repository.ts';
import type { OrganisationsDeps } from './organisations.service.ts';
import * as backofficeRepository from './organisations-backoffice.repository.ts';

/*
 * Organisations in the backoffice (issue 17 §1): the list, one organisation with its members, its
 * address, public listing and billing, suspension, and members' roles; and the public list of
 * dealers (/find-distributor). Every change is audited with the organisation in
 * `details.organisation_party_id`.
 */

function actorOf(auth: RequestAuth): OrganisationActor {
  return { identityPartyId: auth.identityPartyId, staffRole: auth.staffRole, switchedBy: auth.switchedBy };
}

function requireEditor(auth: RequestAuth): void {
  if (!canEditInBackoffice(actorOf(auth))) throw new AppError('forbidden');
}

function requireGovernor(auth: RequestAuth): void {
  if (!canGovernInBackoffice(actorOf(auth))) throw new AppError('forbidden');
}

async function loadOrganisation(
  executor: Executor,
  organisationId: string,
  lock = false,
): Promise<OrganisationRow> {
  if (!isUuid(organisationId)) throw new AppError('not_found');
  const row = await backofficeRepository.findOrganisation(executor, organisationId, lock);
  if (!row) throw new AppError('not_found');
  return row;
}

async function present(executor: Executor, row: OrganisationRow): Promise<BackofficeOrganisation> {
  return presentBackofficeOrganisation(row, await backofficeRepository.countMembers(executor, row.partyId));
}

/** GET /backoffice/organisations */
export async function listOrganisations(
  deps: OrganisationsDeps,
  auth: RequestAuth,
  query: BackofficeOrganisationsQuery,
): Promise<BackofficeOrganisationList> {
  requireEditor(auth);
  const rows = await backofficeRepository.searchOrganisations(deps.db, {
    text: query.query,
    type: query.type,
    limit: BACKOFFICE_ORGANISATIONS_PAGE_SIZE,
    offset: (query.page - 1) * BACKOFFICE_ORGANISATIONS_PAGE_SIZE,
  });
  return {
    results: rows
      .slice(0, BACKOFFICE_ORGANISATIONS_PAGE_SIZE)
      .map((row) => presentBackofficeOrganisation(row.organisation, row.memberCount)),
    page: query.page,
    has_next_page: rows.length > BACKOFFICE_ORGANISATIONS_PAGE_SIZE,
  };
}

/** GET /backoffice/organisations/{id}: with its members. */
export async function getOrganisation(
  deps: OrganisationsDeps,
  auth: RequestAuth,
  organisationId: string,
): Promise<BackofficeOrganisationDetail> {
  requireEditor(auth);
  const row = await loadOrganisation(deps.db, organisationId);
  const members = (await repository.listMembers(deps.db, row.partyId)).map(presentMember);
  return { ...presentBackofficeOrganisation(row, members.length), members };
}

const UPDATE_COLUMNS = {
  name: 'name',
  street_address: 'streetAddress',
  postcode: 'postcode',
  town: 'town',
  latitude: 'latitude',
  longitude: 'longitude',
  phone: 'phone',
  website: 'website',
  listed_as_distributor: 'listedAsDistributor',
  billing_email: 'billingEmail',
  billing_reference: 'billingReference',
} as const satisfies Record<keyof BackofficeOrganisationUpdate, keyof OrganisationRow>;

/**
 * PATCH /backoffice/organisations/{id}: staff change the address, public listing and billing. A new
 * postcode without coordinates places the organisation by the postcode table; coordinates given
 * win. Audited with the values before and after.
 */
export async function updateOrganisation(
  deps: OrganisationsDeps,
  auth: RequestAuth,
  organisationId: string,
  input: BackofficeOrganisationUpdate,
): Promise<BackofficeOrganisation> {
  requireEditor(auth);
  return deps.db.transaction(async (tx) => {
    const row = await loadOrganisation(tx, organisationId, true);
    const wanted: Partial<Record<keyof OrganisationRow, unknown>> = {};
    for (const [field, column] of Object.entries(UPDATE_COLUMNS) as [
      keyof BackofficeOrganisationUpdate,
      keyof OrganisationRow,
    ][]) {
      if (input[field] !== undefined) wanted[column] = input[field];
    }
    if (input.latitude === undefined && input.postcode !== undefined && input.postcode !== row.postcode) {
      const place = input.postcode ? placeOfPostcode(row.region, input.postcode) : null;
      wanted.latitude = place?.latitude ?? null;
      wanted.longitude = place?.longitude ?? null;
    }
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    const changes: Record<string, unknown> = {};
    for (const [column, value] of Object.entries(wanted) as [keyof OrganisationRow, unknown][]) {
      if (row[column] === value) continue;
      changes[column] = value;
      before[column] = row[column];
      after[column] = value;
    }
    if (Object.keys(changes).length === 0) return present(tx, row);
    const updated = await backofficeRepository.updateOrganisation(tx, row.partyId, changes);
    await recordAuditEventBy(tx, auth, {
      action: 'organisation.updated',
      targetPartyId: row.partyId,
      details: { organisation_party_id: row.partyId, before, after },
    });
    return present(tx, updated);
  });
}

/**
 * POST /backoffice/organisations/{id}/suspend and …/unsuspend (admins). While suspended nobody acts
 * for it: the sessions acting for it end now, and new ones act for the person.
 */
export async function setSuspended(
  deps: OrganisationsDeps,
  auth: RequestAuth,
  organisationId: string,
  suspended: boolean,
  reason: string,
): Promise<BackofficeOrganisation> {
  requireGovernor(auth);
  return deps.db.transaction(async (tx) => {
    const row = await loadOrganisation(tx, organisationId, true);
    if (Boolean(row.suspendedAt) === suspended) throw new AppError('conflict');
    const updated = await backofficeRepository.updateOrganisation(tx, row.partyId, {
      suspendedAt: suspended ? new Date() : null,
    });
    if (suspended) await revokeAllSessionsActingFor(tx, row.partyId, 'organisation_suspended');
    await recordAuditEventBy(tx, auth, {
      action: suspended ? 'organisation.suspended' : 'organisation.unsuspended',
      targetPartyId: row.partyId,
      details: { organisation_party_id: row.partyId, reason },
    });
    return present(tx, updated);
  });
}

async function loadMember(executor: Executor, organisationId: string, identityPartyId: string) {
  const member = isUuid(identityPartyId)
    ? await repository.findMember(executor, organisationId, identityPartyId)
    : null;
  if (!member) throw new AppError('not_found');
  return member;
}

/** PATCH /backoffice/organisations/{id}/members/{identityPartyId} (admins); it keeps an admin. */
export async function changeMemberRole(
  deps: OrganisationsDeps,
  auth: RequestAuth,
  organisationId: string,
  identityPartyId: string,
  role: OrganisationRole,
): Promise<Member> {
  requireGovernor(auth);
  return deps.db.transaction(async (tx) => {
    const row = await loadOrganisation(tx, organisationId, true);
    const member = await loadMember(tx, row.partyId, identityPartyId);
    if (member.role === 'admin' && role !== 'admin' && (await repository.countAdmins(tx, row.partyId)) <= 1) {
      throw new AppError('last_admin');
    }
    await repository.updateMemberRole(tx, row.partyId, identityPartyId, role);
    await recordAuditEventBy(tx, auth, {
      action: 'organisation.member_role_changed',
      targetPartyId: identityPartyId,
      details: { organisation_party_id: row.partyId, from: member.role, to: role, by_staff: true },
    });
    return presentMember({ ...member, role });
  });
}

/**
 * DELETE /backoffice/organisations/{id}/members/{identityPartyId} (admins): the person's sessions
 * acting for it end. Removing the last admin is refused, as for the organisation's own admins.
 */
export async function removeMember(
  deps: OrganisationsDeps,
  auth: RequestAuth,
  organisationId: string,
  identityPartyId: string,
): Promise<void> {
  requireGovernor(auth);
  await deps.db.transaction(async (tx) => {
    const row = await loadOrganisation(tx, organisationId, true);
    const member = await loadMember(tx, row.partyId, identityPartyId);
    if (member.role === 'admin' && (await repository.countAdmins(tx, row.partyId)) <= 1) {
      throw new AppError('last_admin');
    }
    await repository.deleteMember(tx, row.partyId, identityPartyId);
    await revokeSessionsActingFor(tx, identityPartyId, row.partyId);
    await identity.forgetDefaultParty(tx, identityPartyId, row.partyId);
    await recordAuditEventBy(tx, auth, {
      action: 'organisation.member_removed',
      targetPartyId: identityPartyId,
      details: { organisation_party_id: row.partyId, role: member.role, by_staff: true },
    });
  });
}

/** GET /distributors (public): listed dealers by town, postcode or name. */
export async function listDistributors(deps: OrganisationsDeps, text: string): Promise<Distributor[]> {
  const rows = await backofficeRepository.listDistributors(deps.db, { text, limit: DISTRIBUTORS_LIMIT });
  return rows.map(presentDistributor);
}
