import { DOCK_SUBPROTOCOL } from '@nbr/domain/dock-protocol';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type Simulator, startSimulator } from '../../cli/docks-simulate.ts';
import { lockCommands, lockDevices, locks } from '../../db/schema/docks.ts';
import type { RedisHub } from '../../platform/realtime/redis-hub.ts';
import { registerBike, signUpOwner } from '../../test/bike-api-helpers.ts';
import { createDock } from '../../test/dock-fixtures.ts';
import { bearer, type TestUser } from '../../test/identity-helpers.ts';
import { lockOperator, pairTestDevice } from '../../test/lock-device-fixtures.ts';
import {
  canRunTwoInstances,
  collect,
  connect,
  eventually,
  startTwoInstances,
  type TwoInstances,
  ticketFor,
} from '../../test/realtime-helpers.ts';

/*
 * Two API instances on one PostgreSQL and one Redis (issue 28): the person's request reaches one
 * instance, the device's socket is held by the other; the command crosses through the hub and
 * reaches the device once; the outcome comes back; a screen on the first instance sees the lock.
 * A second connection of the same device, on the other instance, closes the first.
 */

describe.skipIf(!canRunTwoInstances)('lock commands across two API instances', () => {
  let two: TwoInstances;
  let owner: TestUser;
  let dockId: string;
  let device: { deviceId: string; password: string };
  let simulator: Simulator;

  beforeAll(async () => {
    two = await startTwoInstances({
      locksSettings: { commandTimeoutMs: 3000, outcomePollMs: 200, passIntervalMs: 3_600_000 },
      lockDevicesRateLimits: { deviceConnectionsPerMinute: 10_000 },
      lockCommandsRateLimits: { commandsPerMinute: 10_000 },
    });
    const operator = await lockOperator(two.a.app);
    owner = await signUpOwner(two.a.app, 3);
    dockId = await createDock(two.a.app, operator);
    device = await pairTestDevice(two.a.app, operator.admin.token, dockId, 2);
    // The device connects to instance B.
    simulator = await startSimulator({ url: two.b.baseUrl, ...device, connectors: 2, reconnectDelayMs: 100 });
    await simulator.waitUntilConnected();
    await eventually(async () => {
      const [row] = await two.a.app.db.select().from(lockDevices).where(eq(lockDevices.id, device.deviceId));
      return row?.connectedInstance === (two.b.app.realtime as RedisHub).instanceId;
    });
  });

  afterAll(async () => {
    await simulator?.stop();
    await two?.close();
  });

  it('carries a command from a person on instance A to the device on instance B, once', async () => {
    const [lock] = await two.a.app.db.select().from(locks).where(eq(locks.deviceId, device.deviceId));
    if (!lock) throw new Error('no lock');
    const bike = await registerBike(two.a.app, owner.token);
    const url = new URL(`/api/docks/${dockId}/websocket`, two.a.baseUrl.replace(/^http/, 'ws'));
    url.searchParams.set('ticket', await ticketFor(two.a.app, owner.token));
    const screen = await connect(url.toString());
    if (screen.kind !== 'open') throw new Error('screen refused');
    await screen.live.waitFor('ready');

    const response = await two.a.app.inject({
      method: 'POST',
      url: `/api/docks/${dockId}/locks/${lock.id}/lock`,
      headers: bearer(owner.token),
      payload: { bike_id: bike.bike_id },
    });
    expect(response.statusCode).toBe(200);
    const result = response.json<{ command_id: string; outcome: string }>();
    expect(result.outcome).toBe('accepted');
    expect(simulator.received(result.command_id)).toBe(1);
    const [row] = await two.a.app.db
      .select()
      .from(lockCommands)
      .where(eq(lockCommands.id, result.command_id));
    expect(row?.sentByInstance).toBe((two.b.app.realtime as RedisHub).instanceId);
    await screen.live.waitFor('dock.lock', (event) => event.lock_id === lock.id && event.state === 'locked');
    await screen.live.close();
  });

  it("closes the device's older connection on B when it connects again on A", async () => {
    const before = simulator.connections;
    const target = new URL('/api/docks/devices/websocket', two.a.baseUrl.replace(/^http/, 'ws'));
    const basic = Buffer.from(`${device.deviceId}:${device.password}`).toString('base64');
    const second = new WebSocket(target, [DOCK_SUBPROTOCOL], {
      headers: { authorization: `Basic ${basic}` },
    });
    const live = collect(second);
    await new Promise<void>((resolve, reject) => {
      second.once('open', () => resolve());
      second.once('error', reject);
    });
    // The simulator's socket on B was closed: it connects again (and, in turn, closes this one).
    await eventually(() => simulator.connections > before, 5000);
    expect((await live.closed).code).toBe(4409);
  });
});
