import { and, eq, isNull } from 'drizzle-orm';
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

/*
 * Docks, locks, parkings and commands written straight into their tables (issue 28), for the
 * register's side of docks (last parking of a stolen bike, the data export, account deletion, the
 * access log) without going through the docks API and a device.
 */

export interface TestDock {
  dockId: string;
  deviceId: string;
  lockId: string;
}

/** A dock run by `operatorPartyId` with one paired device and one lock (connector 1). */
export async function insertDockWithLock(
  db: Executor,
  values: {
    operatorPartyId: string;
    name?: string;
    lockLabel?: string;
    access?: 'signed_in' | 'organisations' | 'people';
    /** access = people: the named addresses. */
    people?: readonly string[];
  },
): Promise<TestDock> {
  const dockId = uuidv7();
  const deviceId = uuidv7();
  const lockId = uuidv7();
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
  await db.insert(lockDevices).values({ id: deviceId, dockId, pairedAt: new Date(), passwordHash: 'x' });
  await db
    .insert(locks)
    .values({ id: lockId, dockId, deviceId, connectorId: 1, label: values.lockLabel ?? 'A1' });
  return { dockId, deviceId, lockId };
}

/** A bike locked by `partyId` at `lockedAt`, open (unlockedAt null) or closed. */
export async function insertParking(
  db: Executor,
  dock: TestDock,
  values: {
    partyId: string;
    bikeId: string | null;
    lockedAt: Date;
    unlockedAt?: Date | null;
    unlockedBy?: 'owner' | 'operator' | 'device' | null;
  },
): Promise<string> {
  const id = uuidv7(values.lockedAt.getTime());
  await db.insert(lockParkings).values({
    id,
    lockId: dock.lockId,
    dockId: dock.dockId,
    partyId: values.partyId,
    bikeId: values.bikeId,
    lockedAt: values.lockedAt,
    unlockedAt: values.unlockedAt ?? null,
    unlockedBy: values.unlockedBy ?? null,
  });
  return id;
}

/** A command with its outcome, as the lock and unlock routes (or the operator's remote opening) record it. */
export async function insertCommand(
  db: Executor,
  dock: TestDock,
  values: {
    action: 'lock' | 'unlock';
    requestedByPartyId: string | null;
    /** The organisation a staff member opened remotely for; null for a person's own command. */
    operatorPartyId?: string | null;
    reason?: string | null;
    bikeId?: string | null;
    parkingId?: string | null;
    status: 'accepted' | 'rejected' | 'timed_out';
    deviceAnswer?: string | null;
    at: Date;
  },
): Promise<string> {
  const id = uuidv7(values.at.getTime());
  await db.insert(lockCommands).values({
    id,
    lockId: dock.lockId,
    deviceId: dock.deviceId,
    action: values.action,
    requestedByPartyId: values.requestedByPartyId,
    operatorPartyId: values.operatorPartyId ?? null,
    reason: values.reason ?? null,
    bikeId: values.bikeId ?? null,
    parkingId: values.parkingId ?? null,
    status: values.status,
    deviceAnswer: values.deviceAnswer ?? null,
    sentAt: values.at,
    deadlineAt: new Date(values.at.getTime() + 10_000),
    answeredAt: values.status === 'timed_out' ? null : values.at,
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
