import { BikeParamsSchema } from '@nbr/domain/bikes';
import {
  OwnershipRequestCreatedSchema,
  OwnershipRequestCreateSchema,
  OwnershipRequestListSchema,
  OwnershipRequestParamsSchema,
  OwnershipRequestSchema,
  OwnershipVerificationParamsSchema,
  OwnershipVerificationQueueSchema,
  OwnershipVerificationSchema,
  TransferAcceptSchema,
  TransferClaimSchema,
  TransferCreateSchema,
  TransferListSchema,
  TransferParamsSchema,
  TransferSchema,
  VerificationFrameStepSchema,
  VerificationOwnerStepSchema,
  VerificationRejectSchema,
} from '@nbr/domain/ownership';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../platform/auth/access.ts';
import { IdempotencyHeadersSchema, idempotencyClaim } from '../../platform/http/idempotency.ts';
import { perAccountBudget } from '../../platform/http/rate-limit.ts';
import type { OwnershipDeps } from './ownership.deps.ts';
import * as requests from './ownership-requests.service.ts';
import * as transfers from './ownership-transfers.service.ts';
import * as verifications from './ownership-verifications.service.ts';

/** Per-account budgets of writes that mail other people (tests lower them to reach them). */
export interface OwnershipRateLimits {
  transfersPerHour: number;
  requestsPerHour: number;
}

const DEFAULT_LIMITS: OwnershipRateLimits = { transfersPerHour: 20, requestsPerHour: 10 };

export interface OwnershipRoutesOptions {
  deps: OwnershipDeps;
  rateLimits?: Partial<OwnershipRateLimits>;
}

/**
 * Transfers, requests and owner verification (issue 5). Every write that moves or offers a bike
 * accepts an Idempotency-Key, so a retried click answers the first answer and has one effect.
 */
