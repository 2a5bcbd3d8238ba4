import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import { uuidv7 } from '../../platform/ids.ts';
import { createPeriodicPass, logPassFailure, type PeriodicPass } from '../../platform/periodic-pass.ts';
import { type BulkImportDeps, deleteExpiredRows, runImportPass } from './bulk-import.service.ts';

export type BulkImportPass = PeriodicPass<{ job: string | null; rowsDeleted: number }>;

/**
 * The import worker of this instance: each pass runs one queued import (or resumes one whose
 * instance stopped: its lease lapsed) and deletes the staged rows past their retention. Every
 * instance runs it; the job's lease (SKIP LOCKED) lets one run a job at a time.
 */
export function createBulkImportPass(options: {
  deps: BulkImportDeps;
  logger: FastifyBaseLogger;
  intervalMs?: number;
}): BulkImportPass {
  const { deps, logger, intervalMs = 5_000 } = options;
  const owner = `${hostname()}:${process.pid}:${uuidv7()}`;
  return createPeriodicPass({
    name: 'bulk-import',
    pass: async (now) => {
      const rowsDeleted = await deleteExpiredRows(deps, now);
      const job = await runImportPass(deps, { owner }, now);
      return { job, rowsDeleted };
    },
    intervalMs,
    onReport: (report) => {
      if (report.job) logger.info({ job: report.job }, 'bulk import finished');
      if (report.rowsDeleted > 0) logger.info({ rows: report.rowsDeleted }, 'staged import rows deleted');
    },
    onError: logPassFailure(logger, 'bulk import pass failed'),
  });
}
