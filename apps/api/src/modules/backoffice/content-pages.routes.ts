import {
  ContentPageParamsSchema,
  ContentPageTextInputSchema,
  ContentPageTextSchema,
  PublicContentPageSchema,
  StaffContentPageListSchema,
} from '@nbr/domain/content-pages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../platform/auth/access.ts';
import { NO_CONTENT } from '../../platform/http/openapi.ts';
import * as service from './content-pages.service.ts';

const TAGS = ['backoffice', 'content'];

/** The public content pages' stored texts (issue 17 §1, /backoffice/v2/diverse). */
export const contentPagesRoutes: FastifyPluginAsyncZod<{ deps: service.ContentPagesDeps }> = async (
  app,
  { deps },
) => {
  app.get(
    '/content-pages/:page/:language',
    {
      schema: {
        tags: ['content'],
        summary:
          'A content page’s text stored by staff for a language, or null for the built-in text (no personal data; cacheable)',
        params: ContentPageParamsSchema,
        response: { 200: PublicContentPageSchema },
      },
      config: { access: 'public' },
    },
    async (request, reply) => {
      // Short, so an edit shows within a minute; the same for everyone (no cookie or token in it).
      reply.header('cache-control', 'public, max-age=60');
      return service.getPublicContentPage(deps, request.params.page, request.params.language);
    },
  );

  app.get(
    '/backoffice/content-pages',
    {
      schema: {
        tags: TAGS,
        summary:
          'Staff: every stored content page text (pages and languages without one show the built-in text)',
        response: { 200: StaffContentPageListSchema },
      },
      config: { access: 'staff' },
    },
    async () => service.listContentPagesForStaff(deps),
  );

  app.put(
    '/backoffice/content-pages/:page/:language',
    {
      schema: {
        tags: TAGS,
        summary: 'Staff admins: store a content page’s text for a language (audited before and after)',
        params: ContentPageParamsSchema,
        body: ContentPageTextInputSchema,
        response: { 200: ContentPageTextSchema },
      },
      config: { access: 'staff_admin' },
    },
    async (request) =>
      service.saveContentPageText(
        deps,
        requireAuth(request),
        request.params.page,
        request.params.language,
        request.body,
      ),
  );

  app.delete(
    '/backoffice/content-pages/:page/:language',
    {
      schema: {
        tags: TAGS,
        summary: 'Staff admins: reset a content page’s text to the built-in one (audited)',
        params: ContentPageParamsSchema,
        response: { 204: NO_CONTENT },
      },
      config: { access: 'staff_admin' },
    },
    async (request, reply) => {
      await service.resetContentPageText(
        deps,
        requireAuth(request),
        request.params.page,
        request.params.language,
      );
      return reply.code(204).send();
    },
  );
};
