import { and, asc, eq } from 'drizzle-orm';
import { hashDevicePassword } from '../../modules/docks/device-credentials.ts';
import { uuidv7 } from '../../platform/ids.ts';
import type { Database } from '../client.ts';
import { bikes } from '../schema/bikes.ts';
import { docks, lockDevices, lockEvents, lockParkings, locks } from '../schema/docks.ts';
import { identities } from '../schema/identity.ts';
import { organisations } from '../schema/organisations.ts';

/*
 * The demo dock of `npm start` (issue 28; development only, like all demo data: server.ts seeds
 * nothing in production): a public dock at Rådhuspladsen run by Demo Kommune (its business user
 * kommune@demo.cykelregister.dk is its admin), with one lock device already paired and its eight
 * locks A1…A8. The device simulator (`npm run docks:simulate`) signs in as that device with the
 * fixed credentials below; a real device gets a random password once, at pairing. One bike is left
 * behind in A8 (seedDemoLeftBehindBike): Ola's, locked four days ago in a dock that allows three,
 * so the operator's "left behind" list and the hand-over to the held-bike workflow can be tried.
 */

export const DEMO_DOCK_ID = '01930000-d0c0-7000-8000-000000000001';
export const DEMO_DEVICE_ID = '01930000-d0c0-7000-8000-0000000000d1';
/** The demo device's Basic password: known, because the demo is for trying things out. */
export const DEMO_DEVICE_PASSWORD = 'demo-dock-device-password-2026';
export const DEMO_DEVICE_CONNECTORS = 8;
/** The demo dock's operator (Demo Kommune, a municipality: it may also take left-behind bikes in). */
export const DEMO_DOCK_OPERATOR = { region: 'dk', registrationNumber: '33445563' } as const;
export const DEMO_DOCK_OPERATOR_EMAIL = 'kommune@demo.cykelregister.dk';

/** The connector holding the left-behind bike: the simulator's demo device reports it Locked on connect. */
export const DEMO_LEFT_BEHIND_CONNECTOR = 8;
export const DEMO_LEFT_BEHIND_PARKING_ID = '01930000-d0c0-7000-8000-0000000000b8';
/** Whose bike is left behind (a demo person of demo.ts, with one bike registered by the seed). */
export const DEMO_LEFT_BEHIND_OWNER_EMAIL = 'ola@demo.cykelregister.dk';
/** How long ago it was locked: a day past the demo dock's 72 hours. */
const LEFT_BEHIND_FOR_HOURS = 96;

/** Lock ids of the demo dock, one per connector, fixed so the demo's addresses stay the same. */
export function demoLockId(connectorId: number): string {
  return `01930000-d0c0-7000-8000-${String(connectorId).padStart(12, '0')}`;
}

/**
 * Creates the demo dock, its device and locks when missing (after the demo organisations). What
 * exists is left alone: a dock someone edited or closed while trying the app stays so.
 */
export async function seedDemoDock(db: Database): Promise<void> {
  const [operator] = await db
    .select({ partyId: organisations.partyId })
    .from(organisations)
    .where(
      and(
        eq(organisations.region, DEMO_DOCK_OPERATOR.region),
        eq(organisations.registrationNumber, DEMO_DOCK_OPERATOR.registrationNumber),
      ),
    )
    .limit(1);
  if (!operator) return;
  const now = new Date();
  await db.transaction(async (tx) => {
    await tx
      .insert(docks)
      .values({
        id: DEMO_DOCK_ID,
        operatorPartyId: operator.partyId,
        name: 'Rådhuspladsen cykeldock',
        region: 'dk',
        streetAddress: 'Rådhuspladsen 1',
        postcode: '1550',
        town: 'København V',
        latitude: 55.6759,
        longitude: 12.5696,
        openingHours: null,
        access: 'signed_in',
        maxParkingHours: 72,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing();
    await tx
      .insert(lockDevices)
      .values({
        id: DEMO_DEVICE_ID,
        dockId: DEMO_DOCK_ID,
        pairedAt: now,
        passwordHash: hashDevicePassword(DEMO_DEVICE_PASSWORD),
        createdAt: now,
      })
      .onConflictDoNothing();
    await tx
      .insert(locks)
      .values(
        Array.from({ length: DEMO_DEVICE_CONNECTORS }, (_, index) => ({
          id: demoLockId(index + 1),
          dockId: DEMO_DOCK_ID,
          deviceId: DEMO_DEVICE_ID,
          connectorId: index + 1,
          label: `A${index + 1}`,
          createdAt: now,
        })),
      )
      .onConflictDoNothing();
  });
}

/**
 * Ola's bike, locked in A8 four days ago and never taken out (after the demo people's bikes and the
 * dock). Made once: a parking someone opened or handed over while trying the demo stays so, and a
 * lock someone used meanwhile is left alone (one open parking per lock).
 */
export async function seedDemoLeftBehindBike(db: Database): Promise<void> {
  const [bike] = await db
    .select({ id: bikes.id, ownerPartyId: bikes.ownerPartyId })
    .from(bikes)
    .innerJoin(identities, eq(identities.partyId, bikes.ownerPartyId))
    .where(eq(identities.email, DEMO_LEFT_BEHIND_OWNER_EMAIL))
    .orderBy(asc(bikes.createdAt))
    .limit(1);
  if (!bike?.ownerPartyId) return;
  const ownerPartyId = bike.ownerPartyId;
  const lockId = demoLockId(DEMO_LEFT_BEHIND_CONNECTOR);
  const lockedAt = new Date(Date.now() - LEFT_BEHIND_FOR_HOURS * 60 * 60 * 1000);
  await db.transaction(async (tx) => {
    const made = await tx
      .insert(lockParkings)
      .values({
        id: DEMO_LEFT_BEHIND_PARKING_ID,
        lockId,
        dockId: DEMO_DOCK_ID,
        partyId: ownerPartyId,
        bikeId: bike.id,
        lockedAt,
      })
      .onConflictDoNothing()
      .returning({ id: lockParkings.id });
    if (made.length === 0) return;
    await tx
      .update(locks)
      .set({ reportedStatus: 'Locked', reportedAt: lockedAt })
      .where(eq(locks.id, lockId));
    await tx.insert(lockEvents).values({
      id: uuidv7(lockedAt.getTime()),
      lockId,
      at: lockedAt,
      kind: 'status',
      // As lock-devices.repository.ts applyStatusReport writes a device's report.
      detail: { status: 'Locked', error_code: 'NoError', device_timestamp: lockedAt.toISOString() },
    });
  });
}
