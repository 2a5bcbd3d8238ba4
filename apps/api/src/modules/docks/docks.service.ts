import {
  DOCK_ORGANISATION_SEARCH_LIMIT,
  type DockListSchema,
  type DockLocks,
  type DockOperation,
  type DockOrganisationList,
  type DockOrganisationQuery,
  type DockWrite,
  type LeftBehindList,
  type LockHistory,
  type LockHistoryQuery,
  type OperatorDockList,
  type OperatorLock,
} from '@nbr/domain/docks';
import { canHoldBikesForOwners, type Pickup, type PickupCreate } from '@nbr/domain/finds';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import { recordAuditEventBy } from '../../platform/audit/audit.ts';
import type { RequestAuth } from '../../platform/auth/authenticate.ts';
import { AppError, ValidationError } from '../../platform/errors.ts';
import type { IdempotencyClaim } from '../../platform/http/idempotency.ts';
import { isUuid, uuidv7 } from '../../platform/ids.ts';
import { findBikeForOwnership } from '../bikes/bikes.facade.ts';
import {
  findActingOrganisation,
  findOrganisationsByIds,
  findPersonById,
} from '../identity/identity.facade.ts';
import { createHeldBikeById } from '../theft/theft.facade.ts';
import type { DocksDeps } from './docks.deps.ts';
import {
  type DockForPolicy,
  mayCreateDock,
  mayOperateDock,
  maySeeDock,
  mayUseDock,
  type PersonForPolicy,
} from './docks.policy.ts';
import {
  isLeftBehind,
  presentDockOrganisation,
  presentDockSummary,
  presentLeftBehind,
  presentLockCommand,
  presentLockEvent,
  presentLockView,
  presentOperatorDevice,
  presentOperatorDock,
  presentOperatorDockSummary,
  presentOperatorLock,
} from './docks.presenter.ts';
import * as repository from './docks.repository.ts';
import { dockChannel } from './lock-state.ts';

/*
 * Docks (issue 28): the person's list of docks they may use and a dock's locks now; the operator's
 * side (an admin or dock operator of the organisation running the dock, acting for it): create,
 * edit and close docks, relabel locks, read a lock's history, take a lock out of service and back,
 * list bikes left longer than the dock allows and hand one to the held-bike workflow. A dock the
 * caller may not use or run answers 404 dock_not_found, so nobody learns it exists.
 */

type DockRow = repository.DockRow;
type DockList = z.infer<typeof DockListSchema>;

function requireDockId(value: string): string {
  if (!isUuid(value)) throw new AppError('dock_not_found');
  return value.toLowerCase();
}

function requireLockId(value: string): string {
  if (!isUuid(value)) throw new AppError('lock_not_found');
  return value.toLowerCase();
}

function policyDock(dock: DockRow, access: repository.DockAccessLists): DockForPolicy {
  return {
    operatorPartyId: dock.operatorPartyId,
    access: dock.access as DockForPolicy['access'],
    organisationIds: access.organisationIds,
    peopleEmails: access.peopleEmails,
    closedAt: dock.closedAt,
  };
}

/** The person behind a session, as the dock policy sees them (their address and organisations). */
export async function personForPolicy(executor: Executor, identityPartyId: string): Promise<PersonForPolicy> {
  const [person, organisationIds] = await Promise.all([
    findPersonById(executor, identityPartyId),
    repository.organisationIdsOfPerson(executor, identityPartyId),
  ]);
  if (!person) throw new AppError('not_authenticated');
  return { partyId: identityPartyId, email: person.email, organisationIds };
}

/** The organisation the session acts for and the person's role in it (mayOperateDock, mayCreateDock). */
async function operatorOf(executor: Executor, auth: Pick<RequestAuth, 'partyId' | 'identityPartyId'>) {
  const acting = await findActingOrganisation(executor, auth);
  return { actingOrganisationId: acting?.partyId ?? null, role: acting?.role ?? null };
}

/**
 * A dock the caller runs (FOR UPDATE when `lock`); 404 dock_not_found for any other. The operator's
 * routes of the other docks files (devices, remote opening) check the same way.
 */
export async function requireOperatedDock(
  executor: Executor,
  auth: Pick<RequestAuth, 'partyId' | 'identityPartyId'>,
  dockId: string,
  lock = false,
): Promise<DockRow> {
  const id = requireDockId(dockId);
  const dock = await repository.findDock(executor, id, lock);
  if (!dock || !mayOperateDock(await operatorOf(executor, auth), dock)) throw new AppError('dock_not_found');
  return dock;
}

