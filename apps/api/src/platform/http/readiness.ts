import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { DatabaseConnection } from '../../db/client.ts';
import { findPendingMigrations, type Migration, readMigrations } from '../../db/migrate.ts';
import type { FileStorage } from '../storage/file-storage.ts';

/** What GET /api/health/ready checks, by the names its 503 answer lists the failing ones under. */
export const READINESS_CHECKS = ['database', 'redis', 'storage', 'migrations', 'draining'] as const;
export type ReadinessCheck = (typeof READINESS_CHECKS)[number];

/** A dependency that has not answered by then counts as down: a load balancer must not wait longer. */
const CHECK_TIMEOUT_MS = 2000;
/** Load balancers and probes poll every few seconds, each instance from several places: ask the dependencies at most once a second. */
const CACHE_MS = 1000;

export interface ReadinessDeps {
  database: DatabaseConnection;
  /** Null when REDIS_URL is not set: nothing to check then. */
  redis: Pick<Redis, 'ping'> | null;
  storage: Pick<FileStorage, 'checkWritable'>;
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>;
  /** The migration files the schema must have applied; default: the ones of this build. */
  migrations?: () => Promise<readonly Migration[]>;
  timeoutMs?: number;
  cacheMs?: number;
  now?: () => number;
}

export interface Readiness {
  /** The checks that fail now, in READINESS_CHECKS order; empty when the instance should get traffic. */
  failedChecks(): Promise<ReadinessCheck[]>;
  /** From now on the instance reports not ready (server.ts, on SIGTERM); there is no way back. */
  startDraining(): void;
  readonly isDraining: boolean;
}

function withTimeout(promise: Promise<unknown>, ms: number): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Whether this instance should get traffic: PostgreSQL answers, Redis answers (when configured), a
 * file can be stored, every migration is applied, and the instance is not shutting down. The
 * dependencies are asked at most once per `cacheMs` (concurrent polls share one round); draining
 * counts at once. A change of the failing set is logged once, not at every poll.
 */
export function createReadiness(deps: ReadinessDeps): Readiness {
  const timeoutMs = deps.timeoutMs ?? CHECK_TIMEOUT_MS;
  const cacheMs = deps.cacheMs ?? CACHE_MS;
  const now = deps.now ?? Date.now;
  const loadMigrations = deps.migrations ?? readMigrations;
  let migrations: Promise<readonly Migration[]> | undefined;
  let round: { failed: Promise<ReadinessCheck[]>; finishedAt: number | null } | undefined;
  let reported = '';
  let draining = false;

  async function checkDependencies(): Promise<ReadinessCheck[]> {
    const errors = new Map<ReadinessCheck, string>();
    const check = async (name: ReadinessCheck, probe: () => Promise<unknown>) => {
      try {
        await withTimeout(probe(), timeoutMs);
      } catch (error) {
        errors.set(name, error instanceof Error ? error.message : String(error));
      }
    };
    const database = deps.database;
    const redis = deps.redis;
    await Promise.all([
      // Migrations are read from the database: checked only once it answers, so a database that is
      // down is reported as exactly that.
      check('database', () => database.ping()).then(() =>
        errors.has('database')
          ? undefined
          : check('migrations', async () => {
              migrations ??= loadMigrations();
              const pending = await findPendingMigrations(database, await migrations);
              if (pending.length > 0) throw new Error(`not applied: ${pending.join(', ')}`);
            }),
      ),
      redis ? check('redis', () => redis.ping()) : undefined,
      check('storage', () => deps.storage.checkWritable()),
    ]);
    const failed = READINESS_CHECKS.filter((name) => errors.has(name));
    const summary = failed.join(',');
    if (summary !== reported) {
      if (failed.length > 0) deps.log.warn({ failed, errors: Object.fromEntries(errors) }, 'not ready');
      else deps.log.info('ready');
      reported = summary;
    }
    return failed;
  }

  function dependencyFailures(): Promise<ReadinessCheck[]> {
    const stale = round?.finishedAt != null && now() - round.finishedAt >= cacheMs;
    if (!round || stale) {
      const current: NonNullable<typeof round> = { failed: checkDependencies(), finishedAt: null };
      void current.failed.then(() => {
        current.finishedAt = now();
      });
      round = current;
    }
    return round.failed;
  }

  return {
    async failedChecks() {
      const failed = await dependencyFailures();
      return draining ? [...failed, 'draining'] : failed;
    },
    startDraining() {
      draining = true;
    },
    get isDraining() {
      return draining;
    },
  };
}
