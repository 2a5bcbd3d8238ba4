import {
  AUDIT_EVENTS_LIMIT,
  type AuditEvent,
  type AuditEventsQuery,
  IDENTITY_SEARCH_PAGE_SIZE,
  type IdentitySearchQuery,
  type IdentitySearchResponse,
  type StaffMember,
  type StaffRole,
  SWITCH_USER_TTL_MINUTES,
} from '@nbr/domain/backoffice';
import type { Executor } from '../../db/client.ts';
import { recordAuditEvent } from '../../platform/audit/audit.ts';
import type { RequestAuth } from '../../platform/auth/authenticate.ts';
import { findLiveSession } from '../../platform/auth/sessions.ts';
import { AppError } from '../../platform/errors.ts';
import {
  endSwitchedSession,
  type IdentityDeps,
  issueTokenForSession,
  startSwitchedSession,
} from '../identity/identity.facade.ts';
import { canManageStaff, canSwitchTo } from './backoffice.policy.ts';
import { presentAuditEvent, presentSearchedPerson, presentStaffMember } from './backoffice.presenter.ts';
import * as repository from './backoffice.repository.ts';

export type BackofficeDeps = IdentityDeps;

const SWITCH_USER_TTL_MS = SWITCH_USER_TTL_MINUTES * 60 * 1000;

/**
 * Staff switch into a person's account: a new, short session of that person that remembers the
 * staff member (`act` in its tokens) and the staff session to return to. Audited in the same
 * transaction, so no switch ever happens without its audit row.
 */
export async function switchUser(
  deps: BackofficeDeps,
  auth: RequestAuth,
  targetPartyId: string,
  context: { userAgent: string | null; reason: string },
): Promise<string> {
  return deps.db.transaction(async (tx) => {
    const target = await repository.findPersonWithRole(tx, targetPartyId);
    if (!target) throw new AppError('not_found');
    const staff = {
      identityPartyId: auth.identityPartyId,
      staffRole: auth.staffRole,
      switchedBy: auth.switchedBy,
    };
    if (!canSwitchTo(staff, { identityPartyId: target.person.partyId, staffRole: target.staffRole })) {
      throw new AppError('cannot_switch_to_user');
    }
    return startSwitchedSession(deps, tx, target.person, auth, {
      userAgent: context.userAgent,
      ttlMs: SWITCH_USER_TTL_MS,
      reason: context.reason,
    });
  });
}

/**
 * Ends a switch-user session and answers a token of the staff member's own session. The switch is
 * ended (and audited) first and for good: if the staff session has meanwhile expired or been
 * revoked, the caller gets invalid_token and signs in again, but never stays inside the account.
 */
export async function endSwitch(deps: BackofficeDeps, auth: RequestAuth): Promise<string> {
  const staffPartyId = auth.switchedBy;
  const parentSessionId = auth.parentSessionId;
  if (!staffPartyId || !parentSessionId) throw new AppError('bad_request');
  await deps.db.transaction((tx) => endSwitchedSession(tx, auth, 'switch_back'));
  const parent = await findLiveSession(deps.db, parentSessionId);
  // The parent must still be that staff member's own session; anything else is not a way back.
  if (!parent || parent.partyId !== staffPartyId || parent.impersonatorPartyId) {
    throw new AppError('invalid_token');
  }
  return issueTokenForSession(deps, deps.db, parentSessionId);
}

/** The people search of the backoffice: by e-mail or name, or the newest sign-ups when empty. */
export async function searchIdentities(
  deps: BackofficeDeps,
  auth: RequestAuth,
  query: IdentitySearchQuery,
): Promise<IdentitySearchResponse> {
  await recordAuditEvent(deps.db, {
    action: 'backoffice.identity_search',
    actorPartyId: auth.identityPartyId,
    targetPartyId: null,
    sessionId: auth.sessionId,
    details: { query: query.query, page: query.page },
  });
  const rows = await repository.searchPeople(deps.db, {
    text: query.query,
    limit: IDENTITY_SEARCH_PAGE_SIZE,
    offset: (query.page - 1) * IDENTITY_SEARCH_PAGE_SIZE,
  });
  return {
    results: rows.slice(0, IDENTITY_SEARCH_PAGE_SIZE).map(presentSearchedPerson),
    page: query.page,
    page_size: IDENTITY_SEARCH_PAGE_SIZE,
    has_next_page: rows.length > IDENTITY_SEARCH_PAGE_SIZE,
  };
}

