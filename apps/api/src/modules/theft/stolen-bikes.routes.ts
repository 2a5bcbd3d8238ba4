import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TheftDeps } from './theft.deps.ts';

export interface StolenBikesRoutesOptions {
  deps: TheftDeps;
}

// FOUNDATION STUB: its helper replaces this file.
export const stolenBikesRoutes: FastifyPluginAsyncZod<StolenBikesRoutesOptions> = async (
  _app,
  _options,
) => {};
