import type { DockLocks } from '@nbr/domain/docks';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyDevicePassword } from '../../modules/docks/device-credentials.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { bearer, logIn } from '../../test/identity-helpers.ts';
import { docks, lockDevices, locks } from '../schema/docks.ts';
import { DEMO_PASSWORD, seedDemoData } from './demo.ts';
import {
  DEMO_DEVICE_CONNECTORS,
  DEMO_DEVICE_ID,
  DEMO_DEVICE_PASSWORD,
  DEMO_DOCK_ID,
  DEMO_DOCK_OPERATOR_EMAIL,
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
});
