import {
  MapConfigurationSchema,
  StolenBikeParamsSchema,
  StolenBikeSchema,
  type StolenBikesCollection,
  StolenBikesCollectionSchema,
  StolenBikesListQuerySchema,
  StolenBikesMapQuerySchema,
  StolenBikesPageSchema,
} from '@nbr/domain/stolen-map';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createAnswerCache } from '../../platform/cache/answer-cache.ts';
import { getStolenBike, listStolenBikes, mapConfiguration, stolenBikesMap } from './stolen-bikes.service.ts';
import type { TheftDeps } from './theft.deps.ts';

export interface StolenBikesRoutesOptions {
  deps: TheftDeps;
}

/** Public answers a shared cache may keep briefly: the map asks again on every pan. */
const SHORT_PUBLIC_CACHE = 'public, max-age=30';
/** The server keeps coarse map views as long as browsers may (SHORT_PUBLIC_CACHE). */
const COARSE_VIEW_TTL_MS = 30_000;

/*
 * The public stolen-bike map (SPEC §2 /stolen-bike-map, issue 6 §3): anyone may read it. Only
 * submitted reports of bikes still stolen, at their rounded place, with what a stranger may see.
 */
export const stolenBikesRoutes: FastifyPluginAsyncZod<StolenBikesRoutesOptions> = async (app, options) => {
  const { deps } = options;
  const coarseViews = createAnswerCache<StolenBikesCollection>({
    ttlMs: COARSE_VIEW_TTL_MS,
    maxEntries: 500,
  });

  app.get(
    '/stolen-bikes',
    {
      schema: {
        tags: ['stolen-bikes'],
        summary:
          'Stolen bikes in a box as GeoJSON: clusters and single bikes at their rounded place for the zoom, never owner data',
        querystring: StolenBikesMapQuerySchema,
        response: { 200: StolenBikesCollectionSchema },
      },
      config: { access: 'public' },
    },
    async (request, reply) => {
      reply.header('cache-control', SHORT_PUBLIC_CACHE);
      return stolenBikesMap(deps, request.query, { coarseViews });
    },
  );

  app.get(
    '/stolen-bikes/list',
    {
      schema: {
        tags: ['stolen-bikes'],
        summary:
          'The stolen bikes as a list, newest theft first, a page at a time (the same filters as the map)',
        querystring: StolenBikesListQuerySchema,
        response: { 200: StolenBikesPageSchema },
      },
      config: { access: 'public' },
    },
    async (request, reply) => {
      reply.header('cache-control', SHORT_PUBLIC_CACHE);
      return listStolenBikes(deps, request.query);
    },
  );

  app.get(
    '/stolen-bikes/map-configuration',
    {
      schema: {
        tags: ['stolen-bikes'],
        summary: 'The basemap style URL of the maps; null for the built-in offline basemap',
        response: { 200: MapConfigurationSchema },
      },
      config: { access: 'public' },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return mapConfiguration(deps);
    },
  );

  app.get(
    '/stolen-bikes/:bike_id',
    {
      schema: {
        tags: ['stolen-bikes'],
        summary: 'One stolen bike as the public map shows it; 404 unless it is stolen now',
        params: StolenBikeParamsSchema,
        response: { 200: StolenBikeSchema },
      },
      config: { access: 'public' },
    },
    async (request, reply) => {
      const bike = await getStolenBike(deps, request.params.bike_id);
      reply.header('cache-control', SHORT_PUBLIC_CACHE);
      return bike;
    },
  );
};
