import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Simulator, startSimulator } from '../../cli/docks-simulate.ts';
import { lockCommands, lockDevices, lockParkings, locks } from '../../db/schema/docks.ts';
import type { RedisHub } from '../../platform/realtime/redis-hub.ts';
import { registerBike, signUpOwner } from '../../test/bike-api-helpers.ts';
import { createDock } from '../../test/dock-fixtures.ts';
import { bearer, type TestUser } from '../../test/identity-helpers.ts';
import { type LockOperator, lockOperator, pairTestDevice } from '../../test/lock-device-fixtures.ts';
import { requireOwnRedis, startTwoAppsOnRedis, type TwoAppsOnRedis } from '../../test/own-redis-helpers.ts';
import type { OwnRedis } from '../../test/own-services.ts';
import { connect, eventually, type LiveSocket, listen, ticketFor } from '../../test/realtime-helpers.ts';

/*
 * Lock commands while Redis is down (issue 28; a redis-server of the test's own, killed and started
 * again; two API instances on one database). The hub hands a command to the instance holding the
 * device's socket: with Redis down that works only when it is the instance the person reached. Then
 * the person gets the command carried out; otherwise the protocol's timed_out at the deadline, the
 * lock shown as it really is, and the command is never sent late (so a lock never opens twice).
 * Once Redis is back the same route works across the instances again, by itself.
 */

const COMMAND_TIMEOUT_MS = 5000;

interface CommandAnswer {
  command_id: string;
  outcome: string;
  lock: { id: string; state: string; is_mine: boolean };
}