/** Refuses changes to a closed dock (it stays for its history, its bikes can still be handed over). */
function requireNotClosed(dock: DockRow): void {
  if (dock.closedAt !== null) throw new AppError('dock_closed_down');
}

async function operatorNames(executor: Executor, partyIds: readonly string[]): Promise<Map<string, string>> {
  const organisations = await findOrganisationsByIds(executor, [...new Set(partyIds)]);
  return new Map([...organisations].map(([id, organisation]) => [id, organisation.name]));
}

/** GET /api/docks: the docks I may use now, with their free locks. */
export async function listDocksForPerson(deps: DocksDeps, auth: RequestAuth): Promise<DockList> {
  const now = new Date();
  const person = await personForPolicy(deps.db, auth.identityPartyId);
  const [candidates, parkedIn] = await Promise.all([
    repository.listCandidateDocksForPerson(deps.db, person),
    repository.dockIdsWithOpenParkingOf(deps.db, person.partyId),
  ]);
  // Docks where my bike stands stay mine to see, whatever their access or state now (maySeeDock).
  const known = new Set(candidates.map((dock) => dock.id));
  const extra = await repository.findDocks(
    deps.db,
    parkedIn.filter((id) => !known.has(id)),
  );
  const all = [...candidates, ...extra].sort(
    (a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id),
  );
  const access = await repository.findAccessLists(
    deps.db,
    all.map((dock) => dock.id),
  );
  const usable = all.filter((dock) =>
    maySeeDock(
      person,
      policyDock(dock, access.get(dock.id) ?? { organisationIds: [], peopleEmails: [] }),
      parkedIn.includes(dock.id),
    ),
  );
  const [locks, names] = await Promise.all([
    repository.listLocksOfDocks(
      deps.db,
      usable.map((dock) => dock.id),
    ),
    operatorNames(
      deps.db,
      usable.map((dock) => dock.operatorPartyId),
    ),
  ]);
  return {
    docks: usable.map((dock) =>
      presentDockSummary(
        dock,
        locks.filter((lock) => lock.dockId === dock.id),
        { operatorName: names.get(dock.operatorPartyId) ?? '', personPartyId: person.partyId, now },
      ),
    ),
  };
}

async function requirePersonsDock(
  executor: Executor,
  identityPartyId: string,
  dockId: string,
  purpose: 'use' | 'see',
): Promise<{ dock: DockRow; person: PersonForPolicy }> {
  const id = requireDockId(dockId);
  const found = await repository.findDockForPerson(executor, id, identityPartyId);
  if (!found) throw new AppError('dock_not_found');
  const { dock, access } = found;
  if (found.person.email === null) throw new AppError('not_authenticated');
  const person: PersonForPolicy = {
    partyId: identityPartyId,
    email: found.person.email,
    organisationIds: found.person.organisationIds,
  };
  const facts = policyDock(dock, access);
  const allowed =
    purpose === 'use' ? mayUseDock(person, facts) : maySeeDock(person, facts, found.person.parkedHere);
  if (!allowed) throw new AppError('dock_not_found');
  return { dock, person };
}

/**
 * A dock the person behind the session may use (mayUseDock: lock a bike in it), with the person as
 * the policy saw them; 404 dock_not_found for a malformed id, an unknown dock and one they may not
 * use alike. The person's lock route of the other docks files checks the same way.
 */
export async function requireUsableDock(
  executor: Executor,
  /** The person behind the session (a websocket's session knows no more). */
  identityPartyId: string,
  dockId: string,
): Promise<{ dock: DockRow; person: PersonForPolicy }> {
  return requirePersonsDock(executor, identityPartyId, dockId, 'use');
}

/**
 * A dock the person may see (maySeeDock: they may use it, or their bike is locked in it): its locks,
 * its live channel, unlocking their own bike. 404 dock_not_found otherwise, as requireUsableDock.
 */
export async function requireVisibleDock(
  executor: Executor,
  identityPartyId: string,
  dockId: string,
): Promise<{ dock: DockRow; person: PersonForPolicy }> {
  return requirePersonsDock(executor, identityPartyId, dockId, 'see');
}

