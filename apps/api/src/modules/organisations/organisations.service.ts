import { LANGUAGE_BY_REGION, type Region, RegionSchema } from '@nbr/domain/locale';
import {
  type BackofficeOrganisationCreate,
  type BackofficeOrganisationCreated,
  type Member,
  type MemberAdd,
  ORGANISATION_INVITATION_TTL_DAYS,
  type Organisation,
  type OrganisationCreate,
  type OrganisationRole,
} from '@nbr/domain/organisations';
import type { Executor } from '../../db/client.ts';
import { recordAuditEvent } from '../../platform/audit/audit.ts';
import type { RequestAuth } from '../../platform/auth/authenticate.ts';
import { revokeSessionsActingFor, setSessionActingParty } from '../../platform/auth/sessions.ts';
import { AppError } from '../../platform/errors.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import type { IdentityDeps } from '../identity/identity.service.ts';
import * as identity from '../identity/identity.service.ts';
import { organisationInvitationMail, organisationMemberAddedMail } from './organisations.mails.ts';
import {
  canActFor,
  canCreateAnyOrganisation,
  canCreateOrganisation,
  canListMembers,
  canManageMembers,
  canRemoveMember,
  canViewOrganisation,
  type OrganisationActor,
} from './organisations.policy.ts';
import { presentMember, presentOrganisation } from './organisations.presenter.ts';
import type { OrganisationRow, OrganisationWithRole } from './organisations.repository.ts';
import * as repository from './organisations.repository.ts';

export type OrganisationsDeps = IdentityDeps;

const DAY_MS = 24 * 60 * 60 * 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function actorOf(auth: RequestAuth): OrganisationActor {
  return { identityPartyId: auth.identityPartyId, staffRole: auth.staffRole };
}

/**
 * The organisation and the caller's role in it, or 404 when the caller may not see it: an id that is
 * not a UUID, an unknown id and someone else's organisation all answer the same.
 */
async function loadVisible(
  executor: Executor,
  auth: RequestAuth,
  organisationId: string,
  lock = false,
): Promise<OrganisationWithRole> {
  if (!UUID.test(organisationId)) throw new AppError('not_found');
  if (lock) await repository.lockOrganisation(executor, organisationId);
  const found = await repository.findOrganisationForMember(executor, organisationId, auth.identityPartyId);
  if (!found || !canViewOrganisation(actorOf(auth), found.role)) throw new AppError('not_found');
  return found;
}

async function createWithFirstAdmin(
  executor: Executor,
  input: OrganisationCreate,
  createdByPartyId: string,
): Promise<OrganisationRow> {
  if (
    input.registration_number &&
    (await repository.isRegistrationNumberTaken(executor, input.region, input.registration_number))
  ) {
    throw new AppError('organisation_exists');
  }
  return repository.insertOrganisation(executor, {
    name: input.name,
    type: input.type,
    region: input.region,
    registrationNumber: input.registration_number,
    createdByPartyId,
  });
}

/** A duplicate registration number that slipped past the check (two creations at once) is the same 409. */
async function translatingDuplicates<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (repository.isUniqueViolation(error)) throw new AppError('organisation_exists');
    throw error;
  }
}

/** A verified person creates a business, club or dealer and becomes its first admin. */
export async function createOrganisation(
  deps: OrganisationsDeps,
  auth: RequestAuth,
  input: OrganisationCreate,
): Promise<Organisation> {
  if (!canCreateOrganisation(actorOf(auth), input.type)) throw new AppError('forbidden');
  return translatingDuplicates(() =>
    deps.db.transaction(async (tx) => {
      const organisation = await createWithFirstAdmin(tx, input, auth.identityPartyId);
      await repository.insertMember(tx, {
        organisationPartyId: organisation.partyId,
        identityPartyId: auth.identityPartyId,
        role: 'admin',
        addedByPartyId: auth.identityPartyId,
      });
      return presentOrganisation(organisation, 'admin');
    }),
  );
}

/** The organisations the signed-in person belongs to, with their role in each. */
export async function listMyOrganisations(
  deps: OrganisationsDeps,
  auth: RequestAuth,
): Promise<Organisation[]> {
  const rows = await repository.listOrganisationsOfMember(deps.db, auth.identityPartyId);
  return rows.map((row) => presentOrganisation(row.organisation, row.role));
}

