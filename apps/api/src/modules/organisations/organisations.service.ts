import { createHash, randomBytes } from 'node:crypto';
import { LANGUAGE_BY_REGION, RegionSchema } from '@nbr/domain/locale';
import {
  type BackofficeOrganisationCreate,
  type BackofficeOrganisationCreated,
  type Invitation,
  type InvitationAccepted,
  type InvitationCreate,
  type InvitationDetails,
  type Member,
  ORGANISATION_INVITATION_TTL_DAYS,
  type Organisation,
  type OrganisationCreate,
  type OrganisationRole,
} from '@nbr/domain/organisations';
import type { Executor } from '../../db/client.ts';
import { recordAuditEvent, recordAuditEventBy } from '../../platform/audit/audit.ts';
import type { RequestAuth } from '../../platform/auth/authenticate.ts';
import { revokeSessionsActingFor, setSessionActingParty } from '../../platform/auth/sessions.ts';
import { AppError } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import type { IdentityDeps } from '../identity/identity.facade.ts';
import * as identity from '../identity/identity.facade.ts';
import { organisationInvitationMail } from './organisations.mails.ts';
import {
  canActFor,
  canCreateInBackoffice,
  canCreateOrganisation,
  canListMembers,
  canManageInvitations,
  canManageMembers,
  canRemoveMember,
  canViewOrganisation,
  type OrganisationActor,
} from './organisations.policy.ts';
import {
  presentInvitation,
  presentInvitationDetails,
  presentMember,
  presentOrganisation,
} from './organisations.presenter.ts';
import type { OrganisationRow, OrganisationWithRole } from './organisations.repository.ts';
import * as repository from './organisations.repository.ts';

export type OrganisationsDeps = IdentityDeps;

const DAY_MS = 24 * 60 * 60 * 1000;
function actorOf(auth: RequestAuth): OrganisationActor {
  return { identityPartyId: auth.identityPartyId, staffRole: auth.staffRole, switchedBy: auth.switchedBy };
}

function hashCode(code: string): string {
  return createHash('sha256').update(code).digest('hex');
}

/**
 * The organisation, the caller's role in it and the caller as the policies see them, or 404 when the
 * caller may not see it (an id that is not a UUID, an unknown id and someone else's organisation
 * answer the same). The first step of every organisation route that then asks a policy of its own
 * (API keys, the webhook, the subscription).
 */
