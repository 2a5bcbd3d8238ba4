import type {} from '@fastify/rate-limit';
import { TrackingParamsSchema, TrackingQuerySchema } from '@nbr/domain/identity';
import { MeasurementConfigSchema } from '@nbr/domain/measurement';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { NO_CONTENT } from '../../platform/http/openapi.ts';
import { trackAction } from './tracking.service.ts';

/** Properties are for small facts (a path, a duration), never payloads. */
export const TRACKING_BODY_LIMIT_BYTES = 2048;

export interface TrackingRoutesOptions {
  db: Database;
  /** Events per IP address per minute. */
  perMinute?: number;
  /** The tag-manager container the browser loads after consent; null: none. */
  tagManagerContainerId?: string | null;
}

const PropertiesSchema = z.record(z.string().max(100), z.unknown()).nullable().optional();

function header(value: string | string[] | undefined, max: number): string | null {
  const text = Array.isArray(value) ? value[0] : value;
  return text ? text.slice(0, max) : null;
}

export const trackingRoutes: FastifyPluginAsyncZod<TrackingRoutesOptions> = async (app, options) => {
  app.get(
    '/measurement/config',
    {
      schema: {
        tags: ['tracking'],
        summary:
          'What the browser loads once the person consented to measurement: the tag-manager container, or null',
        response: { 200: MeasurementConfigSchema },
      },
      config: { access: 'public' },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return { tag_manager_container_id: options.tagManagerContainerId ?? null };
    },
  );

  app.post(
    '/actions/:kind/:name',
    {
      schema: {
        tags: ['tracking'],
        summary: 'Record a product-analytics event; a token attaches it to the user, a bad one is ignored',
        params: TrackingParamsSchema,
        querystring: TrackingQuerySchema,
        body: PropertiesSchema,
        response: { 204: NO_CONTENT },
      },
      bodyLimit: TRACKING_BODY_LIMIT_BYTES,
      config: { rateLimit: { max: options.perMinute ?? 120, timeWindow: '1 minute' }, access: 'public' },
    },
    async (request, reply) => {
      await trackAction(options.db, {
        kind: request.params.kind,
        name: request.params.name,
        installed: request.query.installed,
        partyId: request.auth?.partyId ?? null,
        appVersion: header(request.headers['app-version'], 64),
        clientSessionId: header(request.headers['session-id'], 128),
        properties: request.body ?? null,
      });
      return reply.code(204).send();
    },
  );
};
