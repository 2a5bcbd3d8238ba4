import {
  CreateRegionPageInputSchema,
  PublicRegionPageParamsSchema,
  PublicRegionPageQuerySchema,
  PublicRegionPageSchema,
  RegionPageParamsSchema,
  RegionPageTextInputSchema,
  RegionPageTextParamsSchema,
  StaffRegionPageListSchema,
  StaffRegionPageSchema,
} from '@nbr/domain/region-pages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../platform/auth/access.ts';
import { NO_CONTENT } from '../../platform/http/openapi.ts';
import * as service from './region-pages.service.ts';

const TAGS = ['backoffice', 'region-pages'];

/** Region pages (issue 29 §3): `/dk`, `/no` and the pages below them, written by staff. */
export const regionPagesRoutes: FastifyPluginAsyncZod<{ deps: service.RegionPagesDeps }> = async (
  app,
  { deps },
) => {
  const publicSchema = {
    tags: ['region-pages'],
    summary:
      'A region page’s published text in the language asked for, else the region’s own (404 region_page_not_found; no personal data; cacheable)',
    params: PublicRegionPageParamsSchema,
    querystring: PublicRegionPageQuerySchema,
    response: { 200: PublicRegionPageSchema },
  };
  // `/api/region-pages/dk` is the landing page; `/api/region-pages/no/naf/medlem` one below it.
  for (const url of ['/region-pages/:region', '/region-pages/:region/*']) {
    app.get(url, { schema: publicSchema, config: { access: 'public' } }, async (request, reply) => {
      const page = await service.getPublishedRegionPage(
        deps,
        request.params.region,
        (request.params['*'] ?? '').replace(/\/+$/, ''),
        request.query.language,
      );
      // Short, so a publication shows within a minute; the same for everyone (no cookie or token in it).
      reply.header('cache-control', 'public, max-age=60');
      return page;
    });
  }

  app.get(
    '/backoffice/region-pages',
    {
      schema: {
        tags: TAGS,
        summary: 'Staff: every region page with its drafts and published texts per language',
        response: { 200: StaffRegionPageListSchema },
      },
      config: { access: 'staff' },
    },
    async () => service.listRegionPagesForStaff(deps),
  );

  app.post(
    '/backoffice/region-pages',
    {
      schema: {
        tags: TAGS,
        summary: 'Staff admins: create a region page at a path below the region (409 when taken; audited)',
        body: CreateRegionPageInputSchema,
        response: { 201: StaffRegionPageSchema },
      },
      config: { access: 'staff_admin' },
    },
    async (request, reply) =>
      reply.code(201).send(await service.createRegionPage(deps, requireAuth(request), request.body)),
  );

  app.get(
    '/backoffice/region-pages/:pageId',
    {
      schema: {
        tags: TAGS,
        summary: 'Staff: one region page with its drafts (the preview) and published texts',
        params: RegionPageParamsSchema,
        response: { 200: StaffRegionPageSchema },
      },
      config: { access: 'staff' },
    },
    async (request) => service.getRegionPageForStaff(deps, request.params.pageId),
  );

  app.put(
    '/backoffice/region-pages/:pageId/texts/:language/draft',
    {
      schema: {
        tags: TAGS,
        summary: 'Staff admins: save a language’s draft; visitors keep reading the published text (audited)',
        params: RegionPageTextParamsSchema,
        body: RegionPageTextInputSchema,
        response: { 200: StaffRegionPageSchema },
      },
      config: { access: 'staff_admin' },
    },
    async (request) =>
      service.saveRegionPageDraft(
        deps,
        requireAuth(request),
        request.params.pageId,
        request.params.language,
        request.body,
      ),
  );

  app.post(
    '/backoffice/region-pages/:pageId/texts/:language/publish',
    {
      schema: {
        tags: TAGS,
        summary: 'Staff admins: publish a language’s draft (409 region_page_no_draft without one; audited)',
        params: RegionPageTextParamsSchema,
        response: { 200: StaffRegionPageSchema },
      },
      config: { access: 'staff_admin' },
    },
    async (request) =>
      service.publishRegionPageText(
        deps,
        requireAuth(request),
        request.params.pageId,
        request.params.language,
      ),
  );

  app.post(
    '/backoffice/region-pages/:pageId/texts/:language/unpublish',
    {
      schema: {
        tags: TAGS,
        summary: 'Staff admins: take a language offline; its draft is kept (audited)',
        params: RegionPageTextParamsSchema,
        response: { 200: StaffRegionPageSchema },
      },
      config: { access: 'staff_admin' },
    },
    async (request) =>
      service.unpublishRegionPageText(
        deps,
        requireAuth(request),
        request.params.pageId,
        request.params.language,
      ),
  );

  app.delete(
    '/backoffice/region-pages/:pageId',
    {
      schema: {
        tags: TAGS,
        summary: 'Staff admins: delete a region page and all its texts (audited with what it held)',
        params: RegionPageParamsSchema,
        response: { 204: NO_CONTENT },
      },
      config: { access: 'staff_admin' },
    },
    async (request, reply) => {
      await service.deleteRegionPage(deps, requireAuth(request), request.params.pageId);
      return reply.code(204).send();
    },
  );
};
