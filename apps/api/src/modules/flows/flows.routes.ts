import {
  CreateFlowInputSchema,
  FlowMemoParamsSchema,
  PublicFlowParamsSchema,
  PublicFlowSchema,
  SaveFlowDraftInputSchema,
  StaffFlowSchema,
  StaffFlowSummarySchema,
} from '@nbr/domain/flows';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../platform/auth/access.ts';
import * as service from './flows.service.ts';

const TAGS = ['backoffice', 'flows'];

/** Flows (issue 29 §2): staff edit and publish them; visitors read the published version. */
export const flowsRoutes: FastifyPluginAsyncZod<{ deps: service.FlowsDeps }> = async (app, { deps }) => {
  app.get(
    '/flows/:memo',
    {
      schema: {
        tags: ['flows'],
        summary: 'A flow’s published version, for visitors (404 flow_not_found when unknown or unpublished)',
        params: PublicFlowParamsSchema,
        response: { 200: PublicFlowSchema },
      },
      config: { access: 'public' },
    },
    async (request) => service.getPublishedFlow(deps, request.params.memo),
  );

  app.get(
    '/backoffice/flows',
    {
      schema: {
        tags: TAGS,
        summary: 'Staff: every flow with its published version and when its draft was saved',
        response: { 200: z.array(StaffFlowSummarySchema) },
      },
      config: { access: 'staff' },
    },
    async () => service.listFlowsForStaff(deps),
  );

  app.post(
    '/backoffice/flows',
    {
      schema: {
        tags: TAGS,
        summary:
          'Staff admins: create a flow with its first draft (a memo that is taken or a route is refused; audited)',
        body: CreateFlowInputSchema,
        response: { 201: StaffFlowSchema },
      },
      config: { access: 'staff_admin' },
    },
    async (request, reply) => {
      const flow = await service.createFlow(deps, requireAuth(request), request.body);
      return reply.code(201).send(flow);
    },
  );

  app.get(
    '/backoffice/flows/:memo',
    {
      schema: {
        tags: TAGS,
        summary: 'Staff: a flow’s draft and its published versions',
        params: FlowMemoParamsSchema,
        response: { 200: StaffFlowSchema },
      },
      config: { access: 'staff' },
    },
    async (request) => service.getFlowForStaff(deps, request.params.memo),
  );

  app.put(
    '/backoffice/flows/:memo/draft',
    {
      schema: {
        tags: TAGS,
        summary:
          'Staff admins: save a flow’s draft (a definition with problems answers 422 with each one; audited)',
        params: FlowMemoParamsSchema,
        body: SaveFlowDraftInputSchema,
        response: { 200: StaffFlowSchema },
      },
      config: { access: 'staff_admin' },
    },
    async (request) =>
      service.saveFlowDraft(deps, requireAuth(request), request.params.memo, request.body.definition),
  );

  app.post(
    '/backoffice/flows/:memo/publish',
    {
      schema: {
        tags: TAGS,
        summary: 'Staff admins: publish the draft as the next version, which never changes (audited)',
        params: FlowMemoParamsSchema,
        response: { 200: StaffFlowSchema },
      },
      config: { access: 'staff_admin' },
    },
    async (request) => service.publishFlow(deps, requireAuth(request), request.params.memo),
  );

  app.post(
    '/backoffice/flows/:memo/unpublish',
    {
      schema: {
        tags: TAGS,
        summary: 'Staff admins: take the flow offline; its versions are kept (audited)',
        params: FlowMemoParamsSchema,
        response: { 200: StaffFlowSchema },
      },
      config: { access: 'staff_admin' },
    },
    async (request) => service.unpublishFlow(deps, requireAuth(request), request.params.memo),
  );
};
