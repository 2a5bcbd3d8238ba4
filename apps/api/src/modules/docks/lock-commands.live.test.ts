import type { RealtimeEvent } from '@nbr/domain/chats';
import { DOCK_SUBPROTOCOL } from '@nbr/domain/dock-protocol';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type Simulator, startSimulator } from '../../cli/docks-simulate.ts';
import { auditEvents } from '../../db/schema/backoffice.ts';
import { lockCommands, lockDevices, lockEvents, lockParkings, locks } from '../../db/schema/docks.ts';
import { registerBike, signUpOwner } from '../../test/bike-api-helpers.ts';
import { createDock } from '../../test/dock-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { bearer, type TestUser } from '../../test/identity-helpers.ts';
import { type LockOperator, lockOperator, pairTestDevice } from '../../test/lock-device-fixtures.ts';
import { connect, eventually, type LiveSocket, listen, ticketFor } from '../../test/realtime-helpers.ts';
import { DeviceConnections } from './device-socket.ts';

/*
 * Locks over a real socket (issue 28): the app listens on a port, the simulator connects as a lock
 * controller would, a screen follows the dock's live channel. Short timings: a command times out
 * after 1.5 s here (10 s in production).
 */

type DockLock = Extract<RealtimeEvent, { type: 'dock.lock' }>;

