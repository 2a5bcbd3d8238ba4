import { z } from 'zod';
import { EmailSchema, optionalText } from './identity.ts';
import { ChoosableLanguageSchema, RegionSchema } from './locale.ts';

/*
 * Google sign-in contract (SPEC §3 "Social sign-in identity", §7 /identities/google). Custom
 * messages are validation codes, as in identity.ts.
 */

/** A Google ID token is a JWT of a few kilobytes at most; anything longer is not one. */
const GOOGLE_TOKEN_MAX_LENGTH = 8192;

export const GoogleTokenSchema = z
  .string({ error: 'required' })
  .trim()
  .min(1, { error: 'required' })
  .max(GOOGLE_TOKEN_MAX_LENGTH, { error: 'too_long' });

/** POST /identities/google — sign up (or in) with Google; `email` must be the token's address. */
export const GoogleSignUpSchema = z.object({
  name: z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(200, { error: 'too_long' }),
  email: EmailSchema,
  google_token: GoogleTokenSchema,
  chosen_language: ChoosableLanguageSchema.optional(),
  chosen_region: RegionSchema.optional(),
  /** The referral code of the invitation link the person came through, as on the password sign-up. */
  friend_ref: optionalText(100),
});
export type GoogleSignUp = z.infer<typeof GoogleSignUpSchema>;

/** The answer of POST /identities/google: `created` tells a new account (201) from a sign-in (200). */
export const GoogleSignUpResponseSchema = z.object({
  authentication_token: z.string(),
  created: z.boolean(),
});
export type GoogleSignUpResponse = z.infer<typeof GoogleSignUpResponseSchema>;

/** POST /identities/authentications/google — `googleUserId`, when sent, must be the token's `sub`. */
export const GoogleLoginSchema = z.object({
  google_token: GoogleTokenSchema,
  googleUserId: z.string().trim().min(1, { error: 'required' }).max(255, { error: 'too_long' }).optional(),
});
export type GoogleLogin = z.infer<typeof GoogleLoginSchema>;

/** GET /identities/google/configuration — what the web app needs to send the browser to Google. */
export const GoogleConfigurationSchema = z.object({
  enabled: z.boolean(),
  client_id: z.string().nullable(),
  authorization_url: z.string().nullable(),
});
export type GoogleConfiguration = z.infer<typeof GoogleConfigurationSchema>;
