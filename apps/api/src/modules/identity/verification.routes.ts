import {
  VerificationCompleteResponseSchema,
  VerificationCompleteSchema,
  VerificationStartResponseSchema,
  VerificationStartSchema,
} from '@nbr/domain/national-identity';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../platform/auth/access.ts';
import { sensitiveRateLimit } from '../../platform/http/rate-limit.ts';
import { completeVerification, startVerification, type VerificationDeps } from './verification.service.ts';

const TAGS = ['identities'];

/**
 * National digital identity (MitID/BankID). Only the person themself may verify: a staff member
 * switched into the account is refused (signed_in_self).
 */
export const verificationRoutes: FastifyPluginAsyncZod<{ deps: VerificationDeps }> = async (app, options) => {
  const { deps } = options;

  app.post(
    '/identities/verifications',
    {
      schema: {
        tags: TAGS,
        summary: 'Start a MitID/BankID check; answers the provider URL to send the browser to',
        description:
          'The provider returns the browser to /app/redirects/verification-complete-redirect with code and state (state = session_id), or with error.',
        body: VerificationStartSchema,
        response: { 201: VerificationStartResponseSchema },
      },
      config: { ...sensitiveRateLimit(), access: 'signed_in_self' },
    },
    async (request, reply) => {
      const started = await startVerification(deps, requireAuth(request), request.body, {
        language: request.language,
      });
      return reply.code(201).send(started);
    },
  );

  app.post(
    '/identities/verifications/complete',
    {
      schema: {
        tags: TAGS,
        summary: 'Complete a MitID/BankID check and get a token carrying verified_on and birth_date',
        description:
          '`{session_id, code}` after the provider; `{session_id, error}` when the provider answered an error (marks the session failed, 400 identity_verification_failed); `{verification_session_type, verification_type}` skips the check for autotest+ accounts where ALLOW_AUTOTEST_IDENTITY_SKIP is on.',
        body: VerificationCompleteSchema,
        response: { 200: VerificationCompleteResponseSchema },
      },
      config: { ...sensitiveRateLimit(), access: 'signed_in_self' },
    },
    async (request) => completeVerification(deps, requireAuth(request), request.body),
  );
};
