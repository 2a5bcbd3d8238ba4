import {
  VoucherBatchCreateSchema,
  VoucherBatchSchema,
  VoucherRedemptionResultSchema,
  VoucherRedemptionSchema,
} from '@nbr/domain/webshop';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../platform/auth/access.ts';
import { IdempotencyHeadersSchema, idempotencyClaim } from '../../platform/http/idempotency.ts';
import { sharedBudget } from '../../platform/http/rate-limit.ts';
import * as service from './vouchers.service.ts';
import type { WebshopDeps } from './webshop.service.ts';

const TAGS = ['webshop'];

/** Budgets against guessing codes (tests lower them to reach them). */
export interface VoucherRateLimits {
  redemptionsPerAccountPerHour: number;
  redemptionsPerAddressPerHour: number;
}

const DEFAULT_LIMITS: VoucherRateLimits = {
  redemptionsPerAccountPerHour: 10,
  redemptionsPerAddressPerHour: 30,
};

export function voucherRateLimits(limits: Partial<VoucherRateLimits> | undefined): VoucherRateLimits {
  return { ...DEFAULT_LIMITS, ...limits };
}

/**
 * The one budget against guessing codes, per account and per address, wherever a code is tried:
 * redeemed here or given as `voucher_code` at a checkout (orders.routes.ts) count in the same
 * counters. `applies` says whether the request tries a code.
 */
export function voucherGuessBudget(
  app: FastifyInstance,
  limits: VoucherRateLimits,
  applies?: (request: FastifyRequest) => boolean,
) {
  return [
    ...sharedBudget(
      app,
      'voucher-guesses account',
      limits.redemptionsPerAccountPerHour,
      '1 hour',
      (request) => request.auth?.identityPartyId ?? request.ip,
      applies,
    ),
    ...sharedBudget(
      app,
      'voucher-guesses address',
      limits.redemptionsPerAddressPerHour,
      '1 hour',
      (request) => request.ip,
      applies,
    ),
  ];
}

/** Vouchers (issue 15 §4). */
export const voucherRoutes: FastifyPluginAsyncZod<{
  deps: WebshopDeps;
  rateLimits?: Partial<VoucherRateLimits> | undefined;
}> = async (app, options) => {
  const { deps } = options;
  const limits = voucherRateLimits(options.rateLimits);

  app.post(
    '/webshop/vouchers/redemptions',
    {
      schema: {
        tags: TAGS,
        summary:
          'Redeem a voucher that grants a registration or a subscription: its credits (and period) at once, without a card; optionally onto a bike of yours without one',
        headers: IdempotencyHeadersSchema,
        body: VoucherRedemptionSchema,
        response: { 201: VoucherRedemptionResultSchema },
      },
      config: { access: 'signed_in_self', idempotent: true },
      // Codes are guessed per account and per address: both budgets count every attempt.
      preHandler: voucherGuessBudget(app, limits),
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await service.redeemVoucher(
            deps,
            requireAuth(request),
            request.body,
            request.language,
            idempotencyClaim(request),
          ),
        ),
  );

  app.post(
    '/webshop/voucher-batches',
    {
      schema: {
        tags: TAGS,
        summary:
          'Backoffice admins: make a batch of voucher codes granting a product or a discount; the codes are answered this once',
        body: VoucherBatchCreateSchema,
        response: { 201: VoucherBatchSchema },
      },
      config: { access: 'staff_admin' },
    },
    async (request, reply) =>
      reply.code(201).send(await service.createVoucherBatch(deps, requireAuth(request), request.body)),
  );
};