export const ownershipRoutes: FastifyPluginAsyncZod<OwnershipRoutesOptions> = async (app, options) => {
  const { deps } = options;
  const limits = { ...DEFAULT_LIMITS, ...options.rateLimits };
  // Giving a bike away, taking one and asking for one are the person's own acts: staff switched into
  // the account (support) may look, not move ownership.
  const ownWrite = { access: 'signed_in_self', idempotent: true } as const;

  // --- transfers -----------------------------------------------------------------------------------
  const transferTags = ['ownership'];

  app.post(
    '/ownership-transfers',
    {
      schema: {
        tags: transferTags,
        summary:
          'Offer one of your bikes to an e-mail address (typed twice); it needs a plate and a frame number',
        headers: IdempotencyHeadersSchema,
        body: TransferCreateSchema,
        response: { 201: TransferSchema },
      },
      config: ownWrite,
      preHandler: perAccountBudget(app, limits.transfersPerHour, '1 hour'),
    },
    async (request, reply) => {
      const transfer = await transfers.createTransfer(
        deps,
        requireAuth(request),
        request.body,
        idempotencyClaim(request),
      );
      return reply.code(201).send(transfer);
    },
  );

  app.get(
    '/ownership-transfers',
    {
      schema: {
        tags: transferTags,
        summary: 'Transfers you send and receive, newest first',
        response: { 200: TransferListSchema },
      },
      config: { access: 'signed_in' },
    },
    async (request) => transfers.listTransfers(deps, requireAuth(request)),
  );

  app.post(
    '/ownership-transfers/claim',
    {
      schema: {
        tags: transferTags,
        summary: "Take the offer of a mailed link to your account (your sign-in address must be the offer's)",
        headers: IdempotencyHeadersSchema,
        body: TransferClaimSchema,
        response: { 200: TransferSchema },
      },
      config: ownWrite,
    },
    async (request) =>
      transfers.claimTransfer(deps, requireAuth(request), request.body.code, idempotencyClaim(request)),
  );

  app.get(
    '/ownership-transfers/:transfer_id',
    {
      schema: {
        tags: transferTags,
        summary: 'One transfer you send or receive',
        params: TransferParamsSchema,
        response: { 200: TransferSchema },
      },
      config: { access: 'signed_in' },
    },
    async (request) => transfers.getTransfer(deps, requireAuth(request), request.params.transfer_id),
  );

  app.post(
    '/ownership-transfers/:transfer_id/accept',
    {
      schema: {
        tags: transferTags,
        summary:
          "Accept a bike offered to you (permanent): it moves to you with its equipment and documents; give the mail's code if your address is not confirmed",
        headers: IdempotencyHeadersSchema,
        params: TransferParamsSchema,
        // Without a body Fastify hands over null: the same as no code.
        body: z.preprocess((value) => value ?? {}, TransferAcceptSchema),
        response: { 200: TransferSchema },
      },
      config: ownWrite,
    },
    async (request) =>
      transfers.acceptTransfer(
        deps,
        requireAuth(request),
        request.params.transfer_id,
        request.body?.code,
        idempotencyClaim(request),
      ),
  );

  app.post(
    '/ownership-transfers/:transfer_id/reject',
    {
      schema: {
        tags: transferTags,
        summary: 'Reject a bike offered to you',
        headers: IdempotencyHeadersSchema,
        params: TransferParamsSchema,
        response: { 200: TransferSchema },
      },
      config: ownWrite,
    },
    async (request) =>
      transfers.rejectTransfer(
        deps,
        requireAuth(request),
        request.params.transfer_id,
        idempotencyClaim(request),
      ),
  );

  app.post(
    '/ownership-transfers/:transfer_id/cancel',
    {
      schema: {
        tags: transferTags,
        summary: 'Withdraw your offer while it is pending',
        headers: IdempotencyHeadersSchema,
        params: TransferParamsSchema,
        response: { 200: TransferSchema },
      },
      config: ownWrite,
    },
    async (request) =>
      transfers.cancelTransfer(
        deps,
        requireAuth(request),
        request.params.transfer_id,
        idempotencyClaim(request),
      ),
  );

  // --- requests ------------------------------------------------------------------------------------

  app.post(
    '/ownership-requests',
    {
      schema: {
        tags: transferTags,
        summary:
          'Ask the owner of a bike found in the register to give it to you: opens a chat in which the owner stays anonymous until they write',
        headers: IdempotencyHeadersSchema,
        body: OwnershipRequestCreateSchema,
        response: { 201: OwnershipRequestCreatedSchema },
      },
      config: ownWrite,
      preHandler: perAccountBudget(app, limits.requestsPerHour, '1 hour'),
    },
    async (request, reply) => {
      const created = await requests.createRequest(
        deps,
        requireAuth(request),
        request.body,
        idempotencyClaim(request),
      );
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/ownership-requests',
    {
      schema: {
        tags: transferTags,
        summary: 'Requests you made and received, newest first',
        response: { 200: OwnershipRequestListSchema },
      },
      config: { access: 'signed_in' },
    },
    async (request) => requests.listRequests(deps, requireAuth(request)),
  );

  app.post(
    '/ownership-requests/:request_id/offer',
    {
      schema: {
        tags: transferTags,
        summary: 'Owner: offer the bike to the person who asked (a transfer, shown in the request chat)',
        headers: IdempotencyHeadersSchema,
        params: OwnershipRequestParamsSchema,
        response: { 200: TransferSchema },
      },
      config: ownWrite,
    },
    async (request) =>
      requests.offerFromRequest(
        deps,
        requireAuth(request),
        request.params.request_id,
        idempotencyClaim(request),
      ),
  );

  app.post(
    '/ownership-requests/:request_id/decline',
    {
      schema: {
        tags: transferTags,
        summary: 'Owner: decline the request',
        headers: IdempotencyHeadersSchema,
        params: OwnershipRequestParamsSchema,
        response: { 200: OwnershipRequestSchema },
      },
      config: ownWrite,
    },
    async (request) =>
      requests.declineRequest(
        deps,
        requireAuth(request),
        request.params.request_id,
        idempotencyClaim(request),
      ),
  );

  app.post(
    '/ownership-requests/:request_id/withdraw',
    {
      schema: {
        tags: transferTags,
        summary: 'Withdraw your request (a pending offer made from it is cancelled)',
        headers: IdempotencyHeadersSchema,
        params: OwnershipRequestParamsSchema,
        response: { 200: OwnershipRequestSchema },
      },
      config: ownWrite,
    },
    async (request) =>
      requests.withdrawRequest(
        deps,
        requireAuth(request),
        request.params.request_id,
        idempotencyClaim(request),
      ),
  );

  // --- verification --------------------------------------------------------------------------------

  app.get(
    '/bikes/:bike_id/ownership-verification',
    {
      schema: {
        tags: transferTags,
        summary: 'Owner: the verification of your ownership of the bike (not_started when there is none)',
        params: BikeParamsSchema,
        response: { 200: OwnershipVerificationSchema },
      },
      config: { access: 'signed_in' },
    },
    async (request) => verifications.getVerification(deps, requireAuth(request), request.params.bike_id),
  );

  app.put(
    '/bikes/:bike_id/ownership-verification/frame',
    {
      schema: {
        tags: transferTags,
        summary: 'Owner: the frame-number step (a frame_number picture of the bike and the number on it)',
        params: BikeParamsSchema,
        body: VerificationFrameStepSchema,
        response: { 200: OwnershipVerificationSchema },
      },
      config: { access: 'signed_in' },
    },
    async (request) =>
      verifications.putFrameStep(deps, requireAuth(request), request.params.bike_id, request.body),
  );

  app.put(
    '/bikes/:bike_id/ownership-verification/owner',
    {
      schema: {
        tags: transferTags,
        summary:
          'Owner: the proof step (a receipt picture, or a receipt, form or other document of the bike)',
        params: BikeParamsSchema,
        body: VerificationOwnerStepSchema,
        response: { 200: OwnershipVerificationSchema },
      },
      config: { access: 'signed_in' },
    },
    async (request) =>
      verifications.putOwnerStep(deps, requireAuth(request), request.params.bike_id, request.body),
  );

  app.post(
    '/bikes/:bike_id/ownership-verification/submit',
    {
      schema: {
        tags: transferTags,
        summary: 'Owner: send the verification to staff (both steps needed)',
        params: BikeParamsSchema,
        response: { 200: OwnershipVerificationSchema },
      },
      config: { access: 'signed_in' },
    },
    async (request) => verifications.submitVerification(deps, requireAuth(request), request.params.bike_id),
  );

  app.get(
    '/backoffice/ownership-verifications',
    {
      schema: {
        tags: ['backoffice'],
        summary: 'Staff: submitted ownership verifications, oldest first',
        response: { 200: OwnershipVerificationQueueSchema },
      },
      config: { access: 'staff' },
    },
    async () => verifications.listVerificationQueue(deps),
  );

  app.post(
    '/backoffice/ownership-verifications/:verification_id/approve',
    {
      schema: {
        tags: ['backoffice'],
        summary: 'Staff: approve a submitted verification (the bike becomes owner-verified)',
        params: OwnershipVerificationParamsSchema,
        response: { 200: OwnershipVerificationSchema },
      },
      config: { access: 'staff' },
    },
    async (request) =>
      verifications.approveVerification(deps, requireAuth(request), request.params.verification_id),
  );

  app.post(
    '/backoffice/ownership-verifications/:verification_id/reject',
    {
      schema: {
        tags: ['backoffice'],
        summary: 'Staff: reject a submitted verification with a reason the owner reads',
        params: OwnershipVerificationParamsSchema,
        body: VerificationRejectSchema,
        response: { 200: OwnershipVerificationSchema },
      },
      config: { access: 'staff' },
    },
    async (request) =>
      verifications.rejectVerification(
        deps,
        requireAuth(request),
        request.params.verification_id,
        request.body.reason,
      ),
  );
};
