import { databaseUnavailableReason } from './unavailable.ts';

export interface WaitForDatabaseOptions {
  /** Aborting stops the wait (SIGTERM while the database is still away); the step's error is thrown. */
  signal: AbortSignal;
  /** Called once per failed attempt, before the wait: attempt number, reason (a fixed word), delay. */
  onRetry(attempt: number, reason: string, delayMs: number): void;
  /** Wait after the first failure; it doubles after each further one. */
  firstDelayMs?: number;
  /** The longest wait between two attempts. */
  maxDelayMs?: number;
}

/** Thrown when the wait was aborted before the database answered. */
export class DatabaseWaitAborted extends Error {
  constructor() {
    super('stopped while waiting for the database');
    this.name = 'DatabaseWaitAborted';
  }
}

/**
 * Runs `step` (connect and migrate) until it gets past a database that is away, with capped
 * exponential back-off: an instance started during a restart or failover waits for the database
 * instead of exiting. Any other failure (a bad password, a broken migration) is thrown at once.
 * Each wait is between half and all of its step, so instances started together do not retry in step.
 */
export async function waitForDatabase<T>(
  step: () => Promise<T>,
  options: WaitForDatabaseOptions,
): Promise<T> {
  const { signal, onRetry, firstDelayMs = 500, maxDelayMs = 10_000 } = options;
  for (let attempt = 1; ; attempt += 1) {
    if (signal.aborted) throw new DatabaseWaitAborted();
    try {
      return await step();
    } catch (error) {
      const reason = databaseUnavailableReason(error);
      if (!reason) throw error;
      const ceiling = Math.min(maxDelayMs, firstDelayMs * 2 ** (attempt - 1));
      const delayMs = Math.round(ceiling / 2 + (Math.random() * ceiling) / 2);
      onRetry(attempt, reason, delayMs);
      await sleep(delayMs, signal);
    }
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}
