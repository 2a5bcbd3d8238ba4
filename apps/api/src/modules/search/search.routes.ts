import { SearchQuerySchema, SearchResponseSchema } from '@nbr/domain/search';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerLookupRateLimit } from '../../platform/http/rate-limit.ts';
import { type SearchDeps, search } from './search.service.ts';

export interface SearchRoutesOptions {
  deps: SearchDeps;
}

export const searchRoutes: FastifyPluginAsyncZod<SearchRoutesOptions> = async (app, options) => {
  const { deps } = options;

  app.get(
    '/search',
    {
      schema: {
        tags: ['search'],
        summary:
          'Search the register by frame number or plate ID: exact matches first, then look-alike ones; only what a stranger may see',
        querystring: SearchQuerySchema,
        response: { 200: SearchResponseSchema },
      },
      config: { ...registerLookupRateLimit(), access: 'public' },
    },
    async (request) => search(deps, request.query.q),
  );
};
