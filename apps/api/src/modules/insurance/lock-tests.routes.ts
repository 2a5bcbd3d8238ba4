import {
  InsurerLockTestParamsSchema,
  LockTestAnswerSchema,
  LockTestDecisionSchema,
  LockTestListQuerySchema,
  LockTestListSchema,
  LockTestParamsSchema,
  LockTestRequestSchema,
  LockTestSchema,
} from '@nbr/domain/insurance-lock-tests';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../platform/auth/access.ts';
import { perAccountBudget } from '../../platform/http/rate-limit.ts';
import type { InsuranceDeps } from './insurance.deps.ts';
import * as service from './lock-tests.service.ts';

const TAGS = ['insurance'];

/** Lock-test requests an insurer's staff member may send per hour: each one mails a holder. */
const REQUESTS_PER_HOUR = 200;

/** Lock tests (issue 16 §3): the insurer asks, the holder answers, the insurer decides. */
export const lockTestsRoutes: FastifyPluginAsyncZod<{ deps: InsuranceDeps }> = async (app, { deps }) => {
  app.post(
    '/insurance/:insurer/lock-tests',
    {
      schema: {
        tags: TAGS,
        summary:
          'The insurer’s staff ask the holder of one of its open policies (by the holder’s e-mail address and the policy: the insurer’s number or the register’s id) to prove an approved lock; the holder is mailed. One waiting lock test per policy (409 lock_test_open)',
        params: InsurerLockTestParamsSchema,
        body: LockTestRequestSchema,
        response: { 201: LockTestSchema },
      },
      config: { access: 'signed_in' },
      preHandler: perAccountBudget(app, REQUESTS_PER_HOUR, '1 hour'),
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await service.requestLockTest(deps, requireAuth(request), request.params.insurer, request.body),
        ),
  );

  app.get(
    '/insurance/:insurer/lock-tests',
    {
      schema: {
        tags: TAGS,
        summary:
          'The insurer’s lock tests, newest first, a page at a time (page, page_size ≤ 100, with the total), to its staff (and to our staff); to anyone else, the lock tests of their own policies at that insurer',
        params: InsurerLockTestParamsSchema,
        querystring: LockTestListQuerySchema,
        response: { 200: LockTestListSchema },
      },
      config: { access: 'signed_in' },
    },
    async (request) =>
      service.listLockTests(deps, requireAuth(request), request.params.insurer, request.query),
  );

  app.get(
    '/insurance/lock-tests/:id',
    {
      schema: {
        tags: TAGS,
        summary:
          'One lock test: to the policy’s holder, its insurer’s staff and our staff; 404 for anyone else',
        params: LockTestParamsSchema,
        response: { 200: LockTestSchema },
      },
      config: { access: 'signed_in' },
    },
    async (request) => service.getLockTest(deps, requireAuth(request), request.params.id),
  );

  app.put(
    '/insurance/lock-tests/:id/answer',
    {
      schema: {
        tags: TAGS,
        summary:
          'The holder answers with what the lock certificate says (approval and its number, lock, key number, the bike and the frame number on the certificate, the retailer’s stamp); can be corrected until the insurer decides',
        params: LockTestParamsSchema,
        body: LockTestAnswerSchema,
        response: { 200: LockTestSchema },
      },
      config: { access: 'signed_in_self' },
    },
    async (request) => service.answerLockTest(deps, requireAuth(request), request.params.id, request.body),
  );

  app.post(
    '/insurance/lock-tests/:id/decision',
    {
      schema: {
        tags: TAGS,
        summary:
          'The insurer’s staff approve an answered lock test, or reject it with a reason; the holder is mailed',
        params: LockTestParamsSchema,
        body: LockTestDecisionSchema,
        response: { 200: LockTestSchema },
      },
      config: { access: 'signed_in' },
    },
    async (request) => service.decideLockTest(deps, requireAuth(request), request.params.id, request.body),
  );
};
