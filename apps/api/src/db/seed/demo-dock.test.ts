import type { DockLocks, LeftBehindList } from '@nbr/domain/docks';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SIMULATOR, startSimulator } from '../../cli/docks-simulate.ts';
import { verifyDevicePassword } from '../../modules/docks/device-credentials.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { bearer, logIn } from '../../test/identity-helpers.ts';
import { eventually, listen } from '../../test/realtime-helpers.ts';
import { docks, lockDevices, lockParkings, locks } from '../schema/docks.ts';
import { DEMO_PASSWORD, seedDemoData } from './demo.ts';
import {
  DEMO_DEVICE_CONNECTORS,
  DEMO_DEVICE_ID,
  DEMO_DEVICE_PASSWORD,
  DEMO_DOCK_ID,
  DEMO_DOCK_OPERATOR_EMAIL,
  DEMO_LEFT_BEHIND_OWNER_EMAIL,
  DEMO_LEFT_BEHIND_PARKING_ID,
  demoLockId,
} from './demo-dock.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('the demo dock', () => {
  it('is seeded once: a public dock of Demo Kommune with one paired device and eight locks', async () => {
    await seedDemoData(t.database.db);
    await seedDemoData(t.database.db);
    const [dock] = await t.app.db.select().from(docks).where(eq(docks.id, DEMO_DOCK_ID));
    expect(dock).toMatchObject({ access: 'signed_in', region: 'dk', closedAt: null });
    const [device] = await t.app.db.select().from(lockDevices).where(eq(lockDevices.id, DEMO_DEVICE_ID));
    expect(device?.dockId).toBe(DEMO_DOCK_ID);
    expect(verifyDevicePassword(DEMO_DEVICE_PASSWORD, device?.passwordHash ?? null)).toBe(true);
    const rows = await t.app.db.select().from(locks).where(eq(locks.deviceId, DEMO_DEVICE_ID));
    expect(rows.map((row) => row.label).sort()).toEqual(['A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'A7', 'A8']);
    expect(rows).toHaveLength(DEMO_DEVICE_CONNECTORS);
  });

  it('is listed to a demo person (offline until the simulator connects) and run by the demo municipality', async () => {
    const anna = await logIn(t.app, 'anna@demo.cykelregister.dk', DEMO_PASSWORD);
    const locksOfDock = await t.app.inject({
      method: 'GET',
      url: `/api/docks/${DEMO_DOCK_ID}/locks`,
      headers: bearer(anna),
    });
    expect(locksOfDock.statusCode, locksOfDock.body).toBe(200);
    const body = locksOfDock.json<DockLocks>();
    expect(body.dock).toMatchObject({ total_locks: 8, free_locks: 0, operator_name: 'Demo Kommune' });
    expect(new Set(body.locks.map((lock) => lock.state))).toEqual(new Set(['offline']));

    const operator = await logIn(t.app, DEMO_DOCK_OPERATOR_EMAIL, DEMO_PASSWORD);
    const operation = await t.app.inject({
      method: 'GET',
      url: `/api/docks/${DEMO_DOCK_ID}/operation`,
      headers: bearer(operator),
    });
    expect(operation.statusCode, operation.body).toBe(200);
  });

  it("has Ola's bike left behind in A8 past the dock's limit, listed to the operator and kept once the demo device connects", async () => {
    const parkings = await t.app.db.select().from(lockParkings).where(eq(lockParkings.dockId, DEMO_DOCK_ID));
    // Seeded twice above, made once.
    expect(parkings).toHaveLength(1);
    const operator = await logIn(t.app, DEMO_DOCK_OPERATOR_EMAIL, DEMO_PASSWORD);
    const leftBehind = async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/docks/${DEMO_DOCK_ID}/left-behind`,
        headers: bearer(operator),
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<LeftBehindList>();
    };
    const before = await leftBehind();
    expect(before).toMatchObject({ max_parking_hours: 72, can_hand_over: true });
    expect(before.parkings).toEqual([
      expect.objectContaining({
        parking_id: DEMO_LEFT_BEHIND_PARKING_ID,
        lock_label: 'A8',
        frame_number: 'WBK54321M',
      }),
    ]);
    expect(before.parkings[0]?.hours_parked).toBeGreaterThan(72);

    // The demo device as `npm run docks:simulate` serves it reports A8 Locked: the reconcile keeps
    // the parking (a lock reported Available would close it), and Ola sees his bike there.
    const simulator = await startSimulator({ url: await listen(t.app), ...DEMO_SIMULATOR });
    try {
      await simulator.waitUntilConnected();
      const ola = await logIn(t.app, DEMO_LEFT_BEHIND_OWNER_EMAIL, DEMO_PASSWORD);
      const a8 = async () => {
        const response = await t.app.inject({
          method: 'GET',
          url: `/api/docks/${DEMO_DOCK_ID}/locks`,
          headers: bearer(ola),
        });
        return response.json<DockLocks>().locks.find((lock) => lock.id === demoLockId(8));
      };
      await eventually(async () => (await a8())?.state !== 'offline', 10_000);
      expect(await a8()).toMatchObject({ state: 'locked', is_mine: true });
      expect((await leftBehind()).parkings.map((parking) => parking.parking_id)).toEqual([
        DEMO_LEFT_BEHIND_PARKING_ID,
      ]);
    } finally {
      await simulator.stop();
    }
  });
});
