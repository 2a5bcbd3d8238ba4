import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TheftDeps } from './theft.deps.ts';

export interface TheftReportsRoutesOptions {
  deps: TheftDeps;
}

// FOUNDATION STUB: its helper replaces this file.
export const theftReportsRoutes: FastifyPluginAsyncZod<TheftReportsRoutesOptions> = async (
  _app,
  _options,
) => {};
