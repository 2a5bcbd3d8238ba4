import { SUPPORT_CONFIRMATION_TTL_HOURS } from '@nbr/domain/support';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/client.ts';
import { createPeriodicPass, logPassFailure, type PeriodicPass } from '../../platform/periodic-pass.ts';
import * as repository from './support.repository.ts';

const HOUR_MS = 60 * 60 * 1000;

export type UnconfirmedQuestionSweeper = PeriodicPass<{ deleted: number }>;

/**
 * A visitor's question nobody confirmed within SUPPORT_CONFIRMATION_TTL_HOURS is deleted with its
 * message (it holds an address someone typed, perhaps not their own). Opening a new visitor
 * question sweeps too; this pass makes the promise hold when nobody asks for a while.
 */
export function createUnconfirmedQuestionSweeper(options: {
  db: Executor;
  logger: FastifyBaseLogger;
  intervalMs?: number;
}): UnconfirmedQuestionSweeper {
  const { db, logger, intervalMs = HOUR_MS } = options;
  return createPeriodicPass({
    name: 'support-sweeper',
    pass: async (now) => ({
      deleted: await repository.deleteUnconfirmedBefore(
        db,
        new Date(now.getTime() - SUPPORT_CONFIRMATION_TTL_HOURS * HOUR_MS),
      ),
    }),
    intervalMs,
    onReport: (report) => {
      if (report.deleted > 0) logger.info({ ...report }, 'unconfirmed support questions deleted');
    },
    onError: logPassFailure(logger, 'support sweep failed'),
  });
}
