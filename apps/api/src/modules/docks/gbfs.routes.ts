import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DocksDeps } from './docks.deps.ts';
import {
  GbfsDiscoverySchema,
  GbfsRegionParamsSchema,
  GbfsStationInformationSchema,
  GbfsStationStatusSchema,
  GbfsSystemInformationSchema,
} from './gbfs.schema.ts';
import * as service from './gbfs.service.ts';

export interface GbfsRoutesOptions {
  deps: DocksDeps;
}

const TAGS = ['docks'];
/** The same for everyone and changing by the minute: journey planners may keep it for the feed's ttl. */
const CACHE = 'public, max-age=60';

/**
 * The public GBFS 2.3 feed of public docks per region (dk, no; 404 for any other), for journey
 * planners: no account, no personal data (station_status counts free locks only).
 */
export const gbfsRoutes: FastifyPluginAsyncZod<GbfsRoutesOptions> = async (app, options) => {
  const { deps } = options;

  app.get(
    '/gbfs/:region/gbfs.json',
    {
      schema: {
        tags: TAGS,
        summary: 'GBFS 2.3 auto-discovery of the region’s dock feed (dk, no)',
        params: GbfsRegionParamsSchema,
        response: { 200: GbfsDiscoverySchema },
      },
      config: { access: 'public' },
    },
    async (request, reply) => {
      reply.header('cache-control', CACHE);
      return service.gbfsDiscovery(deps, request.params.region);
    },
  );

  app.get(
    '/gbfs/:region/system_information.json',
    {
      schema: {
        tags: TAGS,
        summary: 'GBFS 2.3 system_information of the region’s docks',
        params: GbfsRegionParamsSchema,
        response: { 200: GbfsSystemInformationSchema },
      },
      config: { access: 'public' },
    },
    async (request, reply) => {
      reply.header('cache-control', CACHE);
      return service.systemInformation(deps, request.params.region);
    },
  );

  app.get(
    '/gbfs/:region/station_information.json',
    {
      schema: {
        tags: TAGS,
        summary:
          'GBFS 2.3 station_information: each public dock of the region, where it is and its number of locks',
        params: GbfsRegionParamsSchema,
        response: { 200: GbfsStationInformationSchema },
      },
      config: { access: 'public' },
    },
    async (request, reply) => {
      reply.header('cache-control', CACHE);
      return service.stationInformation(deps, request.params.region);
    },
  );

  app.get(
    '/gbfs/:region/station_status.json',
    {
      schema: {
        tags: TAGS,
        summary: 'GBFS 2.3 station_status: free locks of each public dock of the region now',
        params: GbfsRegionParamsSchema,
        response: { 200: GbfsStationStatusSchema },
      },
      config: { access: 'public' },
    },
    async (request, reply) => {
      reply.header('cache-control', CACHE);
      return service.stationStatus(deps, request.params.region);
    },
  );
};