export async function getOrganisation(
  deps: OrganisationsDeps,
  auth: RequestAuth,
  organisationId: string,
): Promise<Organisation> {
  const found = await loadVisible(deps.db, auth, organisationId);
  return presentOrganisation(found.organisation, found.role);
}

export async function listMembers(
  deps: OrganisationsDeps,
  auth: RequestAuth,
  organisationId: string,
): Promise<Member[]> {
  const found = await loadVisible(deps.db, auth, organisationId);
  if (!canListMembers(actorOf(auth), found.role)) throw new AppError('not_found');
  return (await repository.listMembers(deps.db, organisationId)).map(presentMember);
}

/**
 * Puts a person into the organisation: someone with an account is added and told by mail; an
 * unknown address becomes a business user (no password yet, sessions act for the organisation)
 * who is mailed a link to choose a password.
 */
async function addPerson(
  deps: OrganisationsDeps,
  executor: Executor,
  organisation: OrganisationRow,
  person: { email: string; role: OrganisationRole; firstName: string | null; lastName: string | null },
  addedByPartyId: string | null,
): Promise<{ identityPartyId: string; isNewUser: boolean }> {
  const existing = await identity.findPersonByEmail(executor, person.email);
  if (existing) {
    if (await repository.findMember(executor, organisation.partyId, existing.partyId)) {
      throw new AppError('member_exists');
    }
    await repository.insertMember(executor, {
      organisationPartyId: organisation.partyId,
      identityPartyId: existing.partyId,
      role: person.role,
      addedByPartyId,
    });
    await enqueueMail(
      executor,
      organisationMemberAddedMail({
        to: existing.email,
        language: existing.language,
        organisationName: organisation.name,
        role: person.role,
        link: `${deps.publicUrl}/app/organisations`,
      }),
    );
    return { identityPartyId: existing.partyId, isNewUser: false };
  }
  const region: Region = RegionSchema.catch('dk').parse(organisation.region);
  const created = await identity.createBusinessUser(
    deps,
    executor,
    {
      email: person.email,
      firstName: person.firstName,
      lastName: person.lastName,
      language: LANGUAGE_BY_REGION[region],
      region,
      defaultPartyId: organisation.partyId,
      invitationTtlMs: ORGANISATION_INVITATION_TTL_DAYS * DAY_MS,
    },
    (user, link) =>
      organisationInvitationMail({
        to: user.email,
        language: user.language,
        organisationName: organisation.name,
        link,
      }),
  );
  await repository.insertMember(executor, {
    organisationPartyId: organisation.partyId,
    identityPartyId: created.partyId,
    role: person.role,
    addedByPartyId,
  });
  return { identityPartyId: created.partyId, isNewUser: true };
}

/** An organisation admin adds a member by e-mail. */
export async function addMember(
  deps: OrganisationsDeps,
  auth: RequestAuth,
  organisationId: string,
  input: MemberAdd,
): Promise<Member> {
  try {
    return await deps.db.transaction(async (tx) => {
      const found = await loadVisible(tx, auth, organisationId);
      if (!canManageMembers(actorOf(auth), found.role)) throw new AppError('forbidden');
      const added = await addPerson(
        deps,
        tx,
        found.organisation,
        {
          email: input.email,
          role: input.role,
          firstName: input.first_name ?? null,
          lastName: input.last_name ?? null,
        },
        auth.identityPartyId,
      );
      const member = await repository.findMember(tx, organisationId, added.identityPartyId);
      if (!member) throw new Error('the member just added is missing');
      return presentMember(member);
    });
  } catch (error) {
    // Two admins adding the same address at once: the primary key (or the e-mail index) decides.
    if (repository.isUniqueViolation(error)) throw new AppError('member_exists');
    throw error;
  }
}