/** GET /api/docks/{dockId}/locks: each lock's state now; mine marked, nobody else's parking shown. */
export async function dockLocksForPerson(
  deps: DocksDeps,
  auth: RequestAuth,
  dockId: string,
): Promise<DockLocks> {
  const now = new Date();
  const { dock, person } = await requireVisibleDock(deps.db, auth.identityPartyId, dockId);
  const id = dock.id;
  const [locks, names] = await Promise.all([
    repository.listLocksOfDocks(deps.db, [id]),
    operatorNames(deps.db, [dock.operatorPartyId]),
  ]);
  const myBikeIds = locks.flatMap((lock) =>
    lock.parking?.partyId === person.partyId && lock.parking.bikeId ? [lock.parking.bikeId] : [],
  );
  const bikeNames = new Map<string, string>();
  for (const bikeId of myBikeIds) {
    const bike = await findBikeForOwnership(deps.db, bikeId);
    if (bike) bikeNames.set(bikeId, bike.nickname);
  }
  return {
    dock: presentDockSummary(dock, locks, {
      operatorName: names.get(dock.operatorPartyId) ?? '',
      personPartyId: person.partyId,
      now,
    }),
    locks: locks.map((lock) => presentLockView(lock, { personPartyId: person.partyId, bikeNames, now })),
  };
}

/** GET /api/operator/docks: the docks of the organisation I act for, with their occupancy. */
export async function listOperatorDocks(deps: DocksDeps, auth: RequestAuth): Promise<OperatorDockList> {
  const now = new Date();
  const operator = await operatorOf(deps.db, auth);
  if (!mayCreateDock(operator) || operator.actingOrganisationId === null) throw new AppError('forbidden');
  const docks = await repository.listDocksOfOperator(deps.db, operator.actingOrganisationId);
  const locks = await repository.listLocksOfDocks(
    deps.db,
    docks.map((dock) => dock.id),
  );
  return {
    docks: docks.map((dock) =>
      presentOperatorDockSummary(
        dock,
        locks.filter((lock) => lock.dockId === dock.id),
        now,
      ),
    ),
  };
}

/**
 * GET /api/operator/organisations: organisations of the register whose name contains the query, to
 * list on a dock; for those who may create docks (403 otherwise). The caller's own organisation is
 * left out: its members may always use its docks.
 */
export async function searchDockOrganisations(
  deps: DocksDeps,
  auth: RequestAuth,
  query: DockOrganisationQuery,
): Promise<DockOrganisationList> {
  const operator = await operatorOf(deps.db, auth);
  if (!mayCreateDock(operator) || operator.actingOrganisationId === null) throw new AppError('forbidden');
  const rows = await repository.searchListableOrganisations(deps.db, query.q, {
    limit: DOCK_ORGANISATION_SEARCH_LIMIT,
    excludePartyId: operator.actingOrganisationId,
  });
  return { organisations: rows.map(presentDockOrganisation) };
}

/**
 * Organisations named in the access list must exist and not be suspended: any of the register, not
 * only the caller's own (a municipality lists a housing association it does not belong to). One
 * already listed on the dock (`listedBefore`) stays listable though suspended since, so editing the
 * dock's other settings does not fail on it. 422 invalid_value on each other.
 */
async function checkAccessLists(
  executor: Executor,
  input: DockWrite,
  listedBefore: readonly string[] = [],
): Promise<repository.DockAccessLists> {
  if (input.access === 'signed_in') return { organisationIds: [], peopleEmails: [] };
  if (input.access === 'people') return { organisationIds: [], peopleEmails: [...new Set(input.people)] };
  const ids = [...new Set(input.organisation_ids.map((id) => id.toLowerCase()))];
  const found = await repository.findOrganisationStates(executor, ids);
  const isListable = (id: string) => {
    const organisation = found.get(id);
    return organisation !== undefined && (!organisation.isSuspended || listedBefore.includes(id));
  };
  const issues = input.organisation_ids.flatMap((id, index) =>
    isListable(id.toLowerCase()) ? [] : [{ loc: ['body', 'organisation_ids', index], type: 'invalid_value' }],
  );
  if (issues.length > 0) throw new ValidationError(issues);
  return { organisationIds: ids, peopleEmails: [] };
}

function dockValues(input: DockWrite) {
  return {
    name: input.name,
    region: input.region,
    streetAddress: input.street_address,
    postcode: input.postcode,
    town: input.town,
    latitude: input.latitude,
    longitude: input.longitude,
    openingHours: input.opening_hours,
    access: input.access,
    maxParkingHours: input.max_parking_hours,
  };
}

