import { parentPort, workerData } from 'node:worker_threads';
import { type Simulator, startSimulator } from '../../apps/api/src/cli/docks-simulate.ts';

/*
 * The docks bench's devices, on a thread of their own (bench/docks.bench.ts): the simulators get their
 * own event loop, so the API's thread serves the API. Asked over messages: `state` (each device's
 * connections and its connectors' statuses), `disconnect` (drop every connection at once), `stop`.
 */

interface DevicesData {
  address: string;
  deviceIds: string[];
  password: string;
  connectors: number;
}

const { address, deviceIds, password, connectors } = workerData as DevicesData;
const port = parentPort;
if (!port) throw new Error('docks-devices.worker.ts runs as a worker thread');

/** Upgrades refused and socket errors the devices met, by kind. */
const trouble = new Map<string, number>();
const simulators: Simulator[] = [];
for (const deviceId of deviceIds) {
  simulators.push(
    await startSimulator({
      url: address,
      deviceId,
      password,
      connectors,
      bikeLeavesAfterMs: 60_000,
      reconnectDelayMs: 200,
      log: (line) => {
        if (line.startsWith('refused') || line.startsWith('socket error')) {
          trouble.set(line, (trouble.get(line) ?? 0) + 1);
        }
      },
    }),
  );
}

port.on('message', async (message: { type: 'state' | 'disconnect' | 'stop' }) => {
  if (message.type === 'disconnect') {
    for (const simulator of simulators) simulator.disconnect();
  } else if (message.type === 'stop') {
    await Promise.all(simulators.map((simulator) => simulator.stop()));
  }
  port.postMessage({
    type: message.type,
    connections: Object.fromEntries(
      simulators.map((simulator) => [simulator.deviceId, simulator.connections]),
    ),
    statuses: Object.fromEntries(
      simulators.map((simulator) => [
        simulator.deviceId,
        Array.from({ length: connectors }, (_, index) => simulator.status(index + 1)),
      ]),
    ),
    trouble: Object.fromEntries(trouble),
  });
});
port.postMessage({ type: 'started' });
