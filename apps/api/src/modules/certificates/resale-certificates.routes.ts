import { BikeParamsSchema } from '@nbr/domain/bikes';
import {
  CertificateParamsSchema,
  OwnResaleCertificateListSchema,
  OwnResaleCertificateSchema,
  ResaleCertificateSchema,
} from '@nbr/domain/resale-certificates';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../platform/auth/access.ts';
import { fileAnswer } from '../../platform/http/openapi.ts';
import { perAccountBudget, registerLookupRateLimit } from '../../platform/http/rate-limit.ts';
import type { CertificatesDeps } from './certificates.deps.ts';
import { type CertificateKeys, CertificateKeysSchema } from './resale-certificates.schema.ts';
import * as service from './resale-certificates.service.ts';

/** Per-account budget of issuing (tests lower it to reach it). */
export interface CertificateRateLimits {
  /** Each one is signed and stored; a seller needs a handful. */
  issuesPerHour: number;
}

const DEFAULT_LIMITS: CertificateRateLimits = { issuesPerHour: 20 };

export interface CertificatesRoutesOptions {
  deps: CertificatesDeps;
  rateLimits?: Partial<CertificateRateLimits>;
}

const TAGS = ['resale-certificates'];

/**
 * Resale certificates (issue 32 §4), under /api: the owner issues, lists and revokes; anyone holding
 * a certificate's address reads it and its PDF. Registered with the /api prefix.
 */
export const resaleCertificatesRoutes: FastifyPluginAsyncZod<CertificatesRoutesOptions> = async (
  app,
  options,
) => {
  const { deps } = options;
  const limits = { ...DEFAULT_LIMITS, ...options.rateLimits };

  app.post(
    '/bikes/:bike_id/resale-certificates',
    {
      schema: {
        tags: TAGS,
        summary:
          "The owner has the register sign the bike's history for a buyer (no names); 409 for a private or stolen bike",
        params: BikeParamsSchema,
        response: { 201: OwnResaleCertificateSchema },
      },
      // The owner's own statement: never staff switched into the account.
      config: { access: 'signed_in_self' },
      preHandler: perAccountBudget(app, limits.issuesPerHour, '1 hour'),
    },
    async (request, reply) => {
      const issued = await service.issueCertificate(deps, requireAuth(request), request.params.bike_id);
      return reply.code(201).send(issued);
    },
  );

  app.get(
    '/bikes/:bike_id/resale-certificates',
    {
      schema: {
        tags: TAGS,
        summary: 'The resale certificates the owner issued for their bike, newest first, with their status',
        params: BikeParamsSchema,
        response: { 200: OwnResaleCertificateListSchema },
      },
      config: { access: 'signed_in' },
    },
    async (request) => service.listOwnCertificates(deps, requireAuth(request), request.params.bike_id),
  );

  app.post(
    '/resale-certificates/:certificate_id/revoke',
    {
      schema: {
        tags: TAGS,
        summary: 'Its issuer withdraws a resale certificate: its page says so from then on',
        params: CertificateParamsSchema,
        response: { 200: OwnResaleCertificateSchema },
      },
      config: { access: 'signed_in_self' },
    },
    async (request) => service.revokeCertificate(deps, requireAuth(request), request.params.certificate_id),
  );

  app.get(
    '/resale-certificates/:certificate_id',
    {
      schema: {
        tags: TAGS,
        summary:
          'A resale certificate as anyone holding its address sees it: the signed facts, whether the signature verifies, and what changed since (never who owns the bike)',
        params: CertificateParamsSchema,
        response: { 200: ResaleCertificateSchema },
      },
      // Public, so limited per address like the register's other lookups.
      config: { ...registerLookupRateLimit(), access: 'public' },
    },
    async (request) => service.getCertificate(deps, request.auth, request.params.certificate_id),
  );

  app.get(
    '/resale-certificates/:certificate_id/pdf',
    {
      schema: {
        tags: TAGS,
        summary:
          "A resale certificate as a PDF in the caller's language, with its signature and a QR code to its page",
        params: CertificateParamsSchema,
        response: { 200: fileAnswer(['application/pdf'], 'The resale certificate (PDF)') },
      },
      config: { ...registerLookupRateLimit(), access: 'public' },
    },
    async (request, reply) => {
      const { pdf, fileName } = await service.renderCertificate(
        deps,
        request.params.certificate_id,
        request.language,
      );
      reply
        .header('content-type', 'application/pdf')
        .header('content-length', String(pdf.length))
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', `inline; filename="${fileName}"`);
      return reply.send(pdf);
    },
  );
};

/** GET /.well-known/nbr-certificate-keys.json: the public keys certificates are signed with (registered at the root). */
export const certificateKeysRoutes: FastifyPluginAsyncZod<{ deps: CertificatesDeps }> = async (
  app,
  options,
) => {
  app.get(
    '/.well-known/nbr-certificate-keys.json',
    {
      // Outside /api, like the site's other well-known files: not an API operation (docs/resale-certificates.md).
      schema: { hide: true, response: { 200: CertificateKeysSchema } },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return {
        keys: options.deps.keys.verificationKeys.map(
          (key) => key.publicJwk as CertificateKeys['keys'][number],
        ),
      };
    },
  );
};