/** The operator's view of one dock: its settings and access lists, devices and locks. */
async function operation(executor: Executor, dock: DockRow, now: Date): Promise<DockOperation> {
  const [access, devices, locks] = await Promise.all([
    repository.findAccessLists(executor, [dock.id]),
    repository.listDevicesOfDock(executor, dock.id),
    repository.listLocksOfDocks(executor, [dock.id], { withRetired: true }),
  ]);
  const lists = access.get(dock.id) ?? { organisationIds: [], peopleEmails: [] };
  const names = await operatorNames(executor, lists.organisationIds);
  return {
    dock: presentOperatorDock(dock, lists, names, now),
    devices: devices.map((device) => presentOperatorDevice(device, now)),
    locks: locks.map((lock) => presentOperatorLock(dock, lock, now)),
  };
}

/** POST /api/docks: a new dock of the organisation I act for (its admins and dock operators). */
export async function createDock(
  deps: DocksDeps,
  auth: RequestAuth,
  input: DockWrite,
): Promise<DockOperation> {
  const now = new Date();
  return deps.db.transaction(async (tx) => {
    const operator = await operatorOf(tx, auth);
    if (!mayCreateDock(operator) || operator.actingOrganisationId === null) throw new AppError('forbidden');
    const lists = await checkAccessLists(tx, input);
    const dock = await repository.insertDock(tx, {
      id: uuidv7(now.getTime()),
      operatorPartyId: operator.actingOrganisationId,
      ...dockValues(input),
      createdAt: now,
      updatedAt: now,
    });
    await repository.replaceAccessLists(tx, dock.id, lists);
    await recordAuditEventBy(tx, auth, {
      action: 'dock.created',
      targetPartyId: null,
      details: { organisation_party_id: dock.operatorPartyId, dock_id: dock.id, access: dock.access },
    });
    return operation(tx, dock, now);
  });
}

/** GET /api/docks/{dockId}/operation. */
export async function getDockOperation(
  deps: DocksDeps,
  auth: RequestAuth,
  dockId: string,
): Promise<DockOperation> {
  const dock = await requireOperatedDock(deps.db, auth, dockId);
  return operation(deps.db, dock, new Date());
}

/** PUT /api/docks/{dockId}: settings and access lists replaced as given. */
export async function updateDock(
  deps: DocksDeps,
  auth: RequestAuth,
  dockId: string,
  input: DockWrite,
): Promise<DockOperation> {
  const now = new Date();
  return deps.db.transaction(async (tx) => {
    const dock = await requireOperatedDock(tx, auth, dockId, true);
    requireNotClosed(dock);
    const before = (await repository.findAccessLists(tx, [dock.id])).get(dock.id);
    const lists = await checkAccessLists(tx, input, before?.organisationIds ?? []);
    const updated = await repository.updateDock(tx, dock.id, { ...dockValues(input), updatedAt: now });
    await repository.replaceAccessLists(tx, dock.id, lists);
    await recordAuditEventBy(tx, auth, {
      action: 'dock.updated',
      targetPartyId: null,
      details: { organisation_party_id: dock.operatorPartyId, dock_id: dock.id, access: updated.access },
    });
    return operation(tx, updated, now);
  });
}

/** POST /api/docks/{dockId}/close: listed to nobody but its operator from now on. */
export async function closeDock(deps: DocksDeps, auth: RequestAuth, dockId: string): Promise<DockOperation> {
  const now = new Date();
  return deps.db.transaction(async (tx) => {
    const dock = await requireOperatedDock(tx, auth, dockId, true);
    requireNotClosed(dock);
    const closed = await repository.updateDock(tx, dock.id, { closedAt: now, updatedAt: now });
    await recordAuditEventBy(tx, auth, {
      action: 'dock.closed',
      targetPartyId: null,
      details: { organisation_party_id: dock.operatorPartyId, dock_id: dock.id },
    });
    return operation(tx, closed, now);
  });
}

async function operatorLock(
  executor: Executor,
  dock: DockRow,
  lockId: string,
  now: Date,
): Promise<OperatorLock> {
  const [lock] = await repository.listLocksOfDocks(executor, [dock.id], { withRetired: true, lockId });
  if (!lock) throw new AppError('lock_not_found');
  return presentOperatorLock(dock, lock, now);
}

