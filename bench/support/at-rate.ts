import { performance } from 'node:perf_hooks';

/*
 * Requests at a steady rate from a set of people, each waiting for their answer before their next
 * (the docks bench: bench/docks.bench.ts and its people's thread, bench/support/docks-people.worker.ts).
 */

/** A person of the bench: what a request needs, and whether they wait for an answer now. */
export interface RatePerson {
  busy: boolean;
}

export interface RateRun {
  /** Round trips in ms by kind (lock, unlock; the references have one kind). */
  roundTrips: Record<string, number[]>;
  outcomes: Record<string, number>;
  /** Ticks when every person was waiting for an answer: nothing was sent. */
  skipped: number;
  /** Seconds from the first request to the last answer. */
  elapsed: number;
}

/**
 * `perSecond` requests a second for `seconds`, each from a person not waiting for one already (a
 * tick with everyone waiting is skipped and counted); `send` answers the round trip's kind and
 * outcome.
 */
export async function atRate<Person extends RatePerson>(
  people: Person[],
  perSecond: number,
  seconds: number,
  send: (person: Person) => Promise<{ kind: string; outcome: string }>,
): Promise<RateRun> {
  const run: RateRun = { roundTrips: {}, outcomes: {}, skipped: 0, elapsed: 0 };
  const count = (outcome: string) => {
    run.outcomes[outcome] = (run.outcomes[outcome] ?? 0) + 1;
  };
  const inFlight = new Set<Promise<void>>();
  let nextPerson = 0;
  const begin = performance.now();
  const interval = 1000 / perSecond;
  for (let sent = 0; sent < perSecond * seconds; sent += 1) {
    const wait = begin + sent * interval - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    let person: Person | undefined;
    for (let tried = 0; tried < people.length && !person; tried += 1) {
      const candidate = people[nextPerson % people.length];
      nextPerson += 1;
      if (candidate && !candidate.busy) person = candidate;
    }
    if (!person) {
      run.skipped += 1;
      continue;
    }
    const who = person;
    who.busy = true;
    const begun = performance.now();
    const request = send(who)
      .then(({ kind, outcome }) => {
        const trips = run.roundTrips[kind] ?? [];
        trips.push(performance.now() - begun);
        run.roundTrips[kind] = trips;
        count(outcome);
      })
      .catch((error: unknown) => {
        count('error');
        console.error(error);
      })
      .finally(() => {
        who.busy = false;
        inFlight.delete(request);
      });
    inFlight.add(request);
  }
  await Promise.all(inFlight);
  run.elapsed = (performance.now() - begin) / 1000;
  return run;
}
