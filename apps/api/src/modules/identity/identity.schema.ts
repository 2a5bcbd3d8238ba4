import {
  LoginSchema,
  PasswordChangeSchema,
  PasswordResetValidateSchema,
  SignUpSchema,
} from '@nbr/domain/identity';
import { z } from 'zod';
import { checkNewPassword } from './passwords.ts';

/*
 * The shared contract checks length only: the common-password list is too big for the web bundle.
 * These server-side variants add it, so a common password is an ordinary 422 issue on its field.
 */

/** Length is the base schema's issue; only the list check is added here, so a problem is reported once. */
function addCommonPasswordIssue(
  password: string,
  email: string | undefined,
  field: string,
  context: z.RefinementCtx,
) {
  if (checkNewPassword(password, email) === 'password_too_common') {
    context.addIssue({ code: 'custom', path: [field], message: 'password_too_common' });
  }
}

export const SignUpBodySchema = SignUpSchema.superRefine((body, context) => {
  addCommonPasswordIssue(body.password, body.email, 'password', context);
});

export const PasswordResetBodySchema = PasswordResetValidateSchema.superRefine((body, context) => {
  addCommonPasswordIssue(body.new_password, undefined, 'new_password', context);
});

export const PasswordChangeBodySchema = PasswordChangeSchema.superRefine((body, context) => {
  addCommonPasswordIssue(body.new_password, undefined, 'new_password', context);
});

export { LoginSchema };

/** A mailed code as it appears in a link. Any string: a malformed code fails like an unknown one (400). */
export const CodeParamsSchema = z.object({ code: z.string().max(256) });

/** Any string: an id that is not a UUID answers 403 like someone else's, rather than revealing anything. */
export const PartyParamsSchema = z.object({ partyId: z.string().max(64) });

export const StatusResponseSchema = <T extends string>(status: T) => z.object({ status: z.literal(status) });

export const EmailVerifiedResponseSchema = z.object({
  email: z.string(),
  email_verified: z.literal(true),
  /** Only when the link completed a sign-up: the new person's first session. */
  authentication_token: z.string().optional(),
});

export const JwksResponseSchema = z.object({
  keys: z.array(
    z.object({
      kty: z.string(),
      crv: z.string(),
      x: z.string(),
      kid: z.string(),
      alg: z.string(),
      use: z.string(),
    }),
  ),
});
