import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Executor } from '../../db/client.ts';
import { lockDevices } from '../../db/schema/docks.ts';
import { parties } from '../../db/schema/identity.ts';
import { uuidv7 } from '../../platform/ids.ts';
import { insertDeviceWithLocks, insertDock } from '../../test/dock-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { DeviceSightings } from './device-sightings.ts';

/*
 * When devices were heard, written for all of an instance's devices in one statement (issue 28's
 * bench: a heartbeat round of a thousand controllers took the pool from the lock commands).
 */

const silentLog = { warn: () => undefined } as never;

/** The executor, counting its raw statements (recordSightings is one) and failing the first `failures`. */
function countingExecutor(db: Executor, failures = 0): { executor: Executor; statements: () => number } {
  let statements = 0;
  let failed = 0;
  const executor = new Proxy(db, {
    get(target, property, receiver) {
      if (property !== 'execute') return Reflect.get(target, property, receiver);
      return (...args: unknown[]) => {
        statements += 1;
        if (failed < failures) {
          failed += 1;
          return Promise.reject(new Error('the database blinked'));
        }
        return (target.execute as (...values: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { executor, statements: () => statements };
}

describe('device sightings', () => {
  let t: TestApp;
  let dockId: string;

  beforeAll(async () => {
    t = await createTestApp();
    const operatorPartyId = uuidv7();
    await t.app.db.insert(parties).values({ id: operatorPartyId, kind: 'organisation' });
    dockId = await insertDock(t.app.db, { operatorPartyId });
  });

  afterAll(async () => {
    await t?.close();
  });

  async function newDevices(count: number): Promise<string[]> {
    const ids: string[] = [];
    for (let index = 0; index < count; index += 1) {
      ids.push((await insertDeviceWithLocks(t.app.db, dockId, [], { online: false })).deviceId);
    }
    return ids;
  }

  async function lastSeen(ids: string[]): Promise<Map<string, number | null>> {
    const rows = await t.app.db
      .select({ id: lockDevices.id, lastSeenAt: lockDevices.lastSeenAt })
      .from(lockDevices)
      .where(inArray(lockDevices.id, ids));
    return new Map(rows.map((row) => [row.id, row.lastSeenAt?.getTime() ?? null]));
  }

  it('writes the sightings of many devices in one statement, the newest of each', async () => {
    const ids = await newDevices(3);
    const { executor, statements } = countingExecutor(t.app.db);
    const sightings = new DeviceSightings(executor, silentLog, 60_000);
    const at = Date.parse('2026-12-07T10:00:00Z');
    for (const [index, id] of ids.entries()) {
      sightings.heard(id, new Date(at + index * 1000));
      sightings.heard(id, new Date(at + index * 1000 + 500));
      sightings.heard(id, new Date(at));
    }
    expect(await lastSeen(ids)).toEqual(new Map(ids.map((id) => [id, null])));
    await sightings.close();
    expect(statements()).toBe(1);
    expect(await lastSeen(ids)).toEqual(new Map(ids.map((id, index) => [id, at + index * 1000 + 500])));
  });

  it('writes by itself within its interval', async () => {
    const [id] = await newDevices(1);
    const sightings = new DeviceSightings(t.app.db, silentLog, 20);
    const at = new Date('2026-12-07T10:05:00Z');
    sightings.heard(id!, at);
    await expect.poll(async () => (await lastSeen([id!])).get(id!), { timeout: 5000 }).toBe(at.getTime());
    await sightings.close();
  });

  it('never moves last_seen_at back', async () => {
    const [id] = await newDevices(1);
    const later = new Date('2026-12-07T11:00:00Z');
    await t.app.db.update(lockDevices).set({ lastSeenAt: later }).where(eq(lockDevices.id, id!));
    const sightings = new DeviceSightings(t.app.db, silentLog, 60_000);
    sightings.heard(id!, new Date('2026-12-07T10:59:00Z'));
    await sightings.close();
    expect((await lastSeen([id!])).get(id!)).toBe(later.getTime());
  });

  it('keeps the sightings of a failed write for the next one', async () => {
    const [first, second] = await newDevices(2);
    const { executor, statements } = countingExecutor(t.app.db, 1);
    const sightings = new DeviceSightings(executor, silentLog, 60_000);
    const at = Date.parse('2026-12-07T12:00:00Z');
    sightings.heard(first!, new Date(at));
    await sightings.write();
    expect((await lastSeen([first!])).get(first!)).toBeNull();
    sightings.heard(second!, new Date(at + 1000));
    await sightings.close();
    expect(statements()).toBe(2);
    expect(await lastSeen([first!, second!])).toEqual(
      new Map([
        [first!, at],
        [second!, at + 1000],
      ]),
    );
  });
});
