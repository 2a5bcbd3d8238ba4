import { ErrorResponseSchema } from '@nbr/domain/errors';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { READINESS_CHECKS, type Readiness } from './readiness.ts';

export interface HealthRoutesOptions {
  readiness: Readiness;
}

const OkSchema = z.object({ status: z.literal('ok') });
/** The spec's error shape, plus the names (only the names) of the checks that failed. */
const NotReadySchema = ErrorResponseSchema.extend({ failed_checks: z.array(z.enum(READINESS_CHECKS)) });

/* Probes poll these: never rate limited, open to everyone. */
const PROBE_CONFIG = { rateLimit: false, access: 'public' } as const;

/**
 * Liveness (`/health/live`: the process answers) and readiness (`/health/ready`: it should get
 * traffic). `/health` is readiness under the name load balancers and clients already poll.
 */
export const healthRoutes: FastifyPluginAsyncZod<HealthRoutesOptions> = async (app, options) => {
  const { readiness } = options;

  async function ready(request: FastifyRequest, reply: FastifyReply) {
    const failed = await readiness.failedChecks();
    if (failed.length === 0) return { status: 'ok' as const };
    return reply.status(503).send({
      detail: request.t('errors.service_unavailable'),
      code: 'service_unavailable',
      failed_checks: failed,
    });
  }

  app.get(
    '/health/live',
    {
      schema: {
        tags: ['platform'],
        summary: 'Liveness: 200 while the process answers; checks no dependency (restart it when this fails)',
        response: { 200: OkSchema },
      },
      config: PROBE_CONFIG,
    },
    async () => ({ status: 'ok' as const }),
  );

  const readySchema = {
    tags: ['platform'],
    response: { 200: OkSchema, 503: NotReadySchema },
  };
  const readyDescription =
    'PostgreSQL answers, Redis answers (when REDIS_URL is set), a file can be stored, every migration is ' +
    'applied and the instance is not shutting down; otherwise 503 service_unavailable naming the failed ' +
    'checks in `failed_checks` (database, redis, storage, migrations, draining). Dependencies are asked at ' +
    'most once a second.';
  app.get(
    '/health/ready',
    {
      schema: {
        ...readySchema,
        summary: 'Readiness: 200 while this instance should get traffic',
        description: readyDescription,
      },
      config: PROBE_CONFIG,
    },
    ready,
  );
  app.get(
    '/health',
    {
      schema: {
        ...readySchema,
        summary: 'Readiness, as /api/health/ready (the address existing load balancers and clients poll)',
        description: readyDescription,
      },
      config: PROBE_CONFIG,
    },
    ready,
  );
};
