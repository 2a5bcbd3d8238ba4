import { and, eq } from 'drizzle-orm';
import { hashDevicePassword } from '../../modules/docks/device-credentials.ts';
import type { Database } from '../client.ts';
import { docks, lockDevices, locks } from '../schema/docks.ts';
import { organisations } from '../schema/organisations.ts';

/*
 * The demo dock of `npm start` (issue 28; development only, like all demo data: server.ts seeds
 * nothing in production): a public dock at Rådhuspladsen run by Demo Kommune (its business user
 * kommune@demo.cykelregister.dk is its admin), with one lock device already paired and its eight
 * locks A1…A8. The device simulator (`npm run docks:simulate`) signs in as that device with the
 * fixed credentials below; a real device gets a random password once, at pairing.
 */

export const DEMO_DOCK_ID = '01930000-d0c0-7000-8000-000000000001';
export const DEMO_DEVICE_ID = '01930000-d0c0-7000-8000-0000000000d1';
/** The demo device's Basic password: known, because the demo is for trying things out. */
export const DEMO_DEVICE_PASSWORD = 'demo-dock-device-password-2026';
export const DEMO_DEVICE_CONNECTORS = 8;
/** The demo dock's operator (Demo Kommune, a municipality: it may also take left-behind bikes in). */
export const DEMO_DOCK_OPERATOR = { region: 'dk', registrationNumber: '33445563' } as const;
export const DEMO_DOCK_OPERATOR_EMAIL = 'kommune@demo.cykelregister.dk';

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
