import { ErrorResponseSchema } from '@nbr/domain/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../errors.ts';

/** A database that has not answered by then counts as down: a load balancer must not wait longer. */
const PING_TIMEOUT_MS = 2000;

function withTimeout(promise: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['platform'],
        summary: 'Liveness and readiness: 200 once the database answers',
        response: { 200: z.object({ status: z.literal('ok') }), 503: ErrorResponseSchema },
      },
      // Load balancers poll this; it must never be rate limited.
      config: { rateLimit: false, access: 'public' },
    },
    async (request) => {
      try {
        await withTimeout(app.database.ping(), PING_TIMEOUT_MS);
      } catch (error) {
        request.log.error({ err: error }, 'health check: database does not answer');
        throw new AppError('service_unavailable');
      }
      return { status: 'ok' as const };
    },
  );
};
