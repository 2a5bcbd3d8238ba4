import type { AddressInfo } from 'node:net';
import { DOCK_SUBPROTOCOL } from '@nbr/domain/dock-protocol';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type WebSocket, WebSocketServer } from 'ws';
import { eventually } from '../test/realtime-helpers.ts';
import { type Simulator, startSimulator } from './docks-simulate.ts';

/*
 * The lock simulator as a controller, against a bare central system (a websocket server of the test,
 * not the API): what only a controller decides, such as carrying out a repeated message id once and
 * losing power between acting and answering. The API with the simulator: lock-commands.live.test.ts.
 */

describe('the dock simulator', () => {
  let server: WebSocketServer;
  let url: string;
  let connections: Array<{ socket: WebSocket; frames: unknown[][]; authorization: string | undefined }>;
  let simulator: Simulator | undefined;

  beforeEach(async () => {
    connections = [];
    server = new WebSocketServer({
      port: 0,
      host: '127.0.0.1',
      handleProtocols: (offered) => (offered.has(DOCK_SUBPROTOCOL) ? DOCK_SUBPROTOCOL : false),
    });
    server.on('connection', (socket, request) => {
      const connection = { socket, frames: [] as unknown[][], authorization: request.headers.authorization };
      connections.push(connection);
      socket.on('message', (data) => {
        const frame = JSON.parse(String(data)) as unknown[];
        connection.frames.push(frame);
        if (frame[0] !== 2) return;
        const answer =
          frame[2] === 'BootNotification'
            ? { status: 'Accepted', currentTime: new Date().toISOString(), interval: 30 }
            : frame[2] === 'Heartbeat'
              ? { currentTime: new Date().toISOString() }
              : {};
        socket.send(JSON.stringify([3, frame[1], answer]));
      });
    });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterEach(async () => {
    await simulator?.stop();
    simulator = undefined;
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const start = (options: Partial<Parameters<typeof startSimulator>[0]> = {}) =>
    startSimulator({
      url,
      deviceId: '0190aaaa-0000-7000-8000-0000000000d1',
      password: 'secret',
      connectors: 2,
      reconnectDelayMs: 50,
      restartAfterMs: 200,
      ...options,
    });

  const statusReports = (frames: unknown[][], connectorId: number, status: string) =>
    frames.filter(
      (frame) =>
        frame[2] === 'StatusNotification' &&
        (frame[3] as { connectorId: number; status: string }).connectorId === connectorId &&
        (frame[3] as { status: string }).status === status,
    ).length;

  it('boots with its credentials and subprotocol, then reports every connector', async () => {
    simulator = await start();
    await simulator.waitUntilConnected();
    const [connection] = connections;
    expect(connection?.socket.protocol).toBe(DOCK_SUBPROTOCOL);
    expect(connection?.authorization).toBe(
      `Basic ${Buffer.from(`${simulator.deviceId}:secret`).toString('base64')}`,
    );
    await eventually(() => statusReports(connection?.frames ?? [], 2, 'Available') === 1);
    expect(connection?.frames[0]?.[2]).toBe('BootNotification');
  });

  it('carries out a repeated message id once and answers it the same', async () => {
    simulator = await start();
    await simulator.waitUntilConnected();
    const connection = connections[0];
    if (!connection) throw new Error('no connection');
    connection.socket.send(JSON.stringify([2, 'cmd-1', 'LockConnector', { connectorId: 1 }]));
    connection.socket.send(JSON.stringify([2, 'cmd-1', 'LockConnector', { connectorId: 1 }]));
    await eventually(() => connection.frames.filter((frame) => frame[1] === 'cmd-1').length === 2);
    expect(connection.frames.filter((frame) => frame[1] === 'cmd-1')).toEqual([
      [3, 'cmd-1', { status: 'Locked' }],
      [3, 'cmd-1', { status: 'Locked' }],
    ]);
    expect(statusReports(connection.frames, 1, 'Locked')).toBe(1);
    expect(simulator.received('cmd-1')).toBe(2);
  });

  it('loses power after carrying out a command and before answering, then reports the truth', async () => {
    simulator = await start({ faults: { powerLossOnNextCommand: true } });
    await simulator.waitUntilConnected();
    const first = connections[0];
    if (!first) throw new Error('no connection');
    first.socket.send(JSON.stringify([2, 'cmd-2', 'LockConnector', { connectorId: 2 }]));
    await eventually(() => connections.length === 2, 3000);
    expect(first.frames.some((frame) => frame[1] === 'cmd-2')).toBe(false);
    const second = connections[1];
    await eventually(() => statusReports(second?.frames ?? [], 2, 'Locked') === 1);
    expect(simulator.status(2)).toBe('Locked');
  });

  it('never runs in production', async () => {
    const before = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      await expect(start()).rejects.toThrow(/never runs in production/);
    } finally {
      process.env.NODE_ENV = before;
    }
    expect(connections).toHaveLength(0);
  });
});
