import { databaseUnavailableReason } from '../db/unavailable.ts';
import { recordPass } from './telemetry/metrics.ts';

/**
 * A background pass run every `intervalMs` (the mail worker, the chat notifier, the order
 * reconciliation): passes never overlap (runOnce calls queue behind each other, a failed one does
 * not block the next), the timer does not keep the process alive, and stop() waits for the pass
 * under way. server.ts starts them; tests call runOnce. Every pass is counted in the metrics under
 * its `name` (runs, failures, duration, last success).
 */
export interface PeriodicPass<Report> {
  /** One pass as of `now`. Calls queue behind each other. */
  runOnce(now?: Date): Promise<Report>;
  start(): void;
  /** Stops the passes and waits for the one under way. */
  stop(): Promise<void>;
}

export function createPeriodicPass<Report>(options: {
  /** The pass's name in the metrics: `mail-worker`, `chat-notifier` … */
  name: string;
  pass: (now: Date) => Promise<Report>;
  intervalMs: number;
  /** What a scheduled pass reported (logging); not called for runOnce from outside. */
  onReport?: (report: Report) => void;
  onError: (error: unknown) => void;
}): PeriodicPass<Report> {
  const { name, intervalMs, onReport, onError } = options;

  async function pass(now: Date): Promise<Report> {
    const started = performance.now();
    try {
      const report = await options.pass(now);
      recordPass(name, (performance.now() - started) / 1000, true);
      return report;
    } catch (error) {
      recordPass(name, (performance.now() - started) / 1000, false);
      throw error;
    }
  }
  let queue: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | null = null;
  let running = false;

  function runOnce(now = new Date()): Promise<Report> {
    const next = queue.then(
      () => pass(now),
      () => pass(now),
    );
    queue = next.catch(() => undefined);
    return next;
  }

  function schedule(): void {
    if (!running) return;
    timer = setTimeout(async () => {
      try {
        // Not `onReport?.(await runOnce())`: without onReport that would skip the pass itself.
        const report = await runOnce();
        onReport?.(report);
      } catch (error) {
        onError(error);
      }
      schedule();
    }, intervalMs);
    timer.unref();
  }

  return {
    runOnce,
    start() {
      if (running) return;
      running = true;
      schedule();
    },
    async stop() {
      running = false;
      if (timer) clearTimeout(timer);
      timer = null;
      await queue;
    },
  };
}

/** What logPassFailure needs of a logger (pino's, in the app). */
export interface PassLogger {
  warn(details: Record<string, unknown>, message: string): void;
  error(details: Record<string, unknown>, message: string): void;
}

/**
 * The `onError` of a pass: a database that cannot answer right now (a restart, a failover) is a
 * warning naming the reason only, since the next pass tries again by itself; anything else is logged
 * in full as an error.
 */
export function logPassFailure(logger: PassLogger, message: string): (error: unknown) => void {
  return (error) => {
    const unavailable = databaseUnavailableReason(error);
    if (unavailable) logger.warn({ database: unavailable }, `${message}: database unavailable`);
    else logger.error({ err: error }, message);
  };
}
