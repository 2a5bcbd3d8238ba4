import { SignUpResponseSchema } from '@nbr/domain/identity';
import {
  NationalSignInCompleteResponseSchema,
  NationalSignInCompleteSchema,
  NationalSignInStartResponseSchema,
  NationalSignInStartSchema,
  NationalSignUpSchema,
} from '@nbr/domain/national-sign-in';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sensitiveRateLimit } from '../../platform/http/rate-limit.ts';
import { callContextOf } from './identity.deps.ts';
import {
  completeNationalSignIn,
  type NationalSignInDeps,
  signUpWithNationalIdentity,
  startNationalSignIn,
} from './national-sign-in.service.ts';

const TAGS = ['identities'];

/** Sign in and sign up with MitID (dk) or BankID (no), next to password and Google. */
export const nationalSignInRoutes: FastifyPluginAsyncZod<{ deps: NationalSignInDeps }> = async (
  app,
  options,
) => {
  const { deps } = options;

  app.post(
    '/identities/national-sign-ins',
    {
      schema: {
        tags: TAGS,
        summary: 'Start a sign-in with MitID (region dk) or BankID (region no)',
        description:
          'Answers the provider URL and a signed transaction the browser keeps for this tab and sends back with the provider’s answer. The provider returns the browser to /login/national-identity.',
        body: NationalSignInStartSchema,
        response: { 201: NationalSignInStartResponseSchema },
      },
      config: { ...sensitiveRateLimit(), access: 'public' },
    },
    async (request, reply) => {
      const started = await startNationalSignIn(deps, request.body, { language: request.language });
      return reply.code(201).send(started);
    },
  );

  app.post(
    '/identities/national-sign-ins/complete',
    {
      schema: {
        tags: TAGS,
        summary: 'Complete a MitID/BankID sign-in: a token, or a sign-up ticket for a new person',
        description:
          '`signed_in` when the national identity has verified an account; `sign_up` (with the name and birth date the provider gave) when it has not. An account is never found by e-mail here. 400 identity_verification_failed when the state does not match, the transaction expired or the provider refused.',
        body: NationalSignInCompleteSchema,
        response: { 200: NationalSignInCompleteResponseSchema },
      },
      config: { ...sensitiveRateLimit(), access: 'public' },
    },
    async (request) => completeNationalSignIn(deps, request.body, callContextOf(request)),
  );

  app.post(
    '/identities/national-sign-ups',
    {
      schema: {
        tags: TAGS,
        summary:
          'Sign up with a MitID/BankID sign-up ticket and an e-mail address, confirmed by a mailed link',
        description:
          'Answered alike whether the address has an account (202 check_mailbox). A free address gets an account verified by the national identity (name and birth date from the provider), without a password, opened by the link mailed to it; a taken address is left as it is and its owner gets a notice. An account still awaiting its link takes the new address and a new link. 400 identity_verification_failed for a bad ticket or an identity whose account is confirmed (it signs in instead).',
        body: NationalSignUpSchema,
        response: { 202: SignUpResponseSchema },
      },
      config: { ...sensitiveRateLimit(), access: 'public' },
    },
    async (request, reply) => {
      await signUpWithNationalIdentity(deps, request.body, callContextOf(request));
      return reply.code(202).send({ status: 'check_mailbox' as const });
    },
  );
};
