import { asc, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Simulator, startSimulator } from '../../cli/docks-simulate.ts';
import { lockCommands, lockParkings, locks } from '../../db/schema/docks.ts';
import { registerBike, signUpOwner } from '../../test/bike-api-helpers.ts';
import { createDock } from '../../test/dock-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { bearer, type TestUser } from '../../test/identity-helpers.ts';
import { lockOperator, pairTestDevice } from '../../test/lock-device-fixtures.ts';
import { listen } from '../../test/realtime-helpers.ts';

/*
 * What a lock command costs the database (issue 28's bench: the API's thread builds every statement)
 * and that the checks read in fewer statements still refuse a second command on a lock, or a second
 * lock of a bike, sent at the same moment. The statements are counted on PostgreSQL (every one goes
 * through pg.Client's query, this file's own worker); the races run on both databases.
 */

const statements: string[] = [];
let counting = false;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  if (counting) {
    const first = args[0] as string | { text?: string };
    const text = typeof first === 'string' ? first : (first?.text ?? '');
    // When devices were heard, written for all of them once a second (DeviceSightings): not a command's.
    if (!/^\s*update "lock_devices" d set last_seen_at/.test(text)) statements.push(text);
  }
  return (query as (...values: unknown[]) => unknown).apply(this, args);
} as typeof pg.Client.prototype.query;

const onPostgres = process.env.TEST_DB_KIND === 'postgres';
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe('lock commands: statements and races', () => {
  let t: TestApp;
  let owner: TestUser;
  let other: TestUser;
  let dockId: string;
  let simulator: Simulator;
  let lockIds: string[];

  beforeAll(async () => {
    t = await createTestApp({
      locksSettings: { commandTimeoutMs: 3000, outcomePollMs: 1000, passIntervalMs: 3_600_000 },
      lockDevicesRateLimits: { deviceConnectionsPerMinute: 10_000 },
      lockCommandsRateLimits: { commandsPerMinute: 10_000 },
    });
    const baseUrl = await listen(t.app);
    const operator = await lockOperator(t.app);
    [owner, other] = await Promise.all([signUpOwner(t.app, 5), signUpOwner(t.app, 5)]);
    dockId = await createDock(t.app, operator);
    const device = await pairTestDevice(t.app, operator.admin.token, dockId, 4);
    simulator = await startSimulator({
      url: baseUrl,
      ...device,
      connectors: 4,
      bikeLeavesAfterMs: 60_000,
      reconnectDelayMs: 100,
    });
    await simulator.waitUntilConnected();
    const rows = await t.app.db
      .select()
      .from(locks)
      .where(eq(locks.deviceId, device.deviceId))
      .orderBy(asc(locks.connectorId));
    lockIds = rows.map((row) => row.id);
  });

  afterAll(async () => {
    await simulator?.stop();
    await t?.close();
  });

  const command = (token: string, lockId: string, verb: 'lock' | 'unlock', bikeId?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/docks/${dockId}/locks/${lockId}/${verb}`,
      headers: bearer(token),
      payload: bikeId ? { bike_id: bikeId } : {},
    });

  it.skipIf(!onPostgres)(
    'a lock costs 11 statements and an unlock 10, device report and answer included (41 and 36 at first; 18 each before the dock check and the outcome became one read each and the screens were told from what the writes answered; 12 and 11 before the command was written with its checks)',
    async () => {
      const bike = await registerBike(t.app, owner.token);
      const lockId = lockIds[0] as string;
      for (const verb of ['lock', 'unlock'] as const) {
        await settle();
        statements.length = 0;
        counting = true;
        const response = await command(owner.token, lockId, verb, verb === 'lock' ? bike.bike_id : undefined);
        await settle();
        counting = false;
        expect(response.json()).toMatchObject({ outcome: 'accepted' });
        expect({ verb, count: statements.length }).toEqual({ verb, count: verb === 'lock' ? 11 : 10 });
      }
    },
  );

  it('takes one of two commands sent to one lock at the same moment', async () => {
    const lockId = lockIds[1] as string;
    const [mine, theirs] = await Promise.all([
      registerBike(t.app, owner.token),
      registerBike(t.app, other.token),
    ]);
    const answers = await Promise.all([
      command(owner.token, lockId, 'lock', mine.bike_id),
      command(other.token, lockId, 'lock', theirs.bike_id),
    ]);
    const accepted = answers.filter((answer) => answer.json().outcome === 'accepted');
    expect(accepted).toHaveLength(1);
    const refused = answers.find((answer) => answer.json().outcome !== 'accepted');
    expect(refused?.statusCode).toBe(409);
    expect(['lock_busy', 'lock_not_free']).toContain(refused?.json().code);
    const sent = await t.app.db.select().from(lockCommands).where(eq(lockCommands.lockId, lockId));
    expect(sent).toHaveLength(1);
  });

  it('parks a bike sent to two locks at the same moment in one of them', async () => {
    const bike = await registerBike(t.app, owner.token);
    const answers = await Promise.all([
      command(owner.token, lockIds[2] as string, 'lock', bike.bike_id),
      command(owner.token, lockIds[3] as string, 'lock', bike.bike_id),
    ]);
    expect(answers.filter((answer) => answer.json().outcome === 'accepted')).toHaveLength(1);
    expect(answers.find((answer) => answer.json().outcome !== 'accepted')?.json()).toMatchObject({
      code: 'bike_already_parked',
    });
    const parked = await t.app.db.select().from(lockParkings).where(eq(lockParkings.bikeId, bike.bike_id));
    expect(parked).toHaveLength(1);
  });
});
