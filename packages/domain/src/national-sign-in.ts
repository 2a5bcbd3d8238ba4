import { z } from 'zod';
import { EmailSchema, optionalText } from './identity.ts';
import { ChoosableLanguageSchema, RegionSchema } from './locale.ts';
import { NationalIdentityTypeSchema } from './national-identity.ts';

/*
 * Signing in and signing up with a national digital identity (MitID in Denmark, BankID in Norway):
 * POST /identities/national-sign-ins, …/complete and POST /identities/national-sign-ups. The
 * provider's return comes back to the web app at NATIONAL_SIGN_IN_RETURN_PATH.
 */

/** The public page every provider sends the browser back to after a sign-in (registered at each broker). */
export const NATIONAL_SIGN_IN_RETURN_PATH = '/login/national-identity';

export const NationalSignInStartSchema = z.object({
  /** Defaults to the region's national identity: mitid in dk, bankid in no. */
  provider: NationalIdentityTypeSchema.optional(),
  region: RegionSchema.optional(),
});
export type NationalSignInStart = z.infer<typeof NationalSignInStartSchema>;

export const NationalSignInStartResponseSchema = z.object({
  authorization_url: z.string(),
  /**
   * The signed sign-in transaction (state, nonce and PKCE verifier, 15 minutes): the browser keeps it
   * for this tab and sends it back with the provider's answer; only the state leaves for the provider.
   */
  transaction: z.string(),
});
export type NationalSignInStartResponse = z.infer<typeof NationalSignInStartResponseSchema>;

const ProviderText = (max: number) =>
  z.string().min(1, { error: 'required' }).max(max, { error: 'too_long' });

/** The provider's answer: `{transaction, state, code[, iss]}` or `{transaction, state, error}` (cancelled). */
export const NationalSignInCompleteSchema = z
  .object({
    transaction: ProviderText(4000),
    state: ProviderText(200),
    code: ProviderText(2048).optional(),
    error: ProviderText(100).optional(),
    iss: ProviderText(500).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.code === undefined && value.error === undefined)
      ctx.addIssue({ code: 'custom', message: 'required', path: ['code'] });
    if (value.code !== undefined && value.error !== undefined)
      ctx.addIssue({ code: 'custom', message: 'invalid_value', path: ['error'] });
  });
export type NationalSignInComplete = z.infer<typeof NationalSignInCompleteSchema>;

/**
 * `signed_in`: the identity belongs to a verified account, here is its token. `sign_up`: nobody has
 * this identity yet; the person may open an account with it (the ticket, 15 minutes) and sees the
 * name and birth date the provider gave.
 */
export const NationalSignInCompleteResponseSchema = z.discriminatedUnion('result', [
  z.object({ result: z.literal('signed_in'), authentication_token: z.string() }),
  z.object({
    result: z.literal('sign_up'),
    sign_up_ticket: z.string(),
    provider: NationalIdentityTypeSchema,
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    birth_date: z.string(),
  }),
]);
export type NationalSignInCompleteResponse = z.infer<typeof NationalSignInCompleteResponseSchema>;

/** Opens an account for the person of a sign-up ticket; the address is still confirmed by mail. */
export const NationalSignUpSchema = z.object({
  sign_up_ticket: ProviderText(4000),
  email: EmailSchema,
  chosen_language: ChoosableLanguageSchema.optional(),
  chosen_region: RegionSchema.optional(),
  /** The referral code of the invitation link the person came through, as on the password sign-up. */
  friend_ref: optionalText(100),
});
export type NationalSignUp = z.infer<typeof NationalSignUpSchema>;
