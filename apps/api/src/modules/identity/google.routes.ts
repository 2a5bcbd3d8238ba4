import {
  GoogleConfigurationSchema,
  GoogleLoginSchema,
  GoogleSignUpResponseSchema,
  GoogleSignUpSchema,
} from '@nbr/domain/google';
import { AuthenticationResponseSchema } from '@nbr/domain/identity';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sensitiveRateLimit } from '../../platform/http/rate-limit.ts';
import type { GoogleDeps } from './google.service.ts';
import * as service from './google.service.ts';
import { callContextOf } from './identity.deps.ts';

const TAGS = ['identities'];

/** Google sign-in (SPEC §3 social sign-in, §7 /identities/google). */
export const googleRoutes: FastifyPluginAsyncZod<{ deps: GoogleDeps }> = async (app, options) => {
  const { deps } = options;

  app.get(
    '/identities/google/configuration',
    {
      schema: {
        tags: TAGS,
        summary: 'Whether Google sign-in is on, and where the web app sends the browser for it',
        response: { 200: GoogleConfigurationSchema },
      },
      config: { access: 'public' },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return service.getGoogleConfiguration(deps);
    },
  );

  app.post(
    '/identities/google',
    {
      schema: {
        tags: TAGS,
        summary:
          'Sign up with a Google ID token: creates the account (201), or signs in the one it is linked to or shares its e-mail with (200)',
        description:
          'An existing account is linked by e-mail only where Google is authoritative for the address (@gmail.com, @googlemail.com, or a Workspace token whose `hd` is the address’s domain) and the account is not staff; otherwise 409 google_link_requires_password: the person signs in with their password.',
        body: GoogleSignUpSchema,
        response: { 200: GoogleSignUpResponseSchema, 201: GoogleSignUpResponseSchema },
      },
      config: { ...sensitiveRateLimit(), access: 'public' },
    },
    async (request, reply) => {
      const { token, isNew } = await service.signUpWithGoogle(deps, request.body, callContextOf(request));
      return reply.code(isNew ? 201 : 200).send({ authentication_token: token, created: isNew });
    },
  );

  app.post(
    '/identities/authentications/google',
    {
      schema: {
        tags: TAGS,
        summary: 'Sign in with a Google ID token; 404 google_account_not_found when no account has it',
        description:
          'Links an account with the same e-mail under the same rule as POST /identities/google (409 google_link_requires_password otherwise).',
        body: GoogleLoginSchema,
        response: { 200: AuthenticationResponseSchema },
      },
      config: { ...sensitiveRateLimit(), access: 'public' },
    },
    async (request) => ({
      authentication_token: await service.authenticateWithGoogle(deps, request.body, callContextOf(request)),
    }),
  );
};