export async function listAuditEvents(deps: BackofficeDeps, query: AuditEventsQuery): Promise<AuditEvent[]> {
  const rows = await repository.listAuditEvents(deps.db, {
    targetPartyId: query.target_party_id,
    actorPartyId: query.actor_party_id,
    limit: AUDIT_EVENTS_LIMIT,
  });
  return rows.map(presentAuditEvent);
}

function refuseUnlessManageable(auth: RequestAuth, targetPartyId: string): void {
  const admin = {
    identityPartyId: auth.identityPartyId,
    staffRole: auth.staffRole,
    switchedBy: auth.switchedBy,
  };
  if (canManageStaff(admin, { identityPartyId: targetPartyId })) return;
  throw new AppError(auth.identityPartyId === targetPartyId ? 'conflict' : 'forbidden');
}

/**
 * Grants a staff role or changes it. The actor is null when an operator grants it from the command
 * line (the first admin of a fresh install has nobody to be granted by).
 */
export async function grantStaffRole(
  executor: Executor,
  input: { actorPartyId: string | null; sessionId: string | null; targetPartyId: string; role: StaffRole },
): Promise<StaffMember> {
  const target = await repository.findPersonWithRole(executor, input.targetPartyId);
  if (!target) throw new AppError('not_found');
  const row = await repository.upsertStaffMember(executor, {
    identityPartyId: input.targetPartyId,
    role: input.role,
    grantedByPartyId: input.actorPartyId,
    now: new Date(),
  });
  if (target.staffRole !== input.role) {
    await recordAuditEvent(executor, {
      action: 'staff.grant',
      actorPartyId: input.actorPartyId,
      targetPartyId: input.targetPartyId,
      sessionId: input.sessionId,
      details: { role: input.role, previous_role: target.staffRole },
    });
  }
  return presentStaffMember(row);
}

/** PUT /backoffice/staff/{id}: an admin grants or changes someone else's role. */
export async function setStaffRole(
  deps: BackofficeDeps,
  auth: RequestAuth,
  targetPartyId: string,
  role: StaffRole,
): Promise<StaffMember> {
  refuseUnlessManageable(auth, targetPartyId);
  return deps.db.transaction((tx) =>
    grantStaffRole(tx, {
      actorPartyId: auth.identityPartyId,
      sessionId: auth.sessionId,
      targetPartyId,
      role,
    }),
  );
}

/**
 * Removes someone's staff role. It takes effect on their next request (the role is read per
 * request), and any switch-user session they have open in someone's account ends at once.
 */
export async function removeStaffRole(
  deps: BackofficeDeps,
  auth: RequestAuth,
  targetPartyId: string,
): Promise<void> {
  refuseUnlessManageable(auth, targetPartyId);
  await deps.db.transaction(async (tx) => {
    const member = await repository.findStaffMember(tx, targetPartyId);
    if (!member) throw new AppError('not_found');
    await repository.deleteStaffMember(tx, targetPartyId);
    const endedSessions = await repository.revokeSwitchSessionsBy(tx, targetPartyId);
    await recordAuditEvent(tx, {
      action: 'staff.revoke',
      actorPartyId: auth.identityPartyId,
      targetPartyId,
      sessionId: auth.sessionId,
      details: { previous_role: member.role, ended_switch_sessions: endedSessions.length },
    });
  });
}

/** For the command-line tool: the person signing in with this address, if any. */
export function findPersonByEmail(executor: Executor, email: string) {
  return repository.findPersonByEmail(executor, email);
}
