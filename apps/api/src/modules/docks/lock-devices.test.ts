import { createHash } from 'node:crypto';
import { DOCK_SUBPROTOCOL } from '@nbr/domain/dock-protocol';
import { PAIRING_CODE_ALPHABET, PAIRING_CODE_LENGTH } from '@nbr/domain/docks';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockDevices, locks } from '../../db/schema/docks.ts';
import { createDock } from '../../test/dock-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { bearer, signUpUser, type TestUser } from '../../test/identity-helpers.ts';
import {
  createDeviceSlot,
  type LockOperator,
  lockOperator,
  pairTestDevice,
} from '../../test/lock-device-fixtures.ts';

/*
 * Pairing lock devices (issue 28): the operator's device slot and one-time code, the device's trade
 * of the code for credentials, retiring, and the device endpoint's checks before any upgrade. The
 * websocket itself: lock-commands.live.test.ts.
 */

describe('lock devices', () => {
  let t: TestApp;
  let operator: LockOperator;
  let stranger: TestUser;
  let dockId: string;

  beforeAll(async () => {
    t = await createTestApp({ lockDevicesRateLimits: { deviceConnectionsPerMinute: 5 } });
    operator = await lockOperator(t.app);
    stranger = await signUpUser(t.app);
    dockId = await createDock(t.app, operator);
  });

  afterAll(async () => {
    await t?.close();
  });

  const pair = (code: string, connectors = 3, ip = '10.0.0.1') =>
    t.app.inject({
      method: 'POST',
      url: '/api/docks/devices/pairings',
      payload: { code, connectors },
      remoteAddress: ip,
    });

  describe('a device slot', () => {
    it('is made by the operator with a one-time code whose hash alone is stored', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/docks/${dockId}/devices`,
        headers: bearer(operator.admin.token),
      });
      expect(response.statusCode).toBe(201);
      const body = response.json<{ device_id: string; code: string; expires_at: string }>();
      expect(body.code).toMatch(new RegExp(`^[${PAIRING_CODE_ALPHABET}]{${PAIRING_CODE_LENGTH}}$`));
      const [row] = await t.app.db.select().from(lockDevices).where(eq(lockDevices.id, body.device_id));
      expect(row?.pairingCodeHash).toBe(createHash('sha256').update(body.code).digest('hex'));
      expect(row?.passwordHash).toBeNull();
    });

    it('is refused to a member who is not an admin, to another person and to a visitor', async () => {
      for (const token of [operator.member.token, stranger.token]) {
        const response = await t.app.inject({
          method: 'POST',
          url: `/api/docks/${dockId}/devices`,
          headers: bearer(token),
        });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toMatchObject({ code: 'dock_not_found' });
      }
      const visitor = await t.app.inject({ method: 'POST', url: `/api/docks/${dockId}/devices` });
      expect(visitor.statusCode).toBe(401);
    });
  });

  describe('pairing', () => {
    it('trades the code once for credentials and makes the connectors locks labelled 1…n', async () => {
      const { deviceId, code } = await createDeviceSlot(t.app, operator.admin.token, dockId);
      const response = await pair(code.toLowerCase(), 3, '10.0.0.2');
      expect(response.statusCode).toBe(201);
      const body = response.json<{
        device_id: string;
        password: string;
        websocket_url: string;
        subprotocol: string;
      }>();
      expect(body).toMatchObject({
        device_id: deviceId,
        websocket_url: 'ws://localhost:3000/api/docks/devices/websocket',
        subprotocol: DOCK_SUBPROTOCOL,
      });
      expect(Buffer.from(body.password, 'base64url')).toHaveLength(32);
      const rows = await t.app.db
        .select()
        .from(locks)
        .where(eq(locks.deviceId, deviceId))
        .orderBy(asc(locks.connectorId));
      expect(rows.map((row) => [row.connectorId, row.label])).toEqual([
        [1, '1'],
        [2, '2'],
        [3, '3'],
      ]);
      const [device] = await t.app.db.select().from(lockDevices).where(eq(lockDevices.id, deviceId));
      expect(device?.pairingCodeHash).toBeNull();
      expect(device?.passwordHash).toBe(createHash('sha256').update(body.password).digest('hex'));

      const again = await pair(code, 3, '10.0.0.2');
      expect(again.statusCode).toBe(400);
      expect(again.json()).toMatchObject({ code: 'pairing_code_invalid' });
    });

    it("numbers a second device's locks after the labels taken", async () => {
      const dock = await createDock(t.app, operator);
      const first = await pairTestDevice(t.app, operator.admin.token, dock, 2);
      const second = await pairTestDevice(t.app, operator.admin.token, dock, 2);
      const labels = async (deviceId: string) =>
        (
          await t.app.db
            .select()
            .from(locks)
            .where(eq(locks.deviceId, deviceId))
            .orderBy(asc(locks.connectorId))
        ).map((row) => row.label);
      expect(await labels(first.deviceId)).toEqual(['1', '2']);
      expect(await labels(second.deviceId)).toEqual(['3', '4']);
    });

    it('refuses an expired code, an unknown one and a malformed body, changing nothing', async () => {
      const { deviceId, code } = await createDeviceSlot(t.app, operator.admin.token, dockId);
      await t.app.db
        .update(lockDevices)
        .set({ pairingCodeExpiresAt: new Date(Date.now() - 1000) })
        .where(eq(lockDevices.id, deviceId));
      expect((await pair(code, 2, '10.0.0.3')).json()).toMatchObject({ code: 'pairing_code_invalid' });
      expect((await pair('ABCDEFGHJK', 2, '10.0.0.3')).statusCode).toBe(400);
      expect((await pair('short', 2, '10.0.0.3')).statusCode).toBe(422);
      expect((await pair(code, 0, '10.0.0.3')).statusCode).toBe(422);
      expect(await t.app.db.select().from(locks).where(eq(locks.deviceId, deviceId))).toHaveLength(0);
    });

    it('is limited per network address, whatever the spelling of the path', async () => {
      const statuses: number[] = [];
      for (const url of [
        '/api/docks/devices/pairings',
        '//api/docks/devices/pairings',
        '/api/docks//devices/pairings',
      ]) {
        for (let attempt = 0; attempt < 2; attempt += 1) {
          const response = await t.app.inject({
            method: 'POST',
            url,
            payload: { code: 'ABCDEFGHJK', connectors: 1 },
            remoteAddress: '10.9.9.9',
          });
          statuses.push(response.statusCode);
        }
      }
      expect(statuses.slice(0, 5).every((status) => status === 400)).toBe(true);
      expect(statuses[5]).toBe(429);
    });
  });

  describe('the device websocket endpoint', () => {
    it('answers 401 without the right Basic credentials, before any upgrade', async () => {
      const { deviceId, password } = await pairTestDevice(t.app, operator.admin.token, dockId, 1);
      const basic = (user: string, secret: string) =>
        `Basic ${Buffer.from(`${user}:${secret}`).toString('base64')}`;
      for (const authorization of [undefined, basic(deviceId, 'wrong'), basic('not-a-uuid', password)]) {
        const response = await t.app.inject({
          method: 'GET',
          url: '/api/docks/devices/websocket',
          headers: {
            ...(authorization ? { authorization } : {}),
            'sec-websocket-protocol': DOCK_SUBPROTOCOL,
          },
          remoteAddress: '10.1.0.1',
        });
        expect(response.statusCode).toBe(401);
      }
      const noProtocol = await t.app.inject({
        method: 'GET',
        url: '/api/docks/devices/websocket',
        headers: { authorization: basic(deviceId, password), 'sec-websocket-protocol': 'ocpp1.6' },
        remoteAddress: '10.1.0.2',
      });
      expect(noProtocol.statusCode).toBe(400);
    });
  });

  describe('retiring a device', () => {
    it('is the operator’s: its credentials stop working', async () => {
      const { deviceId, password } = await pairTestDevice(t.app, operator.admin.token, dockId, 1);
      const path = `/api/docks/${dockId}/devices/${deviceId}`;
      for (const token of [stranger.token, operator.member.token]) {
        expect((await t.app.inject({ method: 'DELETE', url: path, headers: bearer(token) })).statusCode).toBe(
          404,
        );
      }
      expect((await t.app.inject({ method: 'DELETE', url: path })).statusCode).toBe(401);
      const retired = await t.app.inject({
        method: 'DELETE',
        url: path,
        headers: bearer(operator.admin.token),
      });
      expect(retired.statusCode).toBe(204);
      const [row] = await t.app.db.select().from(lockDevices).where(eq(lockDevices.id, deviceId));
      expect(row?.retiredAt).not.toBeNull();
      expect(row?.passwordHash).toBeNull();
      const socket = await t.app.inject({
        method: 'GET',
        url: '/api/docks/devices/websocket',
        headers: {
          authorization: `Basic ${Buffer.from(`${deviceId}:${password}`).toString('base64')}`,
          'sec-websocket-protocol': DOCK_SUBPROTOCOL,
        },
        remoteAddress: '10.1.0.3',
      });
      expect(socket.statusCode).toBe(401);
      const twice = await t.app.inject({
        method: 'DELETE',
        url: path,
        headers: bearer(operator.admin.token),
      });
      expect(twice.json()).toMatchObject({ code: 'device_not_found' });
    });
  });
});