describe('lock commands, live', () => {
  let t: TestApp;
  let baseUrl: string;
  let operator: LockOperator;
  let owner: TestUser;
  let other: TestUser;
  let dockId: string;
  let simulator: Simulator;
  let lockIds: string[];
  let deviceId: string;
  const deviceConnections = new DeviceConnections();

  beforeAll(async () => {
    t = await createTestApp({
      locksSettings: { commandTimeoutMs: 1500, outcomePollMs: 100, passIntervalMs: 3_600_000 },
      lockDevicesRateLimits: { deviceConnectionsPerMinute: 10_000 },
      lockCommandsRateLimits: { commandsPerMinute: 10_000 },
      deviceConnections,
    });
    baseUrl = await listen(t.app);
    operator = await lockOperator(t.app);
    [owner, other] = await Promise.all([signUpOwner(t.app, 20), signUpOwner(t.app, 5)]);
    dockId = await createDock(t.app, operator);
    const device = await pairTestDevice(t.app, operator.admin.token, dockId, 8);
    deviceId = device.deviceId;
    simulator = await startSimulator({
      url: baseUrl,
      ...device,
      connectors: 8,
      bikeLeavesAfterMs: 300,
      reconnectDelayMs: 100,
      restartAfterMs: 2500,
    });
    await simulator.waitUntilConnected();
    const rows = await t.app.db
      .select()
      .from(locks)
      .where(eq(locks.deviceId, device.deviceId))
      .orderBy(asc(locks.connectorId));
    lockIds = rows.map((row) => row.id);
    await eventually(async () => {
      const [row] = await t.app.db.select().from(lockDevices).where(eq(lockDevices.id, device.deviceId));
      return row?.connectedInstance !== null;
    });
  });

  afterAll(async () => {
    await simulator?.stop();
    await t?.close();
  });

  const lockUrl = (lockId: string, verb: 'lock' | 'unlock' | 'remote-open', dock = dockId) =>
    `/api/docks/${dock}/locks/${lockId}/${verb}`;

  function command(
    token: string | null,
    lockId: string,
    verb: 'lock' | 'unlock' | 'remote-open',
    payload?: object,
    key?: string,
  ) {
    return t.app.inject({
      method: 'POST',
      url: lockUrl(lockId, verb),
      headers: token ? bearer(token, key ? { 'idempotency-key': key } : {}) : {},
      ...(payload ? { payload } : {}),
    });
  }

  async function openScreen(token: string, dock = dockId): Promise<LiveSocket> {
    const url = new URL(`/api/docks/${dock}/websocket`, baseUrl.replace(/^http/, 'ws'));
    url.searchParams.set('ticket', await ticketFor(t.app, token));
    const outcome = await connect(url.toString());
    if (outcome.kind !== 'open') throw new Error(`screen refused: ${outcome.status} ${outcome.body}`);
    await outcome.live.waitFor('ready');
    return outcome.live;
  }

  const statesOf = (screen: LiveSocket, lockId: string) =>
    screen.events
      .filter((event): event is DockLock => event.type === 'dock.lock' && event.lock_id === lockId)
      .map((event) => event.state);

  async function commandRow(id: string) {
    const [row] = await t.app.db.select().from(lockCommands).where(eq(lockCommands.id, id));
    if (!row) throw new Error('no command row');
    return row;
  }

  it("answers a screen's keep-alive ping with pong, so a quiet dock's screen stays connected", async () => {
    const screen = await openScreen(owner.token);
    screen.socket.send('ping');
    await screen.waitFor('pong');
    screen.socket.send(JSON.stringify({ type: 'ping' }));
    await screen.waitFor('pong');
    await screen.close();
  });

  it("asks the device over its open socket (TriggerMessage) and hands back the device's answer", async () => {
    expect(await deviceConnections.trigger(deviceId, 'Heartbeat')).toBe('Accepted');
    expect(await deviceConnections.trigger(deviceId, 'BootNotification')).toBe('NotImplemented');
    // No connection of that device on this instance: nothing is sent.
    expect(await deviceConnections.trigger(lockIds[0] as string, 'Heartbeat')).toBeNull();
  });

  it('locks a bike and unlocks it, live on the screen, and a retry with the key repeats the first answer', async () => {
    const lockId = lockIds[0] as string;
    const bike = await registerBike(t.app, owner.token);
    const screen = await openScreen(owner.token);

    const locked = await command(owner.token, lockId, 'lock', { bike_id: bike.bike_id }, 'lock-key-0001');
    expect(locked.statusCode).toBe(200);
    const result = locked.json<{
      command_id: string;
      outcome: string;
      reason: null;
      lock: Record<string, unknown>;
    }>();
    expect(result).toMatchObject({
      outcome: 'accepted',
      reason: null,
      lock: { id: lockId, label: '1', state: 'locked', is_mine: true, my_parking: { bike_id: bike.bike_id } },
    });
    await screen.waitFor('dock.lock', (event) => event.lock_id === lockId && event.state === 'locked');

    const replay = await command(owner.token, lockId, 'lock', { bike_id: bike.bike_id }, 'lock-key-0001');
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(result);
    expect(simulator.received(result.command_id)).toBe(1);

    // Another person sees the lock taken, never whose.
    const otherScreen = await openScreen(other.token);
    expect(otherScreen.events.some((event) => JSON.stringify(event).includes(owner.partyId))).toBe(false);

    const unlocked = await command(owner.token, lockId, 'unlock', undefined, 'unlock-key-001');
    expect(unlocked.statusCode).toBe(200);
    expect(unlocked.json()).toMatchObject({
      outcome: 'accepted',
      lock: { state: 'occupied', is_mine: false },
    });
    await screen.waitFor('dock.lock', (event) => event.lock_id === lockId && event.state === 'free');
    const [parking] = await t.app.db.select().from(lockParkings).where(eq(lockParkings.lockId, lockId));
    expect(parking?.unlockedBy).toBe('owner');
    await Promise.all([screen.close(), otherScreen.close()]);
  });

  it('refuses what the rules forbid, before anything reaches the lock', async () => {
    const [first, second] = [lockIds[1] as string, lockIds[2] as string];
    const bike = await registerBike(t.app, owner.token);
    const othersBike = await registerBike(t.app, other.token);

    expect((await command(null, first, 'lock', { bike_id: bike.bike_id })).statusCode).toBe(401);
    const notMine = await command(owner.token, first, 'lock', { bike_id: othersBike.bike_id });
    expect(notMine.json()).toMatchObject({ code: 'bike_not_found' });
    expect((await command(owner.token, first, 'lock', { bike_id: 'nope' })).statusCode).toBe(422);

    expect((await command(owner.token, first, 'lock', { bike_id: bike.bike_id })).json()).toMatchObject({
      outcome: 'accepted',
    });
    expect((await command(owner.token, second, 'lock', { bike_id: bike.bike_id })).json()).toMatchObject({
      code: 'bike_already_parked',
    });
    expect((await command(other.token, first, 'lock', { bike_id: othersBike.bike_id })).json()).toMatchObject(
      {
        code: 'lock_not_free',
      },
    );
    const foreignUnlock = await command(other.token, first, 'unlock');
    expect(foreignUnlock.statusCode).toBe(409);
    expect(foreignUnlock.json()).toMatchObject({ code: 'not_your_parking' });
    expect((await command(null, first, 'unlock')).statusCode).toBe(401);
    // The operator's staff do not unlock as a person; they open remotely.
    expect((await command(operator.admin.token, first, 'unlock')).json()).toMatchObject({
      code: 'not_your_parking',
    });

    await t.app.db.update(locks).set({ outOfServiceAt: new Date() }).where(eq(locks.id, second));
    expect(
      (await command(other.token, second, 'lock', { bike_id: othersBike.bike_id })).json(),
    ).toMatchObject({
      code: 'lock_out_of_service',
    });
    await t.app.db.update(locks).set({ outOfServiceAt: null }).where(eq(locks.id, second));

    const unknownLock = await command(owner.token, '0190aaaa-0000-7000-8000-000000000000', 'lock', {
      bike_id: bike.bike_id,
    });
    expect(unknownLock.json()).toMatchObject({ code: 'lock_not_found' });
    const commands = await t.app.db.select().from(lockCommands).where(eq(lockCommands.lockId, second));
    expect(commands).toHaveLength(0);
    expect((await command(owner.token, first, 'unlock')).json()).toMatchObject({ outcome: 'accepted' });
  });

  it('answers 404 for a dock the person may not use, and 409 outside its opening hours', async () => {
    const privateDock = await createDock(t.app, operator, {
      access: 'people',
      people: ['someone-else@example.dk'],
    });
    const bike = await registerBike(t.app, owner.token);
    const response = await t.app.inject({
      method: 'POST',
      url: lockUrl(lockIds[3] as string, 'lock', privateDock),
      headers: bearer(owner.token),
      payload: { bike_id: bike.bike_id },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'dock_not_found' });
    const url = new URL(`/api/docks/${privateDock}/websocket`, baseUrl.replace(/^http/, 'ws'));
    url.searchParams.set('ticket', await ticketFor(t.app, owner.token));
    expect(await connect(url.toString())).toMatchObject({ kind: 'refused', status: 404 });
    expect(
      await connect(new URL(`/api/docks/${dockId}/websocket`, baseUrl.replace(/^http/, 'ws')).toString()),
    ).toMatchObject({ kind: 'refused', status: 401 });

    const closedDock = await createDock(t.app, operator, {
      opening_hours: [null, null, null, null, null, null, null],
    });
    await t.app.db
      .update(locks)
      .set({ dockId: closedDock })
      .where(eq(locks.id, lockIds[7] as string));
    const closed = await t.app.inject({
      method: 'POST',
      url: lockUrl(lockIds[7] as string, 'lock', closedDock),
      headers: bearer(owner.token),
      payload: { bike_id: bike.bike_id },
    });
    expect(closed.json()).toMatchObject({ code: 'dock_closed_now' });
    await t.app.db
      .update(locks)
      .set({ dockId })
      .where(eq(locks.id, lockIds[7] as string));
  });

  it('answers 503 lock_offline for a lock whose device is not connected', async () => {
    const dock = await createDock(t.app, operator);
    const device = await pairTestDevice(t.app, operator.admin.token, dock, 1);
    const [lock] = await t.app.db.select().from(locks).where(eq(locks.deviceId, device.deviceId));
    const bike = await registerBike(t.app, owner.token);
    const response = await t.app.inject({
      method: 'POST',
      url: lockUrl(lock?.id as string, 'lock', dock),
      headers: bearer(owner.token),
      payload: { bike_id: bike.bike_id },
    });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ code: 'lock_offline' });
  });

  it('records an answer sent twice once', async () => {
    const lockId = lockIds[3] as string;
    const bike = await registerBike(t.app, owner.token);
    simulator.setFaults({ duplicateAnswers: true });
    try {
      const result = (await command(owner.token, lockId, 'lock', { bike_id: bike.bike_id })).json<{
        command_id: string;
        outcome: string;
      }>();
      expect(result.outcome).toBe('accepted');
      await eventually(() => simulator.answersSent(result.command_id) === 2);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const row = await commandRow(result.command_id);
      expect(row).toMatchObject({ status: 'accepted', deviceAnswer: 'Locked', lateAnswer: null });
      const events = await t.app.db
        .select()
        .from(lockEvents)
        .where(and(eq(lockEvents.lockId, lockId), eq(lockEvents.kind, 'command')));
      expect(events).toHaveLength(1);
      const parkings = await t.app.db
        .select()
        .from(lockParkings)
        .where(eq(lockParkings.bikeId, bike.bike_id));
      expect(parkings).toHaveLength(1);
    } finally {
      simulator.setFaults({ duplicateAnswers: false });
    }
    expect((await command(owner.token, lockId, 'unlock')).json()).toMatchObject({ outcome: 'accepted' });
  });

  it('times out a dropped answer, and a late answer changes nothing but the log', async () => {
    const lockId = lockIds[4] as string;
    const bike = await registerBike(t.app, owner.token);
    simulator.setFaults({ dropAnswers: true });
    const dropped = (await command(owner.token, lockId, 'lock', { bike_id: bike.bike_id })).json<{
      command_id: string;
      outcome: string;
      reason: string | null;
    }>();
    simulator.setFaults({ dropAnswers: false });
    expect(dropped).toMatchObject({ outcome: 'timed_out', reason: null });
    expect(
      await t.app.db.select().from(lockParkings).where(eq(lockParkings.bikeId, bike.bike_id)),
    ).toHaveLength(0);
    // The device did lock (it says so): nobody parked there by the register, so nobody can take it.
    expect((await commandRow(dropped.command_id)).status).toBe('timed_out');

    const late = await registerBike(t.app, owner.token);
    simulator.setFaults({ answerDelayMs: 2500 });
    try {
      const lockId2 = lockIds[5] as string;
      const answer = (await command(owner.token, lockId2, 'lock', { bike_id: late.bike_id })).json<{
        command_id: string;
        outcome: string;
      }>();
      expect(answer.outcome).toBe('timed_out');
      await eventually(async () => (await commandRow(answer.command_id)).lateAnswer !== null, 5000);
      const row = await commandRow(answer.command_id);
      expect(row).toMatchObject({ status: 'timed_out', deviceAnswer: null, lateAnswer: 'Locked' });
      expect(row.lateAnswerAt).not.toBeNull();
      expect(
        await t.app.db.select().from(lockParkings).where(eq(lockParkings.bikeId, late.bike_id)),
      ).toHaveLength(0);
    } finally {
      simulator.setFaults({ answerDelayMs: 0 });
    }
  });

  it('never shows a lock locked once the device opened it, even when its power went mid-command', async () => {
    const lockId = lockIds[6] as string;
    const bike = await registerBike(t.app, owner.token);
    expect((await command(owner.token, lockId, 'lock', { bike_id: bike.bike_id })).json()).toMatchObject({
      outcome: 'accepted',
    });
    const screen = await openScreen(owner.token);
    simulator.setFaults({ powerLossOnNextCommand: true });
    const unlock = (await command(owner.token, lockId, 'unlock')).json<{
      command_id: string;
      outcome: string;
    }>();
    expect(unlock.outcome).toBe('timed_out');
    expect(simulator.received(unlock.command_id)).toBe(1);
    await screen.waitFor('dock.lock', (event) => event.lock_id === lockId && event.state === 'offline');
    // Power back: it reports the lock open (the bike still in it), and that is what is shown.
    const afterOfflineStates = () => {
      const states = statesOf(screen, lockId);
      return states.slice(states.indexOf('offline')).filter((state) => state !== 'offline');
    };
    await eventually(() => afterOfflineStates().length > 0, 8000);
    const afterOffline = afterOfflineStates();
    expect(afterOffline).not.toContain('locked');
    expect(['occupied', 'free']).toContain(afterOffline.at(-1));
    // The bike was taken while the device was dark; once it reports the lock Available, the parking
    // the timed-out unlock left open is closed, by the device's word.
    await eventually(async () => {
      const [parking] = await t.app.db
        .select()
        .from(lockParkings)
        .where(eq(lockParkings.bikeId, bike.bike_id));
      return parking?.unlockedBy === 'device';
    }, 8000);
    await screen.close();
  });

  it("lets the operator open a lock with a reason, audited in the bike owner's access log", async () => {
    await simulator.waitUntilConnected();
    await eventually(async () => {
      const [row] = await t.app.db.select().from(lockDevices).where(eq(lockDevices.id, simulator.deviceId));
      return row?.connectedInstance !== null;
    }, 8000);
    const lockId = lockIds[0] as string;
    const bike = await registerBike(t.app, owner.token);
    expect((await command(owner.token, lockId, 'lock', { bike_id: bike.bike_id })).json()).toMatchObject({
      outcome: 'accepted',
    });
    for (const token of [other.token, owner.token, operator.member.token]) {
      const refused = await command(token, lockId, 'remote-open', { reason: 'Blocking the way' });
      expect(refused.statusCode).toBe(404);
    }
    expect((await command(null, lockId, 'remote-open', { reason: 'x' })).statusCode).toBe(401);
    expect((await command(operator.admin.token, lockId, 'remote-open', { reason: '' })).statusCode).toBe(422);

    const opened = await command(operator.admin.token, lockId, 'remote-open', { reason: 'Blocking the way' });
    expect(opened.json()).toMatchObject({ outcome: 'accepted', lock: { is_mine: false, my_parking: null } });
    const [parking] = await t.app.db.select().from(lockParkings).where(eq(lockParkings.bikeId, bike.bike_id));
    expect(parking?.unlockedBy).toBe('operator');
    const audits = await t.app.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'dock.lock_opened_remotely'));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ targetPartyId: owner.partyId, actorPartyId: operator.admin.partyId });
    const log = await t.app.inject({
      method: 'GET',
      url: '/api/identities/me/access-log',
      headers: bearer(owner.token),
    });
    expect(log.statusCode).toBe(200);
    expect(JSON.stringify(log.json())).toContain('Blocking the way');
  });

  it('sends a command once however often its word reaches the instance holding the socket', async () => {
    const lockId = lockIds[1] as string;
    const bike = await registerBike(t.app, owner.token);
    const result = (await command(owner.token, lockId, 'lock', { bike_id: bike.bike_id })).json<{
      command_id: string;
      outcome: string;
    }>();
    expect(result.outcome).toBe('accepted');
    // The word again, as a second instance or a resync would give it: already claimed, not sent.
    await t.app.realtime.publish(`dock-device:${simulator.deviceId}`, {
      type: 'dock.device_command',
      command_id: result.command_id,
    });
    await t.app.realtime.publish(`dock-device:${simulator.deviceId}`, { type: 'resync' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(simulator.received(result.command_id)).toBe(1);
    expect((await command(owner.token, lockId, 'unlock')).json()).toMatchObject({ outcome: 'accepted' });
  });

  it('times out, in the background pass, a command whose waiting instance died', async () => {
    const lockId = lockIds[2] as string;
    const [orphan] = await t.app.db
      .insert(lockCommands)
      .values({
        id: '0190aaaa-0000-7000-8000-00000000c0de',
        lockId,
        deviceId: simulator.deviceId,
        action: 'unlock',
        status: 'sent',
        sentAt: new Date(Date.now() - 20_000),
        deadlineAt: new Date(Date.now() - 10_000),
      })
      .returning();
    const report = await t.app.lockDevicePass.runOnce();
    expect(report.timedOut).toBe(1);
    expect((await commandRow(orphan?.id as string)).status).toBe('timed_out');
    expect((await t.app.lockDevicePass.runOnce()).timedOut).toBe(0);
  });

  it('speaks OCPP-J on the subprotocol it negotiated, answering malformed frames with CALLERROR', async () => {
    const credentials = await pairTestDevice(t.app, operator.admin.token, dockId, 1);
    const target = new URL('/api/docks/devices/websocket', baseUrl.replace(/^http/, 'ws'));
    const basic = Buffer.from(`${credentials.deviceId}:${credentials.password}`).toString('base64');
    const socket = new WebSocket(target, ['ocpp1.6', DOCK_SUBPROTOCOL], {
      headers: { authorization: `Basic ${basic}` },
    });
    const frames: unknown[][] = [];
    socket.on('message', (data) => frames.push(JSON.parse(String(data)) as unknown[]));
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    expect(socket.protocol).toBe(DOCK_SUBPROTOCOL);
    const answerTo = async (id: string) => {
      await eventually(() => frames.some((frame) => frame[1] === id));
      return frames.find((frame) => frame[1] === id);
    };
    socket.send('not json');
    socket.send(JSON.stringify([2, 'm1', 'Teleport', {}]));
    socket.send(JSON.stringify([2, 'm2', 'Heartbeat', { extra: true }]));
    socket.send(
      JSON.stringify([
        2,
        'm3',
        'StatusNotification',
        { connectorId: 9, status: 'Available', timestamp: new Date().toISOString() },
      ]),
    );
    socket.send(JSON.stringify([2, 'm4', 'Heartbeat', {}]));
    socket.send(JSON.stringify([7, 'm5']));
    expect((await answerTo('-1'))?.slice(0, 3)).toEqual([4, '-1', 'FormationViolation']);
    expect((await answerTo('m1'))?.slice(0, 3)).toEqual([4, 'm1', 'NotImplemented']);
    expect((await answerTo('m2'))?.slice(0, 3)).toEqual([4, 'm2', 'FormationViolation']);
    expect((await answerTo('m3'))?.slice(0, 3)).toEqual([4, 'm3', 'PropertyConstraintViolation']);
    expect((await answerTo('m4'))?.[0]).toBe(3);
    expect((await answerTo('m5'))?.slice(0, 3)).toEqual([4, 'm5', 'ProtocolError']);
    // The API asked it to report its connectors (reconcile) as soon as it connected.
    expect(frames.some((frame) => frame[0] === 2 && frame[2] === 'TriggerMessage')).toBe(true);

    // A report keeps the device's own timestamp in the lock's history; the row's time is the API's.
    const deviceClock = '2020-01-01T00:00:00.000Z';
    socket.send(
      JSON.stringify([
        2,
        'm6',
        'StatusNotification',
        { connectorId: 1, status: 'Faulted', timestamp: deviceClock },
      ]),
    );
    expect((await answerTo('m6'))?.[0]).toBe(3);
    const [lock] = await t.app.db.select().from(locks).where(eq(locks.deviceId, credentials.deviceId));
    const history = await t.app.db
      .select()
      .from(lockEvents)
      .where(and(eq(lockEvents.lockId, lock?.id as string), eq(lockEvents.kind, 'status')));
    const report = history.find((row) => (row.detail as { status?: string }).status === 'Faulted');
    expect(report?.detail).toMatchObject({ status: 'Faulted', device_timestamp: deviceClock });
    expect(report?.at.getFullYear()).toBeGreaterThan(2020);
    socket.close();
  });

  it('shows the locks offline once the device goes silent', async () => {
    await simulator.waitUntilConnected();
    const screen = await openScreen(owner.token);
    simulator.setFaults({ silent: true });
    try {
      // As the pass sees it a little after the (test's) silence limit.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const silentPass = await t.app.lockDevicePass.runOnce(new Date(Date.now() + 90_000));
      expect(silentPass.offline).toBe(1);
      await screen.waitFor('dock.lock', (event) => event.lock_id === lockIds[0] && event.state === 'offline');
    } finally {
      simulator.setFaults({ silent: false });
      await screen.close();
    }
  });
});
