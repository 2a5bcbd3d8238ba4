import type {} from '@fastify/rate-limit';
import { AccessLogPageSchema, AccessLogQuerySchema } from '@nbr/domain/access-log';
import {
  AccountDeletionSchema,
  AuthenticationResponseSchema,
  ConsentActionSchema,
  ConsentSchema,
  ConsentTypeSchema,
  LanguageResponseSchema,
  LanguageUpdateSchema,
  PasswordResetRequestSchema,
  ProfileSaveResponseSchema,
  ProfileSchema,
  ProfileUpdateSchema,
  RegionResponseSchema,
  SignUpResponseSchema,
} from '@nbr/domain/identity';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../platform/auth/access.ts';
import { fileAnswer, NO_CONTENT } from '../../platform/http/openapi.ts';
import { perAccountBudget, routeBudget, sensitiveRateLimit } from '../../platform/http/rate-limit.ts';
import { deleteAccount } from '../../use-cases/delete-account.ts';
import { exportPersonalData } from '../../use-cases/export-personal-data.ts';
import { listAccessLog } from './access-log.service.ts';
import { callContextOf, type SignInDeps } from './identity.deps.ts';
import {
  CodeParamsSchema,
  EmailVerifiedResponseSchema,
  JwksResponseSchema,
  LoginSchema,
  PartyParamsSchema,
  PasswordChangeBodySchema,
  PasswordResetBodySchema,
  SignUpBodySchema,
  StatusResponseSchema,
} from './identity.schema.ts';
import * as passwords from './passwords.service.ts';
import * as profile from './profile.service.ts';
import * as sessions from './sessions.service.ts';

/**
 * Budgets keyed by the e-mail address in the body or by the signed-in account, on top of the
 * per-client-address limits of every sensitive route.
 */
export interface IdentityRateLimits {
  /** Sign-in attempts per e-mail address per 15 minutes: slows guessing one account from many IPs. */
  loginPerEmail: number;
  /** Password-reset mails per e-mail address per hour: stops mail-bombing someone. */
  resetMailPerEmail: number;
  /**
   * Verification mails and profile saves (an e-mail change mails the new address) per account per
   * hour: a signed-in user must not turn the register into a mail cannon aimed at someone else.
   */
  mailPerAccount: number;
}

export const DEFAULT_IDENTITY_RATE_LIMITS: IdentityRateLimits = {
  loginPerEmail: 10,
  resetMailPerEmail: 5,
  mailPerAccount: 20,
};

export interface IdentityRoutesOptions {
  deps: SignInDeps;
  rateLimits?: Partial<IdentityRateLimits>;
}

const TAGS = ['identities'];

