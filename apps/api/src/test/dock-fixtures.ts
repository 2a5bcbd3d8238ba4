import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../db/client.ts';
import { bikeOwnerships } from '../db/schema/bikes.ts';
import {
  dockAccessPeople,
  docks,
  lockCommands,
  lockDevices,
  lockParkings,
  locks,
} from '../db/schema/docks.ts';
import { uuidv7 } from '../platform/ids.ts';
import { bearer, type TestUser } from './identity-helpers.ts';
import {
  createBusiness,
  createVettedOrganisation,
  signUpStaff,
  signUpVerifiedUser,
} from './organisation-helpers.ts';

/*
 * Docks for API tests (issue 28): an operator organisation and its admin acting for it, made through
 * the API; docks through POST /api/docks; lock devices, locks, parkings and commands straight in the
 * database, as a paired device that reported its connectors, a person who locked a bike and the
 * lock routes would leave them (pairing and locking are tested through their own routes). The
 * register's side of docks (last parking of a stolen bike, the data export, account deletion, the
 * access log) also writes its dock straight in the database (insertDockWithLock), without an
 * operator made through the API.
 */

export interface TestOperator {
  organisationId: string;
  /** Its admin, signed in acting for it. */
  admin: TestUser;
}

/** Acts for the organisation from now on: answers the new token (also stored on the user). */
export async function actFor(app: FastifyInstance, user: TestUser, partyId: string): Promise<string> {
  const response = await app.inject({
    method: 'PUT',
    url: '/api/identities/authentications/acting-party',
    headers: bearer(user.token),
    payload: { party_id: partyId },
  });
  if (response.statusCode !== 200)
    throw new Error(`acting-party answered ${response.statusCode}: ${response.body}`);
  user.token = response.json<{ authentication_token: string }>().authentication_token;
  return user.token;
}

/** A business (a housing association, an employer…) whose verified admin acts for it. */
export async function businessOperator(app: FastifyInstance, name = 'Dock Drift ApS'): Promise<TestOperator> {
  const admin = await signUpVerifiedUser(app, 'dock-admin');
  const organisationId = await createBusiness(app, admin, name);
  await actFor(app, admin, organisationId);
  return { organisationId, admin };
}

/** A municipality (it may take bikes in for their owners), its first admin acting for it. */
export async function municipalityOperator(
  app: FastifyInstance,
  name = 'Dock Kommune',
): Promise<TestOperator> {
  const staff = await signUpStaff(app, 'admin');
  const { partyId, member } = await createVettedOrganisation(app, staff.token, 'municipality', name);
  return { organisationId: partyId, admin: member };
}

export function dockBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Banegården',
    region: 'dk',
    street_address: 'Banegårdspladsen 1',
    postcode: '8000',
    town: 'Aarhus C',
    latitude: 56.15,
    longitude: 10.2,
    access: 'signed_in',
    ...overrides,
  };
}

/** POST /api/docks as the operator; fails unless 201. Answers the dock's id. */
export async function createDock(
  app: FastifyInstance,
  operator: TestOperator,
  overrides: Record<string, unknown> = {},
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/docks',
    headers: bearer(operator.admin.token),
    payload: dockBody(overrides),
  });
  if (response.statusCode !== 201)
    throw new Error(`POST /api/docks answered ${response.statusCode}: ${response.body}`);
  return response.json<{ dock: { id: string } }>().dock.id;
}

/**
 * A paired device of the dock with one lock per label (connectors 1…n), as it is once it connected
 * and reported: online unless `online` is false (not heard from, no socket). Answers the lock ids.
 */
export async function insertDeviceWithLocks(
  db: Executor,
  dockId: string,
  labels: readonly string[],
  options: {
    online?: boolean;
    status?: string;
    /** As device-credentials.ts stores the device's password (tests that connect with it). */
    passwordHash?: string;
    outOfService?: boolean;
  } = {},
): Promise<{ deviceId: string; lockIds: string[] }> {
  const now = new Date();
  const online = options.online ?? true;
  const deviceId = uuidv7();
  await db.insert(lockDevices).values({
    id: deviceId,
    dockId,
    pairedAt: now,
    passwordHash: options.passwordHash ?? 'not-used-in-these-tests',
    lastSeenAt: online ? now : null,
    connectedInstance: online ? 'test-instance' : null,
    connectedAt: online ? now : null,
  });
  const lockIds = labels.map(() => uuidv7());
  if (labels.length > 0) {
    await db.insert(locks).values(
      labels.map((label, index) => ({
        id: lockIds[index]!,
        dockId,
        deviceId,
        connectorId: index + 1,
        label,
        reportedStatus: options.status ?? 'Available',
        reportedAt: now,
        outOfServiceAt: options.outOfService ? now : null,
      })),
    );
  }
  return { deviceId, lockIds };
}