/** An organisation admin changes a member's role; the last admin cannot step down. */
export async function changeMemberRole(
  deps: OrganisationsDeps,
  auth: RequestAuth,
  organisationId: string,
  identityPartyId: string,
  role: OrganisationRole,
): Promise<Member> {
  return deps.db.transaction(async (tx) => {
    const found = await loadVisible(tx, auth, organisationId, true);
    if (!canManageMembers(actorOf(auth), found.role)) throw new AppError('forbidden');
    const member = UUID.test(identityPartyId)
      ? await repository.findMember(tx, organisationId, identityPartyId)
      : null;
    if (!member) throw new AppError('not_found');
    if (
      member.role === 'admin' &&
      role !== 'admin' &&
      (await repository.countAdmins(tx, organisationId)) <= 1
    ) {
      throw new AppError('last_admin');
    }
    await repository.updateMemberRole(tx, organisationId, identityPartyId, role);
    return presentMember({ ...member, role });
  });
}

/**
 * An admin removes a member, or a member leaves. The organisation keeps at least one admin; the
 * person's sessions acting for it end, and their next sign-in acts for themself.
 */
export async function removeMember(
  deps: OrganisationsDeps,
  auth: RequestAuth,
  organisationId: string,
  identityPartyId: string,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const found = await loadVisible(tx, auth, organisationId, true);
    if (!canRemoveMember(actorOf(auth), found.role, identityPartyId)) {
      // Staff who are not members see the organisation but have no say in it.
      throw new AppError('forbidden');
    }
    const member = UUID.test(identityPartyId)
      ? await repository.findMember(tx, organisationId, identityPartyId)
      : null;
    if (!member) throw new AppError('not_found');
    if (member.role === 'admin' && (await repository.countAdmins(tx, organisationId)) <= 1) {
      throw new AppError('last_admin');
    }
    await repository.deleteMember(tx, organisationId, identityPartyId);
    await revokeSessionsActingFor(tx, identityPartyId, organisationId);
    await identity.forgetDefaultParty(tx, identityPartyId, organisationId);
  });
}

/**
 * Switches the session between the person and an organisation of theirs, and answers a token for
 * it: the old token stops working (it names the old party). The choice is remembered for the next
 * sign-in, except on a switch-user session, where it is staff's choice and not the person's.
 */
export async function setActingParty(
  deps: OrganisationsDeps,
  auth: RequestAuth,
  partyId: string,
): Promise<string> {
  return deps.db.transaction(async (tx) => {
    let actingPartyId: string | null = null;
    if (partyId !== auth.identityPartyId) {
      const found = await repository.findOrganisationForMember(tx, partyId, auth.identityPartyId);
      if (!canActFor(actorOf(auth), found?.role ?? null)) throw new AppError('forbidden');
      actingPartyId = partyId;
    }
    await setSessionActingParty(tx, auth.sessionId, actingPartyId);
    if (!auth.switchedBy) await identity.setDefaultParty(tx, auth.identityPartyId, actingPartyId);
    return identity.issueTokenForSession(deps, tx, auth.sessionId);
  });
}

/**
 * A backoffice admin creates an organisation of any type (an insurer, the police) with its first
 * admin: an existing person, or a new business user invited by mail. The creation is audit-logged.
 */
export async function createOrganisationInBackoffice(
  deps: OrganisationsDeps,
  auth: RequestAuth,
  input: BackofficeOrganisationCreate,
): Promise<BackofficeOrganisationCreated> {
  if (!canCreateAnyOrganisation(actorOf(auth))) throw new AppError('forbidden');
  return translatingDuplicates(() =>
    deps.db.transaction(async (tx) => {
      const organisation = await createWithFirstAdmin(tx, input, auth.identityPartyId);
      const admin = await addPerson(
        deps,
        tx,
        organisation,
        { email: input.admin_email, role: 'admin', firstName: null, lastName: null },
        auth.identityPartyId,
      );
      await recordAuditEvent(tx, {
        action: 'organisation.create',
        actorPartyId: auth.identityPartyId,
        targetPartyId: organisation.partyId,
        sessionId: auth.sessionId,
        details: {
          type: organisation.type,
          admin_party_id: admin.identityPartyId,
          admin_is_new_user: admin.isNewUser,
        },
      });
      return {
        ...presentOrganisation(organisation, null),
        admin: {
          identity_party_id: admin.identityPartyId,
          email: input.admin_email,
          is_new_user: admin.isNewUser,
        },
      };
    }),
  );
}
