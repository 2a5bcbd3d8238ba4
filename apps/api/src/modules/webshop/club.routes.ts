import {
  ClubExtraRegistrationCreateSchema,
  ClubMemberDiscountResultSchema,
  ClubMemberListSchema,
  ClubMemberListUploadSchema,
  ClubMemberParamsSchema,
  ClubMembershipSchema,
  type ClubOfferRole,
  ClubOfferSchema,
  ClubOrderCreateSchema,
  ClubParamsSchema,
} from '@nbr/domain/club';
import { OrderCheckoutSchema, WebhookAnswerSchema } from '@nbr/domain/webshop';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../platform/auth/access.ts';
import { IdempotencyHeadersSchema, idempotencyClaim } from '../../platform/http/idempotency.ts';
import { perAccountBudget, routeBudget } from '../../platform/http/rate-limit.ts';
import * as service from './club.service.ts';
import * as vipps from './vipps-checkout.service.ts';

const TAGS = ['webshop'];

/** Budgets of the club routes (tests lower them to reach them). */
export interface ClubRateLimits {
  /** Membership numbers tried per person per hour (the number is not checked with the club). */
  memberNumbersPerAccountPerHour: number;
  memberNumbersPerAddressPerHour: number;
  /** Orders (each a payment at Vipps) per person per hour. */
  ordersPerAccountPerHour: number;
}

const DEFAULT_LIMITS: ClubRateLimits = {
  memberNumbersPerAccountPerHour: 10,
  memberNumbersPerAddressPerHour: 30,
  ordersPerAccountPerHour: 30,
};