/** PUT /api/docks/{dockId}/locks/{lockId}/label: what people read on the lock. */
export async function relabelLock(
  deps: DocksDeps,
  auth: RequestAuth,
  dockId: string,
  lockId: string,
  label: string,
): Promise<OperatorLock> {
  const now = new Date();
  const id = requireLockId(lockId);
  try {
    return await deps.db.transaction(async (tx) => {
      const dock = await requireOperatedDock(tx, auth, dockId);
      requireNotClosed(dock);
      const lock = await repository.findLockOfDock(tx, dock.id, id, true);
      if (!lock) throw new AppError('lock_not_found');
      if (lock.label !== label) {
        if (await repository.isLabelTaken(tx, dock.id, label, lock.id))
          throw new AppError('lock_label_taken');
        await repository.updateLock(tx, lock.id, { label });
        await recordAuditEventBy(tx, auth, {
          action: 'dock.lock_relabelled',
          targetPartyId: null,
          details: {
            organisation_party_id: dock.operatorPartyId,
            dock_id: dock.id,
            lock_id: lock.id,
            label,
            previous_label: lock.label,
          },
        });
      }
      return operatorLock(tx, dock, lock.id, now);
    });
  } catch (error) {
    // Two relabels at once to the same label: the unique index lets one win.
    if (repository.isLabelTakenError(error)) throw new AppError('lock_label_taken');
    throw error;
  }
}

/** GET /api/docks/{dockId}/locks/{lockId}/history: events and commands, newest first, never who. */
export async function lockHistory(
  deps: DocksDeps,
  auth: RequestAuth,
  dockId: string,
  lockId: string,
  query: LockHistoryQuery,
): Promise<LockHistory> {
  const now = new Date();
  const id = requireLockId(lockId);
  const dock = await requireOperatedDock(deps.db, auth, dockId);
  const lock = await operatorLock(deps.db, dock, id, now);
  let before: repository.HistoryPosition | null = null;
  if (query.cursor) {
    before = await repository.findHistoryPosition(deps.db, id, query.cursor.toLowerCase());
    if (!before) throw new ValidationError([{ loc: ['query', 'cursor'], type: 'invalid_value' }]);
  }
  const { events, commands } = await repository.listLockHistory(deps.db, id, before, query.page_size + 1);
  // Both lists are newest first by (time to the millisecond, id): merged the same way.
  const merged = [...events.map(presentLockEvent), ...commands.map(presentLockCommand)].sort((a, b) =>
    a.at === b.at ? (a.id < b.id ? 1 : -1) : a.at < b.at ? 1 : -1,
  );
  const entries = merged.slice(0, query.page_size);
  return {
    lock,
    entries,
    next_cursor: merged.length > query.page_size ? (entries.at(-1)?.id ?? null) : null,
  };
}

/**
 * PUT …/out-of-service (with a reason) and DELETE (back in service): recorded in the lock's history,
 * audited, and published on the dock's live channel. Marking again changes the reason only.
 */
export async function setLockService(
  deps: DocksDeps,
  auth: RequestAuth,
  dockId: string,
  lockId: string,
  change: { outOfService: true; reason: string } | { outOfService: false },
): Promise<OperatorLock> {
  const now = new Date();
  const id = requireLockId(lockId);
  const { answer, changed } = await deps.db.transaction(async (tx) => {
    const dock = await requireOperatedDock(tx, auth, dockId);
    requireNotClosed(dock);
    const lock = await repository.findLockOfDock(tx, dock.id, id, true);
    if (!lock) throw new AppError('lock_not_found');
    const wasOut = lock.outOfServiceAt !== null;
    if (change.outOfService) {
      if (wasOut && lock.outOfServiceReason === change.reason) {
        return { answer: await operatorLock(tx, dock, lock.id, now), changed: false };
      }
      await repository.updateLock(tx, lock.id, {
        outOfServiceAt: lock.outOfServiceAt ?? now,
        outOfServiceReason: change.reason,
      });
    } else {
      if (!wasOut) return { answer: await operatorLock(tx, dock, lock.id, now), changed: false };
      await repository.updateLock(tx, lock.id, { outOfServiceAt: null, outOfServiceReason: null });
    }
    await repository.insertLockEvent(tx, {
      id: uuidv7(now.getTime()),
      lockId: lock.id,
      at: now,
      kind: change.outOfService ? 'out_of_service' : 'in_service',
      detail: change.outOfService ? { reason: change.reason } : {},
    });
    await recordAuditEventBy(tx, auth, {
      action: change.outOfService ? 'dock.lock_out_of_service' : 'dock.lock_in_service',
      targetPartyId: null,
      details: {
        organisation_party_id: dock.operatorPartyId,
        dock_id: dock.id,
        lock_id: lock.id,
        ...(change.outOfService ? { reason: change.reason } : {}),
      },
    });
    return { answer: await operatorLock(tx, dock, lock.id, now), changed: true };
  });
  if (changed) {
    // After commit: a screen following the dock sees the lock change at once (never throws).
    const dock = requireDockId(dockId);
    await deps.hub.publish(dockChannel(dock), {
      type: 'dock.lock',
      dock_id: dock,
      lock_id: answer.id,
      state: answer.state,
      at: now.toISOString(),
    });
  }
  return answer;
}

