import {
  FLOW_WALK_TOKEN_HEADER,
  FlowFunnelQuerySchema,
  FlowFunnelSchema,
  FlowMemoParamsSchema,
  FlowStepAnswersInputSchema,
  FlowWalkHeadersSchema,
  FlowWalkParamsSchema,
  FlowWalkSchema,
  FlowWalkStartedSchema,
  FlowWalkStepParamsSchema,
  PublicFlowParamsSchema,
} from '@nbr/domain/flows';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { perAccountBudget, routeBudget } from '../../platform/http/rate-limit.ts';
import * as walks from './flow-walks.service.ts';
import type { FlowsDeps } from './flows.service.ts';

/** Walks begun per hour: per visitor address (a class behind one network shares it) and per account. */
export interface FlowWalksRateLimits {
  visitorWalksPerHour: number;
  walksPerAccountPerHour: number;
}

export const DEFAULT_FLOW_WALKS_RATE_LIMITS: FlowWalksRateLimits = {
  visitorWalksPerHour: 300,
  walksPerAccountPerHour: 60,
};

/**
 * Walks through flows (issue 29 §2): visitors and signed-in people walk a published flow step by step;
 * the token the walk began with continues it. Staff read each version's funnel.
 */
export const flowWalksRoutes: FastifyPluginAsyncZod<{
  deps: FlowsDeps;
  rateLimits?: Partial<FlowWalksRateLimits>;
}> = async (app, { deps, rateLimits }) => {
  const limits = { ...DEFAULT_FLOW_WALKS_RATE_LIMITS, ...rateLimits };

  app.post(
    '/flows/:memo/walks',
    {
      schema: {
        tags: ['flows'],
        summary:
          'Begin a walk through a flow’s running version (visitor or signed in): the walk and its token, shown this once (404 flow_not_found)',
        params: PublicFlowParamsSchema,
        response: { 201: FlowWalkStartedSchema },
      },
      config: { access: 'public' },
      preHandler: [
        ...routeBudget(
          app,
          'visitor',
          limits.visitorWalksPerHour,
          '1 hour',
          (request) => request.ip,
          (request) => !request.auth,
        ),
        ...perAccountBudget(app, limits.walksPerAccountPerHour, '1 hour', (request) => Boolean(request.auth)),
      ],
    },
    async (request, reply) => {
      const started = await walks.startFlowWalk(deps, request.auth ?? null, request.params.memo);
      reply.header('cache-control', 'no-store');
      return reply.code(201).send(started);
    },
  );

  app.get(
    '/flows/walks/:walk_id',
    {
      schema: {
        tags: ['flows'],
        summary: `A walk as its token (header ${FLOW_WALK_TOKEN_HEADER}) left it: its version, answers and where it goes on (404 flow_walk_not_found for a wrong token too)`,
        params: FlowWalkParamsSchema,
        headers: FlowWalkHeadersSchema,
        response: { 200: FlowWalkSchema },
      },
      config: { access: 'public' },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return walks.getFlowWalk(deps, request.params.walk_id, request.headers[FLOW_WALK_TOKEN_HEADER]);
    },
  );

  app.put(
    '/flows/walks/:walk_id/steps/:step_memo',
    {
      schema: {
        tags: ['flows'],
        summary:
          'Save one step’s answers (422 per answer; 409 flow_step_not_open for a step the walk has not come to, flow_walk_finished once finished)',
        params: FlowWalkStepParamsSchema,
        headers: FlowWalkHeadersSchema,
        body: FlowStepAnswersInputSchema,
        response: { 200: FlowWalkSchema },
      },
      config: { access: 'public' },
    },
    async (request) =>
      walks.answerFlowStep(
        deps,
        request.auth ?? null,
        request.params.walk_id,
        request.headers[FLOW_WALK_TOKEN_HEADER],
        request.params.step_memo,
        request.body,
      ),
  );

  app.post(
    '/flows/walks/:walk_id/steps/:step_memo/action',
    {
      schema: {
        tags: ['flows'],
        summary:
          'The step’s action came back done from its own screen (401 for an action that needs an account, when not signed in; 409 flow_step_not_answered, flow_step_has_no_action)',
        params: FlowWalkStepParamsSchema,
        headers: FlowWalkHeadersSchema,
        response: { 200: FlowWalkSchema },
      },
      config: { access: 'public' },
    },
    async (request) =>
      walks.completeFlowStepAction(
        deps,
        request.auth ?? null,
        request.params.walk_id,
        request.headers[FLOW_WALK_TOKEN_HEADER],
        request.params.step_memo,
      ),
  );

  app.get(
    '/backoffice/flows/:memo/funnel',
    {
      schema: {
        tags: ['backoffice', 'flows'],
        summary:
          'Staff: how far the walks of one version came — begun, reaching each step, finished (the running version unless ?version=)',
        params: FlowMemoParamsSchema,
        querystring: FlowFunnelQuerySchema,
        response: { 200: FlowFunnelSchema },
      },
      config: { access: 'staff' },
    },
    async (request) => walks.getFlowFunnel(deps, request.params.memo, request.query.version),
  );
};