describe('lock commands while Redis is down', () => {
  let redis: OwnRedis;
  let two: TwoAppsOnRedis;
  let baseUrlB: string;
  let owner: TestUser;
  let dockId: string;
  /** Connected to instance A, the one the person's requests reach. */
  let nearDevice: Simulator;
  /** Connected to instance B: commands from A reach it only through Redis. */
  let farDevice: Simulator;

  async function locksOf(deviceId: string): Promise<string[]> {
    const rows = await two.a.app.db
      .select({ id: locks.id })
      .from(locks)
      .where(eq(locks.deviceId, deviceId))
      .orderBy(locks.connectorId);
    return rows.map((row) => row.id);
  }

  async function connectDevice(
    operator: LockOperator,
    baseUrl: string,
    instanceId: string,
  ): Promise<Simulator> {
    const credentials = await pairTestDevice(two.a.app, operator.admin.token, dockId, 2);
    const simulator = await startSimulator({
      url: baseUrl,
      ...credentials,
      connectors: 2,
      bikeLeavesAfterMs: 200,
      reconnectDelayMs: 100,
    });
    await simulator.waitUntilConnected();
    await eventually(async () => {
      const [row] = await two.a.app.db
        .select()
        .from(lockDevices)
        .where(eq(lockDevices.id, credentials.deviceId));
      return row?.connectedInstance === instanceId;
    }, 10_000);
    return simulator;
  }

  async function command(lockId: string, verb: 'lock' | 'unlock', bikeId?: string) {
    const response = await two.a.app.inject({
      method: 'POST',
      url: `/api/docks/${dockId}/locks/${lockId}/${verb}`,
      headers: bearer(owner.token),
      ...(bikeId ? { payload: { bike_id: bikeId } } : {}),
    });
    return { response };
  }

  async function openParkings(lockId: string) {
    return two.a.app.db
      .select()
      .from(lockParkings)
      .where(and(eq(lockParkings.lockId, lockId), isNull(lockParkings.unlockedAt)));
  }

  async function screenOn(baseUrl: string, app: TwoAppsOnRedis['b']): Promise<LiveSocket> {
    const url = new URL(`/api/docks/${dockId}/websocket`, baseUrl.replace(/^http/, 'ws'));
    url.searchParams.set('ticket', await ticketFor(app, owner.token));
    const outcome = await connect(url.toString());
    if (outcome.kind !== 'open') throw new Error(`screen refused: ${outcome.status} ${outcome.body}`);
    await outcome.live.waitFor('ready');
    return outcome.live;
  }

  beforeAll(async () => {
    redis = await requireOwnRedis();
    two = await startTwoAppsOnRedis(redis.url, {
      locksSettings: { commandTimeoutMs: COMMAND_TIMEOUT_MS, outcomePollMs: 200, passIntervalMs: 3_600_000 },
      lockDevicesRateLimits: { deviceConnectionsPerMinute: 10_000 },
      lockCommandsRateLimits: { commandsPerMinute: 10_000 },
    });
    const baseUrlA = await listen(two.a.app);
    baseUrlB = await listen(two.b);
    owner = await signUpOwner(two.a.app, 5);
    const operator = await lockOperator(two.a.app);
    dockId = await createDock(two.a.app, operator);
    nearDevice = await connectDevice(operator, baseUrlA, (two.a.app.realtime as RedisHub).instanceId);
    farDevice = await connectDevice(operator, baseUrlB, (two.b.realtime as RedisHub).instanceId);
  }, 60_000);

  afterEach(async () => {
    redis.resume();
    await redis.start();
  });

  afterAll(async () => {
    await nearDevice?.stop();
    await farDevice?.stop();
    await two?.close();
    await redis?.destroy();
  });

  it('carries out lock and unlock once when the device is on the instance the person reached', async () => {
    const [lockId] = await locksOf(nearDevice.deviceId);
    if (!lockId) throw new Error('no lock');
    const bike = await registerBike(two.a.app, owner.token);
    await redis.kill();

    const locked = await command(lockId, 'lock', bike.bike_id);
    expect(locked.response.statusCode).toBe(200);
    const lockAnswer = locked.response.json<CommandAnswer>();
    expect(lockAnswer.outcome).toBe('accepted');
    expect(lockAnswer.lock).toMatchObject({ state: 'locked', is_mine: true });
    expect(nearDevice.received(lockAnswer.command_id)).toBe(1);
    expect(await openParkings(lockId)).toHaveLength(1);

    const unlocked = await command(lockId, 'unlock');
    expect(unlocked.response.statusCode).toBe(200);
    const unlockAnswer = unlocked.response.json<CommandAnswer>();
    expect(unlockAnswer.outcome).toBe('accepted');
    expect(unlockAnswer.lock.is_mine).toBe(false);
    expect(nearDevice.received(unlockAnswer.command_id)).toBe(1);
    expect(await openParkings(lockId)).toHaveLength(0);
  }, 30_000);

  it('answers timed_out at the deadline when the device is on the other instance, never opens late, and works again once Redis is back', async () => {
    const [lockId] = await locksOf(farDevice.deviceId);
    if (!lockId) throw new Error('no lock');
    const bike = await registerBike(two.a.app, owner.token);
    const locked = (await command(lockId, 'lock', bike.bike_id)).response.json<CommandAnswer>();
    expect(locked.outcome).toBe('accepted');
    const screenOnB = await screenOn(baseUrlB, two.b);

    try {
      await redis.kill();
      const unlock = await command(lockId, 'unlock');
      // A clear answer by the deadline (and a poll): no crash, no hanging request.
      expect(unlock.response.statusCode).toBe(200);
      const answer = unlock.response.json<CommandAnswer>();
      expect(answer.outcome).toBe('timed_out');
      // The lock as it really is: still locked, still the person's; the device never heard of it.
      expect(answer.lock).toMatchObject({ state: 'locked', is_mine: true });
      expect(farDevice.received(answer.command_id)).toBe(0);
      expect(await openParkings(lockId)).toHaveLength(1);
      const view = await two.a.app.inject({
        method: 'GET',
        url: `/api/docks/${dockId}/locks`,
        headers: bearer(owner.token),
      });
      expect(view.statusCode).toBe(200);
      const shown = view.json<{ locks: Array<{ id: string; state: string }> }>().locks;
      expect(shown.find((lock) => lock.id === lockId)?.state).toBe('locked');

      await redis.start();
      // B's subscription is back (its sockets, the device's included, are told to resync).
      await screenOnB.waitFor('resync', undefined, 30_000);

      // Unlocking again reaches the device across the instances: it opens once, for the new command.
      const again = await command(lockId, 'unlock');
      expect(again.response.statusCode).toBe(200);
      const retried = again.response.json<CommandAnswer>();
      expect(retried.outcome).toBe('accepted');
      expect(farDevice.received(retried.command_id)).toBe(1);
      // The timed-out command was never sent, not even on the resync after Redis came back.
      expect(farDevice.received(answer.command_id)).toBe(0);
      const [row] = await two.a.app.db
        .select()
        .from(lockCommands)
        .where(eq(lockCommands.id, answer.command_id));
      expect(row?.status).toBe('timed_out');
      expect(row?.sentAt).toBeNull();
      expect(await openParkings(lockId)).toHaveLength(0);
    } finally {
      await screenOnB.close();
    }
  }, 60_000);

  it('carries out a command waiting across the instances once Redis comes back before its deadline', async () => {
    const [, lockId] = await locksOf(farDevice.deviceId);
    if (!lockId) throw new Error('no lock');
    const bike = await registerBike(two.a.app, owner.token);
    await redis.kill();
    const pending = command(lockId, 'lock', bike.bike_id);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await redis.start();

    const { response } = await pending;
    expect(response.statusCode).toBe(200);
    const answer = response.json<CommandAnswer>();
    expect(answer.outcome).toBe('accepted');
    expect(answer.lock).toMatchObject({ state: 'locked', is_mine: true });
    expect(farDevice.received(answer.command_id)).toBe(1);
    expect(await openParkings(lockId)).toHaveLength(1);
  }, 30_000);

  it('answers while Redis hangs: the outcome when the device is here, timed out when it is on the other instance', async () => {
    const [, nearLockId] = await locksOf(nearDevice.deviceId);
    const [farLockId] = await locksOf(farDevice.deviceId);
    if (!nearLockId || !farLockId) throw new Error('no lock');
    const [nearBike, farBike] = [
      await registerBike(two.a.app, owner.token),
      await registerBike(two.a.app, owner.token),
    ];
    redis.pause();

    const near = await command(nearLockId, 'lock', nearBike.bike_id);
    expect(near.response.statusCode).toBe(200);
    expect(near.response.json<CommandAnswer>().outcome).toBe('accepted');

    const far = await command(farLockId, 'lock', farBike.bike_id);
    expect(far.response.statusCode).toBe(200);
    const answer = far.response.json<CommandAnswer>();
    expect(answer.outcome).toBe('timed_out');
    expect(answer.lock).toMatchObject({ state: 'free', is_mine: false });
    expect(farDevice.received(answer.command_id)).toBe(0);
    expect(await openParkings(farLockId)).toHaveLength(0);
  }, 30_000);
});
