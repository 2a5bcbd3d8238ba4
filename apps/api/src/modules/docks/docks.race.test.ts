import { todayInRegisterZone } from '@nbr/domain/bikes';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockEvents, locks } from '../../db/schema/docks.ts';
import { itemPickups } from '../../db/schema/theft.ts';
import { insertBike } from '../../test/bike-helpers.ts';
import {
  createDock,
  insertDeviceWithLocks,
  insertParking,
  municipalityOperator,
  type TestOperator,
} from '../../test/dock-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { injectAs, signUpUser, uniqueEmail } from '../../test/identity-helpers.ts';

/*
 * Two operator staff at once (issue 28): a left-behind bike is handed over once, whoever asks
 * first; two relabels to the same label leave one lock with it.
 */

let t: TestApp;
let operator: TestOperator;

function inDays(days: number): string {
  const day = new Date(`${todayInRegisterZone()}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

beforeAll(async () => {
  t = await createTestApp();
  operator = await municipalityOperator(t.app);
});

afterAll(async () => {
  await t.close();
});

describe('at the same moment', () => {
  it('hands a left-behind bike over once', async () => {
    const owner = await signUpUser(t.app, { email: uniqueEmail('owner') });
    const dockId = await createDock(t.app, operator, { max_parking_hours: 1 });
    const { lockIds } = await insertDeviceWithLocks(t.app.db, dockId, ['A1']);
    const bike = await insertBike(t.app.db, { ownerPartyId: owner.partyId });
    const parkingId = await insertParking(t.app.db, {
      dockId,
      lockId: lockIds[0]!,
      partyId: owner.partyId,
      bikeId: bike.bikeId,
      lockedAt: new Date(Date.now() - 5 * 3600_000),
    });
    const body = { place: 'Kommunens cykelgård', collect_until: inDays(30) };
    const url = `/api/docks/${dockId}/parkings/${parkingId}/hand-over`;
    const answers = await Promise.all([
      injectAs(t.app, operator.admin.token, 'POST', url, body),
      injectAs(t.app, operator.admin.token, 'POST', url, body),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect(await t.app.db.select().from(itemPickups).where(eq(itemPickups.bikeId, bike.bikeId))).toHaveLength(
      1,
    );
    const handedOver = await t.app.db.select().from(lockEvents).where(eq(lockEvents.lockId, lockIds[0]!));
    expect(handedOver.filter((event) => event.kind === 'handed_over')).toHaveLength(1);
  });

  it('gives a label to one lock only', async () => {
    const dockId = await createDock(t.app, operator);
    const { lockIds } = await insertDeviceWithLocks(t.app.db, dockId, ['1', '2']);
    const answers = await Promise.all(
      lockIds.map((lockId) =>
        injectAs(t.app, operator.admin.token, 'PUT', `/api/docks/${dockId}/locks/${lockId}/label`, {
          label: 'A1',
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)?.json().code).toBe('lock_label_taken');
    const labels = (await t.app.db.select().from(locks).where(eq(locks.dockId, dockId))).map(
      (row) => row.label,
    );
    expect(labels.filter((label) => label === 'A1')).toHaveLength(1);
  });
});