/** The identity module: sign-up, sessions, passwords, e-mail verification, profile, consents, deletion, export. */
export const identityRoutes: FastifyPluginAsyncZod<IdentityRoutesOptions> = async (app, options) => {
  const { deps } = options;
  const limits = { ...DEFAULT_IDENTITY_RATE_LIMITS, ...options.rateLimits };

  const perEmail = (max: number, timeWindow: string) =>
    routeBudget(app, 'email', max, timeWindow, (request) => {
      const email = (request.body as { email?: unknown } | undefined)?.email;
      return typeof email === 'string' ? email.trim().toLowerCase() : request.ip;
    });
  const perAccount = (max: number, timeWindow: string, applies?: (request: FastifyRequest) => boolean) =>
    perAccountBudget(app, max, timeWindow, applies);

  app.get(
    '/identities/.well-known/jwks.json',
    {
      schema: {
        tags: TAGS,
        summary: 'Public keys that verify session tokens (JWKS)',
        response: { 200: JwksResponseSchema },
      },
      config: { access: 'public' },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      // Every key that verifies: tokens signed before a rotation stay checkable by others too.
      return {
        keys: deps.auth.keys.verificationKeys.map(
          (key) => key.publicJwk as z.infer<typeof JwksResponseSchema>['keys'][number],
        ),
      };
    },
  );

  app.post(
    '/identities',
    {
      schema: {
        tags: TAGS,
        summary:
          'Sign up: answered alike whether the address has an account (202 check_mailbox); a new account is signed in by the link mailed to it, a taken address gets a notice',
        body: SignUpBodySchema,
        response: { 202: SignUpResponseSchema },
      },
      config: { ...sensitiveRateLimit(), access: 'public' },
    },
    async (request, reply) => {
      await sessions.signUp(deps, request.body, callContextOf(request));
      return reply.code(202).send({ status: 'check_mailbox' as const });
    },
  );

  app.post(
    '/identities/authentications',
    {
      schema: {
        tags: TAGS,
        summary: 'Sign in with e-mail and password',
        body: LoginSchema,
        response: { 200: AuthenticationResponseSchema },
      },
      config: { ...sensitiveRateLimit(), access: 'public' },
      preHandler: perEmail(limits.loginPerEmail, '15 minutes'),
    },
    async (request) => ({
      authentication_token: await sessions.authenticate(deps, request.body, callContextOf(request), (error) =>
        request.log.warn({ err: error }, 'sign-in: could not mail the confirmation link again'),
      ),
    }),
  );

  app.post(
    '/identities/authentications/refresh',
    {
      schema: {
        tags: TAGS,
        summary: 'A fresh token for the current live session',
        response: { 200: AuthenticationResponseSchema },
      },
      config: { access: 'signed_in' },
    },
    async (request) => ({
      authentication_token: await sessions.refreshSession(deps, requireAuth(request)),
    }),
  );

  app.post(
    '/identities/authentications/logout',
    {
      schema: { tags: TAGS, summary: 'Sign out: revoke the current session', response: { 204: NO_CONTENT } },
      config: { access: 'signed_in' },
    },
    async (request, reply) => {
      await sessions.logout(deps, requireAuth(request));
      return reply.code(204).send();
    },
  );

  app.post(
    '/identities/authentications/password-resets',
    {
      schema: {
        tags: TAGS,
        summary: 'Mail a password-reset link; answers the same whether or not the address has an account',
        body: PasswordResetRequestSchema,
        response: { 200: StatusResponseSchema('sent') },
      },
      config: { ...sensitiveRateLimit(), access: 'public' },
      preHandler: perEmail(limits.resetMailPerEmail, '1 hour'),
    },
    async (request) => {
      await passwords.requestPasswordReset(deps, request.body.email);
      return { status: 'sent' as const };
    },
  );

  app.post(
    '/identities/authentications/password-resets/:code/validate',
    {
      schema: {
        tags: TAGS,
        summary: 'Set a new password with a mailed reset code; signs out every session',
        params: CodeParamsSchema,
        body: PasswordResetBodySchema,
        response: { 200: StatusResponseSchema('ok') },
      },
      config: { ...sensitiveRateLimit(), access: 'public' },
    },
    async (request) => {
      await passwords.resetPassword(deps, request.params.code, request.body.new_password);
      return { status: 'ok' as const };
    },
  );

  app.post(
    '/identities/authentications/email-verifications',
    {
      schema: {
        tags: TAGS,
        summary: 'Mail a verification link to the unverified address, or to the pending new address',
        response: { 200: StatusResponseSchema('sent') },
      },
      config: { ...sensitiveRateLimit(), access: 'signed_in' },
      preHandler: perAccount(limits.mailPerAccount, '1 hour'),
    },
    async (request) => {
      await profile.requestEmailVerification(deps, requireAuth(request));
      return { status: 'sent' as const };
    },
  );

  app.post(
    '/identities/authentications/email-verifications/:code/validate',
    {
      schema: {
        tags: TAGS,
        summary: 'Follow a mailed verification link (no sign-in needed)',
        params: CodeParamsSchema,
        response: { 200: EmailVerifiedResponseSchema },
      },
      config: { ...sensitiveRateLimit(), access: 'public' },
    },
    async (request) => profile.verifyEmail(deps, request.params.code, callContextOf(request)),
  );

  app.get(
    '/identities/me',
    {
      schema: {
        tags: TAGS,
        summary: 'The signed-in person’s profile',
        response: { 200: ProfileSchema },
      },
      config: { access: 'signed_in' },
    },
    async (request) => profile.getProfile(deps, requireAuth(request)),
  );

  app.put(
    '/identities/me',
    {
      schema: {
        tags: TAGS,
        summary: 'Save the profile; a new e-mail waits for its confirmation link (save_status partial)',
        body: ProfileUpdateSchema,
        response: { 200: ProfileSaveResponseSchema },
      },
      config: { access: 'signed_in' },
      // Only saves that name an e-mail can send mail; the rest of the profile saves freely.
      preHandler: perAccount(limits.mailPerAccount, '1 hour', (request) => {
        return typeof (request.body as { email?: unknown } | undefined)?.email === 'string';
      }),
    },
    async (request) => profile.updateProfile(deps, requireAuth(request), request.body),
  );

  app.put(
    '/identities/me/password',
    {
      schema: {
        tags: TAGS,
        summary: 'Change the password; every other session is signed out',
        body: PasswordChangeBodySchema,
        response: { 200: AuthenticationResponseSchema },
      },
      config: { ...sensitiveRateLimit(), access: 'signed_in_self' },
    },
    async (request) => {
      const token = await passwords.changePassword(
        deps,
        requireAuth(request),
        request.body,
        callContextOf(request),
      );
      return { authentication_token: token };
    },
  );

  app.get(
    '/identities/me/export',
    {
      schema: {
        tags: TAGS,
        summary: 'All personal data held about the signed-in person, as a JSON download',
        response: { 200: fileAnswer(['application/json'], 'The personal data (a JSON file)') },
      },
      config: { access: 'signed_in_self' },
    },
    async (request, reply) => {
      // The links of the person's files are signed; without a signer (never in the app) there are none.
      if (!deps.fileUrls) throw new Error('identity routes need fileUrls for the personal data export');
      const data = await exportPersonalData({ db: deps.db, fileUrls: deps.fileUrls }, requireAuth(request));
      const day = data.exported_at.slice(0, 10);
      return reply
        .header('content-disposition', `attachment; filename="nbr-personal-data-${day}.json"`)
        .header('cache-control', 'no-store')
        .type('application/json; charset=utf-8')
        .send(JSON.stringify(data, null, 2));
    },
  );

  app.get(
    '/identities/me/access-log',
    {
      schema: {
        tags: TAGS,
        summary:
          'Who looked me or my bikes up (organisations by name, or our staff), when and why; newest first, a page at a time',
        querystring: AccessLogQuerySchema,
        response: { 200: AccessLogPageSchema },
      },
      config: { access: 'signed_in_self' },
    },
    async (request) => listAccessLog(deps, requireAuth(request), request.query.cursor),
  );

  app.get(
    '/identities/language',
    {
      schema: {
        tags: TAGS,
        summary: 'The user’s language; for a visitor, the best match of Accept-Language',
        response: { 200: LanguageResponseSchema },
      },
      config: { access: 'public' },
    },
    async (request) => profile.getLanguage(deps, request.auth, request.language),
  );

  app.put(
    '/identities/language',
    {
      schema: {
        tags: TAGS,
        summary: 'Choose the language of the app and of mails',
        body: LanguageUpdateSchema,
        response: { 200: LanguageResponseSchema },
      },
      config: { access: 'signed_in' },
    },
    async (request) => profile.setLanguage(deps, requireAuth(request), request.body.language),
  );

  app.get(
    '/identities/region',
    {
      schema: {
        tags: TAGS,
        summary: 'The user’s region; for a visitor, a guess from the language',
        response: { 200: RegionResponseSchema },
      },
      config: { access: 'public' },
    },
    async (request) => profile.getRegion(deps, request.auth, request.language),
  );

  app.get(
    '/identities/consents',
    {
      schema: {
        tags: TAGS,
        summary: 'Current consents with their history',
        response: { 200: z.array(ConsentSchema) },
      },
      config: { access: 'signed_in' },
    },
    async (request) => profile.listConsents(deps, requireAuth(request)),
  );

  app.post(
    '/identities/consents/:type',
    {
      schema: {
        tags: TAGS,
        summary: 'Grant or revoke a consent',
        params: z.object({ type: ConsentTypeSchema }),
        body: ConsentActionSchema,
        response: { 200: ConsentSchema },
      },
      config: { access: 'signed_in_self' },
    },
    async (request) =>
      profile.decideConsent(deps, requireAuth(request), request.params.type, request.body.action),
  );

  app.delete(
    '/identities/:partyId',
    {
      schema: {
        tags: TAGS,
        summary:
          'Delete one’s own account for good: the four confirmations, and the password (or, without one, a fresh MitID/BankID approval of `delete_account`)',
        params: PartyParamsSchema,
        body: AccountDeletionSchema,
        response: { 204: NO_CONTENT },
      },
      // A password is checked here: the same per-client budget as sign-in keeps it from being guessed.
      config: { ...sensitiveRateLimit(), access: 'signed_in_self' },
    },
    async (request, reply) => {
      await deleteAccount(deps, requireAuth(request), request.params.partyId, request.body);
      return reply.code(204).send();
    },
  );
};