/** GET /api/docks/{dockId}/left-behind: bikes parked longer than the dock allows, oldest first. */
export async function listLeftBehind(
  deps: DocksDeps,
  auth: RequestAuth,
  dockId: string,
): Promise<LeftBehindList> {
  const now = new Date();
  const dock = await requireOperatedDock(deps.db, auth, dockId);
  const cutoff = new Date(now.getTime() - dock.maxParkingHours * 60 * 60 * 1000);
  const rows = await repository.listLeftBehindParkings(deps.db, dock.id, cutoff);
  const parkings = [];
  for (const row of rows) {
    const bike = row.bikeId ? await findBikeForOwnership(deps.db, row.bikeId) : null;
    parkings.push(presentLeftBehind(row, bike?.frameNumber ?? null, now));
  }
  const organisation = await findActingOrganisation(deps.db, auth);
  return {
    max_parking_hours: dock.maxParkingHours,
    can_hand_over: canHoldBikesForOwners(organisation?.type ?? null),
    parkings,
  };
}

/**
 * POST /api/docks/{dockId}/parkings/{parkingId}/hand-over: a bike left longer than the dock allows
 * goes to the held-bike workflow (theft: the owner is told where and until when to collect it), in
 * one transaction with the parking marked handed over and a line in the lock's history. Only an
 * operator that may hold bikes for their owners (the police, a municipality).
 */
export async function handOverParking(
  deps: DocksDeps,
  auth: RequestAuth,
  dockId: string,
  parkingId: string,
  input: PickupCreate,
  idempotency: IdempotencyClaim | null,
  log?: FastifyBaseLogger,
): Promise<Pickup> {
  const now = new Date();
  const dock = await requireOperatedDock(deps.db, auth, dockId);
  if (!isUuid(parkingId)) throw new AppError('parking_not_found');
  const parking = await repository.findParkingOfDock(deps.db, dock.id, parkingId.toLowerCase());
  if (!parking) throw new AppError('parking_not_found');
  const organisation = await findActingOrganisation(deps.db, auth);
  if (!canHoldBikesForOwners(organisation?.type ?? null)) throw new AppError('held_bikes_not_allowed');
  if (parking.handedOverAt !== null) throw new AppError('parking_handed_over');
  if (parking.unlockedAt !== null) throw new AppError('parking_closed');
  const [lock] = await repository.listLocksOfDocks(deps.db, [dock.id], {
    withRetired: true,
    lockId: parking.lockId,
  });
  if (!lock || !isLeftBehind(dock, lock, now)) throw new AppError('parking_not_left_behind');
  if (!parking.bikeId) throw new AppError('bike_not_registered');
  return createHeldBikeById(
    deps,
    auth,
    parking.bikeId,
    input,
    idempotency,
    log,
    async (tx, pickup) => {
      if (!(await repository.markParkingHandedOver(tx, parking.id, now))) {
        throw new AppError('parking_handed_over');
      }
      await repository.insertLockEvent(tx, {
        id: uuidv7(now.getTime()),
        lockId: parking.lockId,
        at: now,
        kind: 'handed_over',
        detail: { parking_id: parking.id, pickup_id: pickup.id },
      });
      await recordAuditEventBy(tx, auth, {
        action: 'dock.parking_handed_over',
        targetPartyId: null,
        details: {
          organisation_party_id: dock.operatorPartyId,
          dock_id: dock.id,
          lock_id: parking.lockId,
          parking_id: parking.id,
          pickup_id: pickup.id,
        },
      });
    },
    // Where it was left: the found-bike matching looks for thefts near it (issue 32 §2).
    { latitude: dock.latitude, longitude: dock.longitude },
  );
}