export async function viewableMembership(
  deps: { db: Executor },
  auth: RequestAuth,
  organisationId: string,
): Promise<{ organisation: OrganisationWithRole; actor: OrganisationActor }> {
  if (!isUuid(organisationId)) throw new AppError('not_found');
  const found = await repository.findOrganisationForMember(deps.db, organisationId, auth.identityPartyId);
  const actor = actorOf(auth);
  if (!found || !canViewOrganisation(actor, found.role)) throw new AppError('not_found');
  return { organisation: found, actor };
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
  if (!isUuid(organisationId)) throw new AppError('not_found');
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
  // Staff switched into a verified person must not found organisations in that person's name.
  if (auth.switchedBy) throw new AppError('not_allowed_while_switched');
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
      await recordAuditEventBy(tx, auth, {
        action: 'organisation.create',
        targetPartyId: organisation.partyId,
        details: { type: organisation.type },
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

/** Someone with organisation powers must be the person themself, never staff switched into them. */
function refuseSwitched(auth: RequestAuth): void {
  if (auth.switchedBy) throw new AppError('not_allowed_while_switched');
}

/**
 * Opens an invitation for an address (or renews the open one: new code, expiry and role, so only
 * the newest mail works) and mails the link. Whether the address has an account changes nothing in
 * the answer; it only picks the mail's language. Run it in the caller's transaction.
 */
async function sendInvitation(
  deps: OrganisationsDeps,
  executor: Executor,
  organisation: OrganisationRow,
  input: InvitationCreate,
  invitedBy: { partyId: string | null; name: string | null },
): Promise<{ invitation: Invitation; renewed: boolean }> {
  const now = new Date();
  const code = randomBytes(32).toString('base64url');
  const values = {
    role: input.role,
    invitedByPartyId: invitedBy.partyId,
    codeHash: hashCode(code),
    expiresAt: new Date(now.getTime() + ORGANISATION_INVITATION_TTL_DAYS * DAY_MS),
    now,
  };
  const open = await repository.findOpenInvitation(executor, organisation.partyId, input.email);
  const row = open
    ? await repository.renewInvitation(executor, open.id, values)
    : await repository.insertInvitation(executor, {
        ...values,
        organisationPartyId: organisation.partyId,
        email: input.email,
      });
  const recipient = await identity.findPersonByEmail(executor, input.email);
  const region = RegionSchema.catch('dk').parse(organisation.region);
  await enqueueMail(
    executor,
    organisationInvitationMail({
      to: input.email,
      language: recipient?.language ?? LANGUAGE_BY_REGION[region],
      organisationName: organisation.name,
      invitedBy: invitedBy.name,
      role: input.role,
      link: `${deps.publicUrl}/app/organisations/invitations/${code}`,
    }),
  );
  return { invitation: presentInvitation(row), renewed: open !== null };
}

/** The caller's name as an invitation mail shows it, their address when they gave no name. */
async function inviterName(executor: Executor, auth: RequestAuth): Promise<string> {
  const person = await identity.findPersonById(executor, auth.identityPartyId);
  const name = [person?.firstName, person?.lastName].filter(Boolean).join(' ');
  return name === '' ? (person?.email ?? '') : name;
}

/** An organisation admin invites an address; the owner of the address decides whether to join. */
export async function inviteMember(
  deps: OrganisationsDeps,
  auth: RequestAuth,
  organisationId: string,
  input: InvitationCreate,
): Promise<Invitation> {
  refuseSwitched(auth);
  return deps.db.transaction(async (tx) => {
    // Locked: two admins inviting the same address at once renew one invitation, not race to two.
    const found = await loadVisible(tx, auth, organisationId, true);
    if (!canManageInvitations(actorOf(auth), found.role)) throw new AppError('forbidden');
    // Only a current member's address is refused: admins see the member list anyway.
    if (await repository.isMemberEmail(tx, organisationId, input.email)) throw new AppError('member_exists');
    const { invitation, renewed } = await sendInvitation(deps, tx, found.organisation, input, {
      partyId: auth.identityPartyId,
      name: await inviterName(tx, auth),
    });
    await recordAuditEventBy(tx, auth, {
      action: 'organisation.invitation_sent',
      targetPartyId: organisationId,
      details: {
        invitation_id: invitation.id,
        email: invitation.email,
        role: invitation.role,
        renewed,
      },
    });
    return invitation;
  });
}

/** The organisation's open invitations (admins only: addresses of people who have not joined). */
export async function listInvitations(
  deps: OrganisationsDeps,
  auth: RequestAuth,
  organisationId: string,
): Promise<Invitation[]> {
  const found = await loadVisible(deps.db, auth, organisationId);
  if (!canManageInvitations(actorOf(auth), found.role)) throw new AppError('forbidden');
  const rows = await repository.listPendingInvitations(deps.db, organisationId, new Date());
  return rows.map(presentInvitation);
}

/** An admin withdraws an open invitation; its link stops working. */
export async function revokeInvitation(
  deps: OrganisationsDeps,
  auth: RequestAuth,
  organisationId: string,
  invitationId: string,
): Promise<void> {
  refuseSwitched(auth);
  await deps.db.transaction(async (tx) => {
    const found = await loadVisible(tx, auth, organisationId, true);
    if (!canManageInvitations(actorOf(auth), found.role)) throw new AppError('forbidden');
    const revoked = isUuid(invitationId)
      ? await repository.revokeInvitation(tx, organisationId, invitationId, new Date())
      : null;
    if (!revoked) throw new AppError('not_found');
    await recordAuditEventBy(tx, auth, {
      action: 'organisation.invitation_revoked',
      targetPartyId: organisationId,
      details: { invitation_id: revoked.id, email: revoked.email },
    });
  });
}

/** The usable invitation behind a mailed code; anything else (unknown, used, expired) is one answer. */
async function usableInvitation(executor: Executor, code: string, lock = false) {
  const found =
    code.length > 0
      ? await repository.findUsableInvitation(executor, hashCode(code), new Date(), lock)
      : null;
  if (!found) throw new AppError('invitation_invalid');
  return found;
}

/** What the holder of an invitation link is asked to accept. The code is the secret. */
export async function getInvitation(deps: OrganisationsDeps, code: string): Promise<InvitationDetails> {
  const found = await usableInvitation(deps.db, code);
  return presentInvitationDetails(found.invitation, found.organisation);
}

/**
 * The invited person joins: only with the account of the address the invitation was mailed to, so a
 * forwarded or leaked link lets nobody else in. Following the link proves that mailbox, so the
 * address counts as confirmed. The session then acts for the organisation, and so do later sign-ins
 * (how insurer and shop staff land on their organisation).
 */
export async function acceptInvitation(
  deps: OrganisationsDeps,
  auth: RequestAuth,
  code: string,
): Promise<InvitationAccepted> {
  refuseSwitched(auth);
  return deps.db.transaction(async (tx) => {
    const { invitation, organisation } = await usableInvitation(tx, code, true);
    const person = await identity.findPersonById(tx, auth.identityPartyId);
    if (!person || person.email.toLowerCase() !== invitation.email) {
      throw new AppError('invitation_email_mismatch', { email: invitation.email });
    }
    await repository.lockOrganisation(tx, organisation.partyId);
    if (await repository.findMember(tx, organisation.partyId, person.partyId)) {
      throw new AppError('member_exists');
    }
    const now = new Date();
    if (!(await repository.closeInvitation(tx, invitation.id, { acceptedByPartyId: person.partyId }, now))) {
      throw new AppError('invitation_invalid');
    }
    await repository.insertMember(tx, {
      organisationPartyId: organisation.partyId,
      identityPartyId: person.partyId,
      role: invitation.role,
      addedByPartyId: invitation.invitedByPartyId,
    });
    await identity.markEmailProven(tx, person, now);
    await setSessionActingParty(tx, auth.sessionId, organisation.partyId);
    await identity.setDefaultParty(tx, person.partyId, organisation.partyId);
    await recordAuditEvent(tx, {
      action: 'organisation.member_joined',
      actorPartyId: person.partyId,
      targetPartyId: organisation.partyId,
      sessionId: auth.sessionId,
      details: {
        invitation_id: invitation.id,
        role: invitation.role,
        invited_by: invitation.invitedByPartyId,
      },
    });
    return {
      organisation: presentOrganisation(organisation, invitation.role),
      role: invitation.role,
      authentication_token: await identity.issueTokenForSession(deps, tx, auth.sessionId),
    };
  });
}

/** The invited person says no; the link stops working. Same address rule as accepting. */
export async function declineInvitation(
  deps: OrganisationsDeps,
  auth: RequestAuth,
  code: string,
): Promise<void> {
  refuseSwitched(auth);
  await deps.db.transaction(async (tx) => {
    const { invitation } = await usableInvitation(tx, code, true);
    const person = await identity.findPersonById(tx, auth.identityPartyId);
    if (!person || person.email.toLowerCase() !== invitation.email) {
      throw new AppError('invitation_email_mismatch', { email: invitation.email });
    }
    if (!(await repository.closeInvitation(tx, invitation.id, { declined: true }, new Date()))) {
      throw new AppError('invitation_invalid');
    }
  });
}

/** An organisation admin changes a member's role; the last admin cannot step down. */
export async function changeMemberRole(
  deps: OrganisationsDeps,
  auth: RequestAuth,
  organisationId: string,
  identityPartyId: string,
  role: OrganisationRole,
): Promise<Member> {
  refuseSwitched(auth);
  return deps.db.transaction(async (tx) => {
    const found = await loadVisible(tx, auth, organisationId, true);
    if (!canManageMembers(actorOf(auth), found.role)) throw new AppError('forbidden');
    const member = isUuid(identityPartyId)
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
    await recordAuditEventBy(tx, auth, {
      action: 'organisation.member_role_changed',
      targetPartyId: organisationId,
      details: { member_party_id: identityPartyId, from: member.role, to: role },
    });
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
  refuseSwitched(auth);
  await deps.db.transaction(async (tx) => {
    const found = await loadVisible(tx, auth, organisationId, true);
    if (!canRemoveMember(actorOf(auth), found.role, identityPartyId)) {
      // Staff who are not members see the organisation but have no say in it.
      throw new AppError('forbidden');
    }
    const member = isUuid(identityPartyId)
      ? await repository.findMember(tx, organisationId, identityPartyId)
      : null;
    if (!member) throw new AppError('not_found');
    if (member.role === 'admin' && (await repository.countAdmins(tx, organisationId)) <= 1) {
      throw new AppError('last_admin');
    }
    await repository.deleteMember(tx, organisationId, identityPartyId);
    await revokeSessionsActingFor(tx, identityPartyId, organisationId);
    await identity.forgetDefaultParty(tx, identityPartyId, organisationId);
    await recordAuditEventBy(tx, auth, {
      action: 'organisation.member_removed',
      targetPartyId: organisationId,
      details: {
        member_party_id: identityPartyId,
        role: member.role,
        left: identityPartyId === auth.identityPartyId,
      },
    });
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
      if (found?.organisation.suspendedAt) throw new AppError('organisation_suspended');
      actingPartyId = partyId;
    }
    await setSessionActingParty(tx, auth.sessionId, actingPartyId);
    if (!auth.switchedBy) await identity.setDefaultParty(tx, auth.identityPartyId, actingPartyId);
    return identity.issueTokenForSession(deps, tx, auth.sessionId);
  });
}

/**
 * Backoffice staff create an organisation (admins of any type: an insurer, the police). It starts with no
 * members: its first admin is invited like anyone else and joins by accepting with their own account.
 * The creation and the invitation are audit-logged.
 */
export async function createOrganisationInBackoffice(
  deps: OrganisationsDeps,
  auth: RequestAuth,
  input: BackofficeOrganisationCreate,
): Promise<BackofficeOrganisationCreated> {
  if (!canCreateInBackoffice(actorOf(auth), input.type)) {
    throw new AppError(auth.staffRole ? 'admin_only_organisation_type' : 'forbidden');
  }
  return translatingDuplicates(() =>
    deps.db.transaction(async (tx) => {
      const organisation = await createWithFirstAdmin(tx, input, auth.identityPartyId);
      // The mail names the registry rather than the staff member: the organisation deals with us.
      const { invitation } = await sendInvitation(
        deps,
        tx,
        organisation,
        { email: input.admin_email, role: 'admin' },
        { partyId: auth.identityPartyId, name: null },
      );
      await recordAuditEvent(tx, {
        action: 'organisation.create',
        actorPartyId: auth.identityPartyId,
        targetPartyId: organisation.partyId,
        sessionId: auth.sessionId,
        details: { type: organisation.type, invitation_id: invitation.id },
      });
      await recordAuditEvent(tx, {
        action: 'organisation.invitation_sent',
        actorPartyId: auth.identityPartyId,
        targetPartyId: organisation.partyId,
        sessionId: auth.sessionId,
        details: { invitation_id: invitation.id, email: invitation.email, role: 'admin', renewed: false },
      });
      return { ...presentOrganisation(organisation, null), invitation };
    }),
  );
}
