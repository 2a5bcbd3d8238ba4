import { parentPort, workerData } from 'node:worker_threads';
import { atRate, type RatePerson } from './at-rate.ts';

/*
 * The docks bench's people, on a thread of their own (bench/docks.bench.ts): their HTTP client gets
 * its own event loop, so the API's thread serves the API only and its busy figure is the API's.
 * Asked over messages to run a scenario at the bench's rate: `reference` (an authenticated POST to
 * the bench's route that does nothing) or `commands` (each person locks their bike, then unlocks
 * it, and so on), for the bench's seconds or the message's own (the warm-up); answers the run.
 */

export interface BenchPerson extends RatePerson {
  token: string;
  bikeId: string;
  lockId: string;
  parked: boolean;
}

interface PeopleData {
  address: string;
  dockId: string;
  people: BenchPerson[];
  perSecond: number;
  seconds: number;
}

const { address, dockId, people, perSecond, seconds } = workerData as PeopleData;
const port = parentPort;
if (!port) throw new Error('docks-people.worker.ts runs as a worker thread');

async function post(token: string, path: string, body: unknown) {
  const response = await fetch(`${address}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { outcome?: string; code?: string } };
}

const scenarios = {
  reference: async (who: BenchPerson) => {
    const { status, body } = await post(who.token, '/api/bench/reference', {});
    return { kind: 'post', outcome: `${status} ${body.outcome ?? body.code}` };
  },
  commands: async (who: BenchPerson) => {
    const verb = who.parked ? 'unlock' : 'lock';
    const { status, body } = await post(
      who.token,
      `/api/docks/${dockId}/locks/${who.lockId}/${verb}`,
      verb === 'lock' ? { bike_id: who.bikeId } : {},
    );
    if (body.outcome === 'accepted') who.parked = verb === 'lock';
    return { kind: verb, outcome: `${verb} ${status} ${body.outcome ?? body.code}` };
  },
};

port.on('message', async (message: { type: 'run'; scenario: keyof typeof scenarios; seconds?: number }) => {
  const run = await atRate(people, perSecond, message.seconds ?? seconds, scenarios[message.scenario]);
  port.postMessage({ type: 'run', run });
});
port.postMessage({ type: 'started' });
