import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/client.ts';
import * as devices from './lock-devices.repository.ts';

/** How long a sighting waits to be written with the others: far inside the offline limit (90 s). */
export const SIGHTINGS_WRITE_EVERY_MS = 1000;

/**
 * When this instance's devices were last heard (their last_seen_at), written for all of them in one
 * statement a second instead of one statement per device. A thousand controllers send their
 * heartbeats within seconds of each other after a restart (they connect together, and keep the
 * interval the API gave them), and a write each took the pool from the lock commands: the bench's
 * command round trips stalled for half a second every 30 s (bench/README.md, Docks). A sighting
 * waits at most SIGHTINGS_WRITE_EVERY_MS, far inside the 90 s after which a device counts as
 * offline; a write that fails is tried again with the next one, and a newer sighting of the same
 * device replaces an older one. The write never moves last_seen_at back.
 */
export class DeviceSightings {
  readonly #db: Executor;
  readonly #log: FastifyBaseLogger;
  readonly #everyMs: number;
  #pending = new Map<string, Date>();
  #timer: NodeJS.Timeout | null = null;
  #writing: Promise<void> = Promise.resolve();

  constructor(db: Executor, log: FastifyBaseLogger, everyMs = SIGHTINGS_WRITE_EVERY_MS) {
    this.#db = db;
    this.#log = log;
    this.#everyMs = everyMs;
  }

  /** The device was heard at `at`; written with the others within SIGHTINGS_WRITE_EVERY_MS. */
  heard(deviceId: string, at: Date): void {
    const earlier = this.#pending.get(deviceId);
    if (!earlier || earlier < at) this.#pending.set(deviceId, at);
    this.#schedule();
  }

  #schedule(): void {
    if (this.#timer) return;
    this.#timer = setTimeout(() => {
      this.#timer = null;
      void this.write();
    }, this.#everyMs);
    this.#timer.unref();
  }

  /** Writes what is waiting now (one write at a time); a failed write keeps its sightings for the next. */
  write(): Promise<void> {
    this.#writing = this.#writing.then(async () => {
      if (this.#pending.size === 0) return;
      const batch = this.#pending;
      this.#pending = new Map();
      try {
        await devices.recordSightings(
          this.#db,
          [...batch].map(([id, at]) => ({ id, at })),
        );
      } catch (error) {
        this.#log.warn({ err: error, devices: batch.size }, 'docks: writing when devices were heard failed');
        for (const [id, at] of batch) {
          const newer = this.#pending.get(id);
          if (!newer || newer < at) this.#pending.set(id, at);
        }
        this.#schedule();
      }
    });
    return this.#writing;
  }

  /** Stops the timer and writes what is waiting (the app's close). */
  async close(): Promise<void> {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    await this.write();
  }
}
