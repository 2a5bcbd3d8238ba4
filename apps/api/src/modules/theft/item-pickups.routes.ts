import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TheftDeps } from './theft.deps.ts';

export interface ItemPickupsRoutesOptions {
  deps: TheftDeps;
}

// FOUNDATION STUB: its helper replaces this file.
export const itemPickupsRoutes: FastifyPluginAsyncZod<ItemPickupsRoutesOptions> = async (
  _app,
  _options,
) => {};