/** The club variant of the shop (issue 15 §5, SPEC §7 Webshop) and the Vipps MobilePay webhook. */
export const clubRoutes: FastifyPluginAsyncZod<{
  deps: vipps.VippsCheckoutDeps;
  rateLimits?: Partial<ClubRateLimits> | undefined;
}> = async (app, options) => {
  const { deps } = options;
  const limits = { ...DEFAULT_LIMITS, ...options.rateLimits };
  const orderBudget = perAccountBudget(app, limits.ordersPerAccountPerHour, '1 hour');

  app.get(
    '/webshop/:club',
    {
      schema: {
        tags: TAGS,
        summary:
          'A club’s offer (NAF): the registration and the extra bike registration, each with its price before and after the member discount, in the club’s currency incl. VAT; paid with Vipps MobilePay',
        params: ClubParamsSchema,
        response: { 200: ClubOfferSchema },
      },
      config: { access: 'public' },
    },
    async (request) => service.getClubOffer(deps, request.params.club, request.language),
  );

  // The offer and the extra registration are the same checkout with another product of the club.
  const orderRoute = (
    path: string,
    role: ClubOfferRole,
    body: typeof ClubOrderCreateSchema | typeof ClubExtraRegistrationCreateSchema,
    summary: string,
  ) =>
    app.post(
      path,
      {
        schema: {
          tags: TAGS,
          summary,
          params: ClubParamsSchema,
          headers: IdempotencyHeadersSchema,
          body,
          response: { 201: OrderCheckoutSchema },
        },
        config: { access: 'signed_in_self', idempotent: true },
        preHandler: orderBudget,
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(
            await service.startClubOrder(
              deps,
              requireAuth(request),
              request.params.club,
              role,
              request.body,
              request.language,
              idempotencyClaim(request),
            ),
          ),
    );
  orderRoute(
    '/webshop/:club',
    'offer',
    ClubOrderCreateSchema,
    'Order the club’s offer, at the member price once you have given your membership number, paid with Vipps MobilePay: send the browser to payment_url. Paid only on Vipps’ word (webhook or reconciliation), never the return address',
  );
  orderRoute(
    '/webshop/:club/extra-bike-registration',
    'extra_registration',
    ClubExtraRegistrationCreateSchema,
    'One extra bike registration at the club’s member price, paid with Vipps MobilePay; optionally onto a bike of yours that has none',
  );

  app.post(
    '/webshop/:club/apply-member-discount/:member_id',
    {
      schema: {
        tags: TAGS,
        summary:
          'Give your club membership number (6–8 characters, else 422 invalid_club_membership_number: “Ugyldig NAF-nummer”): it is kept on your profile; membership says whether it gets the member price — confirmed only while it is on the club’s fresh member list (not_on_list, unconfirmable: no fresh list; the list price applies)',
        params: ClubMemberParamsSchema,
        response: { 200: ClubMemberDiscountResultSchema },
      },
      config: { access: 'signed_in_self' },
      // Numbers could be tried per account and per address: both budgets count every attempt.
      preHandler: [
        ...perAccountBudget(app, limits.memberNumbersPerAccountPerHour, '1 hour'),
        ...routeBudget(
          app,
          'address',
          limits.memberNumbersPerAddressPerHour,
          '1 hour',
          (request) => request.ip,
        ),
      ],
    },
    async (request) =>
      service.applyMemberDiscount(
        deps,
        requireAuth(request),
        request.params.club,
        request.params.member_id,
        request.language,
      ),
  );

  app.get(
    '/webshop/:club/membership',
    {
      schema: {
        tags: TAGS,
        summary:
          'Your club membership number and whether it gets the member price now: confirmed (on the club’s fresh member list), not_on_list, unconfirmable (no fresh list) or none',
        params: ClubParamsSchema,
        response: { 200: ClubMembershipSchema },
      },
      config: { access: 'signed_in_self' },
    },
    async (request) => service.getMembership(deps, requireAuth(request), request.params.club),
  );

  app.get(
    '/backoffice/clubs/:club/member-list',
    {
      schema: {
        tags: ['backoffice', ...TAGS],
        summary:
          'Staff admins: the club’s member list as last uploaded — its number of members, upload time and whether it is still fresh (never the numbers)',
        params: ClubParamsSchema,
        response: { 200: ClubMemberListSchema },
      },
      config: { access: 'staff_admin' },
    },
    async (request) => service.getMemberList(deps, request.params.club),
  );

  app.put(
    '/backoffice/clubs/:club/member-list',
    {
      schema: {
        tags: ['backoffice', ...TAGS],
        summary:
          'Staff admins: replace the club’s member list with its CSV export (a membership number in the first cell of each line; other lines skipped and counted); the member price is given only to numbers on a list uploaded within fresh_days (audited, without the numbers)',
        params: ClubParamsSchema,
        body: ClubMemberListUploadSchema,
        response: { 200: ClubMemberListSchema },
      },
      // A club's export of its members runs to megabytes.
      bodyLimit: 20 * 1024 * 1024,
      config: { access: 'staff_admin' },
    },
    async (request) =>
      service.uploadMemberList(deps, requireAuth(request), request.params.club, request.body.csv),
  );

  // The whole body is signed (payments.md §2.3): this route alone takes it as the bytes received.
  await app.register(async (webhook) => {
    webhook.removeContentTypeParser('application/json');
    webhook.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    webhook.post(
      '/webshop/webhooks/vipps',
      {
        schema: {
          tags: TAGS,
          summary:
            'Vipps MobilePay’s webhook: HMAC-signed over the raw body, our address and the date; a bad or stale signature answers 401 and changes nothing; each event is processed once, from the payment re-read at Vipps (AUTHORIZED: captured, then paid and fulfilled once)',
          body: z.unknown(),
          response: { 200: WebhookAnswerSchema },
        },
        // Vipps is no user: the signature is the authentication.
        config: { access: 'public' },
      },
      async (request) =>
        vipps.receiveVippsWebhook(deps, {
          method: request.method,
          pathAndQuery: request.originalUrl,
          headers: request.headers,
          rawBody: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
        }),
    );
  });
};
