import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TheftDeps } from './theft.deps.ts';

export interface ContactOwnerRoutesOptions {
  deps: TheftDeps;
}

// FOUNDATION STUB: its helper replaces this file.
export const contactOwnerRoutes: FastifyPluginAsyncZod<ContactOwnerRoutesOptions> = async (
  _app,
  _options,
) => {};
