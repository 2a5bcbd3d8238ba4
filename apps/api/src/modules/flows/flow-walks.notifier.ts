import type { FastifyBaseLogger } from 'fastify';
import { createPeriodicPass, logPassFailure, type PeriodicPass } from '../../platform/periodic-pass.ts';
import { clearStaleVisitorAnswers } from './flow-walks.service.ts';
import type { FlowsDeps } from './flows.service.ts';

export type FlowWalkRetentionPass = PeriodicPass<{ cleared: number }>;

/**
 * Clears the answers of visitors' walks left alone for FLOW_WALK_ANSWERS_KEPT_DAYS (a visitor may have
 * typed an e-mail address and has no account to delete). One UPDATE: several instances running the
 * pass clear each walk once.
 */
export function createFlowWalkRetentionPass(options: {
  deps: FlowsDeps;
  logger: FastifyBaseLogger;
  intervalMs?: number;
}): FlowWalkRetentionPass {
  const { deps, logger, intervalMs = 60 * 60_000 } = options;
  return createPeriodicPass({
    name: 'flow-walk-retention',
    pass: (now) => clearStaleVisitorAnswers(deps, now),
    intervalMs,
    onReport: (report) => {
      if (report.cleared > 0) logger.info({ ...report }, 'visitors’ flow answers cleared');
    },
    onError: logPassFailure(logger, 'flow walk retention pass failed'),
  });
}
