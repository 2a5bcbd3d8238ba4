import {
  LOCK_COMMANDS_PER_MINUTE,
  LockCommandResultSchema,
  LockRequestSchema,
  OperatorReasonSchema,
} from '@nbr/domain/docks';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../platform/auth/access.ts';
import { IdempotencyHeadersSchema, idempotencyClaim } from '../../platform/http/idempotency.ts';
import { perAccountBudget, sharedBudget } from '../../platform/http/rate-limit.ts';
import * as service from './lock-commands.service.ts';
import type { LocksDeps } from './lock-live.ts';

/** Budgets of lock commands (tests lower or raise them). */
export interface LockCommandsRateLimits {
  /** Locks and unlocks one person may send per minute, together. */
  commandsPerMinute: number;
  /** Remote openings one staff member may send per minute. */
  remoteOpensPerMinute: number;
}

export interface LockCommandsRoutesOptions {
  deps: LocksDeps;
  rateLimits?: Partial<LockCommandsRateLimits>;
}

const TAGS = ['docks'];
const LockParamsSchema = z.object({ dock_id: z.string().max(64), lock_id: z.string().max(64) });

/**
 * Lock and unlock from the phone, and the operator's remote opening (issue 28). Each waits for the
 * device's answer up to the command timeout and answers the outcome (accepted, rejected with the
 * device's reason, timed_out); an Idempotency-Key makes a retry answer the first outcome.
 */
export const lockCommandsRoutes: FastifyPluginAsyncZod<LockCommandsRoutesOptions> = async (app, options) => {
  const { deps } = options;
  const limits = {
    commandsPerMinute: LOCK_COMMANDS_PER_MINUTE,
    remoteOpensPerMinute: 30,
    ...options.rateLimits,
  };
  const commandBudget = () =>
    sharedBudget(
      app,
      'lock-commands account',
      limits.commandsPerMinute,
      '1 minute',
      (request) => request.auth?.identityPartyId ?? request.ip,
    );

  app.post(
    '/docks/:dock_id/locks/:lock_id/lock',
    {
      schema: {
        tags: TAGS,
        summary:
          'Lock one of my registered bikes in a free lock of a dock I may use; answers once the lock answered (or after 10 s: timed_out)',
        params: LockParamsSchema,
        headers: IdempotencyHeadersSchema,
        body: LockRequestSchema,
        response: { 200: LockCommandResultSchema },
      },
      config: { access: 'signed_in', idempotent: true },
      preHandler: commandBudget(),
    },
    async (request) =>
      service.lockBike(
        deps,
        requireAuth(request),
        request.params.dock_id,
        request.params.lock_id,
        request.body,
        idempotencyClaim(request),
      ),
  );

  app.post(
    '/docks/:dock_id/locks/:lock_id/unlock',
    {
      schema: {
        tags: TAGS,
        summary: 'Unlock the lock my bike is locked in (only the person who locked it)',
        params: LockParamsSchema,
        headers: IdempotencyHeadersSchema,
        response: { 200: LockCommandResultSchema },
      },
      config: { access: 'signed_in', idempotent: true },
      preHandler: commandBudget(),
    },
    async (request) =>
      service.unlockBike(
        deps,
        requireAuth(request),
        request.params.dock_id,
        request.params.lock_id,
        idempotencyClaim(request),
      ),
  );

  app.post(
    '/docks/:dock_id/locks/:lock_id/remote-open',
    {
      schema: {
        tags: TAGS,
        summary:
          "Open a lock of my dock remotely (operator), with a reason: audited, and shown in the bike owner's access log",
        params: LockParamsSchema,
        headers: IdempotencyHeadersSchema,
        body: OperatorReasonSchema,
        response: { 200: LockCommandResultSchema },
      },
      config: { access: 'signed_in', idempotent: true },
      preHandler: perAccountBudget(app, limits.remoteOpensPerMinute, '1 minute'),
    },
    async (request) =>
      service.openRemotely(
        deps,
        requireAuth(request),
        request.params.dock_id,
        request.params.lock_id,
        request.body,
        idempotencyClaim(request),
      ),
  );
};