/** A dock with one paired device (not connected) and one lock (connector 1). */
export interface TestDock {
  dockId: string;
  deviceId: string;
  lockId: string;
}

/** A dock run by `operatorPartyId` written straight in the database (any organisation, no operator session needed). */
export async function insertDock(
  db: Executor,
  values: {
    operatorPartyId: string;
    name?: string;
    access?: 'signed_in' | 'organisations' | 'people';
    /** access = people: the named addresses. */
    people?: readonly string[];
  },
): Promise<string> {
  const dockId = uuidv7();
  await db.insert(docks).values({
    id: dockId,
    operatorPartyId: values.operatorPartyId,
    name: values.name ?? 'Banegården',
    region: 'dk',
    streetAddress: 'Banegårdspladsen 1',
    postcode: '8000',
    town: 'Aarhus C',
    latitude: 56.15,
    longitude: 10.2,
    access: values.access ?? 'signed_in',
    maxParkingHours: 72,
  });
  if (values.people && values.people.length > 0) {
    await db.insert(dockAccessPeople).values(values.people.map((email) => ({ dockId, email })));
  }
  return dockId;
}

/** A dock (insertDock) with one paired device that is not connected and one lock. */
export async function insertDockWithLock(
  db: Executor,
  values: Parameters<typeof insertDock>[1] & { lockLabel?: string },
): Promise<TestDock> {
  const dockId = await insertDock(db, values);
  const { deviceId, lockIds } = await insertDeviceWithLocks(db, dockId, [values.lockLabel ?? 'A1'], {
    online: false,
  });
  return { dockId, deviceId, lockId: lockIds[0]! };
}

/**
 * A bike locked by `partyId` in the lock at `lockedAt` (now unless given): open, and the lock then
 * reports Locked, or closed when `unlockedAt` is given. Answers the parking's id.
 */
export async function insertParking(
  db: Executor,
  values: {
    dockId: string;
    lockId: string;
    partyId: string;
    bikeId: string | null;
    lockedAt?: Date;
    unlockedAt?: Date | null;
    unlockedBy?: 'owner' | 'operator' | 'device' | null;
  },
): Promise<string> {
  const lockedAt = values.lockedAt ?? new Date();
  const unlockedAt = values.unlockedAt ?? null;
  const id = uuidv7(lockedAt.getTime());
  await db.insert(lockParkings).values({
    id,
    dockId: values.dockId,
    lockId: values.lockId,
    partyId: values.partyId,
    bikeId: values.bikeId,
    lockedAt,
    unlockedAt,
    unlockedBy: values.unlockedBy ?? null,
  });
  if (unlockedAt === null) {
    await db.update(locks).set({ reportedStatus: 'Locked' }).where(eq(locks.id, values.lockId));
  }
  return id;
}

/**
 * A command as the lock and unlock routes (or the operator's remote opening) record it: with its
 * outcome, or still pending (not yet on a socket) until `deadlineAt`.
 */
export async function insertCommand(
  db: Executor,
  lock: { lockId: string; deviceId: string },
  values: {
    action: 'lock' | 'unlock';
    requestedByPartyId: string | null;
    /** The organisation a staff member opened remotely for; null for a person's own command. */
    operatorPartyId?: string | null;
    reason?: string | null;
    bikeId?: string | null;
    parkingId?: string | null;
    status: 'pending' | 'accepted' | 'rejected' | 'timed_out';
    deviceAnswer?: string | null;
    at: Date;
    /** 10 s after `at` unless given. */
    deadlineAt?: Date;
  },
): Promise<string> {
  const id = uuidv7(values.at.getTime());
  const isAnswered = values.status === 'accepted' || values.status === 'rejected';
  await db.insert(lockCommands).values({
    id,
    lockId: lock.lockId,
    deviceId: lock.deviceId,
    action: values.action,
    requestedByPartyId: values.requestedByPartyId,
    operatorPartyId: values.operatorPartyId ?? null,
    reason: values.reason ?? null,
    bikeId: values.bikeId ?? null,
    parkingId: values.parkingId ?? null,
    status: values.status,
    deviceAnswer: values.deviceAnswer ?? null,
    sentAt: values.status === 'pending' ? null : values.at,
    deadlineAt: values.deadlineAt ?? new Date(values.at.getTime() + 10_000),
    answeredAt: isAnswered ? values.at : null,
    createdAt: values.at,
  });
  return id;
}

/** The bike's current owner has had it since `since` (a registration made now, moved back in time). */
export async function backdateOwnership(db: Executor, bikeId: string, since: Date): Promise<void> {
  await db
    .update(bikeOwnerships)
    .set({ startedAt: since })
    .where(and(eq(bikeOwnerships.bikeId, bikeId), isNull(bikeOwnerships.endedAt)));
}
