import { z } from 'zod';
import { StaffRoleSchema } from './backoffice.ts';
import { ChoosableLanguageSchema, LanguageSchema, type Region, RegionSchema } from './locale.ts';

/*
 * Identity contract shared by the web app and the API. Every custom zod message is a stable
 * validation code (see VALIDATION_MESSAGES); the API answers it translated in a 422 and the web
 * app translates it with the key `validation.<code>`.
 */

export const VALIDATION_MESSAGES = [
  'required',
  'invalid_email',
  'password_too_short',
  'password_too_long',
  'password_too_common',
  'passwords_do_not_match',
  'must_accept',
  'invalid_zip_code',
  'invalid_phone',
  'too_long',
  'invalid_club_membership_number',
  'confirm_all',
  'invalid_value',
  'invalid_registration_number',
  'identifier_too_short',
  'invalid_characters',
  'identifier_not_latin',
  'frame_or_plate_required',
  'invalid_date',
  'date_not_in_past',
  'invalid_production_year',
  'invalid_price',
  'plate_id_invalid',
  'plate_id_in_use',
  'plate_id_other_equipment',
  'frame_number_in_use',
  'frame_number_and_plate_id_invalid',
  'emails_do_not_match',
  'transfer_to_self',
  'frame_number_mismatch',
  'file_not_found',
  'missing',
  'national_id_not_collected',
  'invalid_unit_number',
  'noted_before_last_seen',
  'date_not_in_future',
  'date_too_far_ahead',
  'invalid_cpr',
  'invalid_cpr_date',
  'invalid_fodselsnummer',
  'invalid_fodselsnummer_date',
  'invalid_fodselsnummer_check_digits',
  'invalid_bank_registration_number',
  'invalid_bank_account_number',
  'invalid_norwegian_account_number',
  'invalid_norwegian_account_check_digit',
  'invalid_number_of_bikes',
  'insured_bikes_exceed_number',
  'insurer_unknown',
  'upload_kind_mismatch',
  'coverage_not_offered',
  'bike_not_owned',
  'bike_already_insured',
  'lock_test_policy_unknown',
  'lock_test_holder_mismatch',
  'lock_approval_not_accepted',
  'bike_not_on_policy',
  'lock_test_picture_not_of_bike',
  'insurer_policy_number_in_use',
  'csv_header_invalid',
  'csv_too_many_rows',
  'invalid_period',
  'duplicate_value',
  'invalid_price_bands',
  // Issue 27: the police's case number in their own form (police-case-number.ts).
  'invalid_police_case_number',
  // Issue 27: a map pick in open water (land.ts).
  'place_at_sea',
  // Issue 29 §3: a region page's path (region-pages.ts).
  'region_page_path_invalid',
  // Issue 32 §1: a batch of checks holds at most CHECK_BATCH_LIMIT identifiers (checks.ts).
  'too_many_identifiers',
  // Issue 32 §1: an organisation's webhook address (checks.ts WebhookSetSchema).
  'webhook_url_invalid',
  // Issue 32 §1: an address the server will not send to (not https, or not on the public internet).
  'webhook_url_not_allowed',
] as const;
export type ValidationMessage = (typeof VALIDATION_MESSAGES)[number];

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const CLUB_MEMBERSHIP_NUMBER_MIN = 6;
export const CLUB_MEMBERSHIP_NUMBER_MAX = 8;
/** Password-reset links stop working after this long. */
export const PASSWORD_RESET_TTL_MINUTES = 30;
/** E-mail verification links (sign-up and e-mail change) stop working after this long. */
export const EMAIL_VERIFICATION_TTL_HOURS = 48;

const trimmed = (max: number) => z.string().trim().max(max, { error: 'too_long' });
export const optionalText = (max: number) =>
  trimmed(max)
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional();

export const EmailSchema = z
  .string({ error: 'required' })
  .trim()
  .toLowerCase()
  .min(1, { error: 'required' })
  .max(254, { error: 'too_long' })
  .pipe(z.email({ error: 'invalid_email' }));

/** Length only: the common-password list lives on the server (it is too large for the web bundle). */
export const PasswordSchema = z
  .string({ error: 'required' })
  .min(PASSWORD_MIN_LENGTH, { error: 'password_too_short' })
  .max(PASSWORD_MAX_LENGTH, { error: 'password_too_long' });

/** Danish and Norwegian postal codes are both four digits. */
export const ZipCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{4}$/, { error: 'invalid_zip_code' });

/**
 * A phone number: optional leading +, then 8–15 digits; spaces and dashes are ignored. Normalised
 * with `overwrite` rather than a transform: the value stays a string, so the OpenAPI document can
 * describe the field (a transform's input is documented as nothing, and the field lost its string).
 */
export const PhoneSchema = z
  .string()
  .trim()
  .overwrite((value) => value.replace(/[\s-]/g, ''))
  .regex(/^\+?\d{8,15}$/, { error: 'invalid_phone' });

const optional = <T extends z.ZodType>(schema: T) =>
  z
    .union([z.literal('').transform(() => null), schema])
    .nullable()
    .optional();

export const ClubMembershipNumberSchema = z
  .string()
  .trim()
  .min(CLUB_MEMBERSHIP_NUMBER_MIN, { error: 'invalid_club_membership_number' })
  .max(CLUB_MEMBERSHIP_NUMBER_MAX, { error: 'invalid_club_membership_number' });

/** POST /identities/ — the sign-up payload of SPEC §3. Signing up implies accepting privacy and terms. */
export const SignUpSchema = z.object({
  email: EmailSchema,
  password: PasswordSchema,
  phone: optional(PhoneSchema),
  zip_code: optional(ZipCodeSchema),
  skip_email: z.boolean().optional().default(false),
  chosen_language: ChoosableLanguageSchema.optional(),
  chosen_region: RegionSchema.optional(),
  friend_ref: optionalText(100),
  user_ref: optionalText(100),
});
export type SignUp = z.infer<typeof SignUpSchema>;

/**
 * POST /identities/ answers the same whether the address has an account (no enumeration): the
 * person is signed in by the link mailed to a new account; a taken address gets a notice instead.
 */
export const SignUpResponseSchema = z.object({ status: z.literal('check_mailbox') });
export type SignUpResponse = z.infer<typeof SignUpResponseSchema>;

export const LoginSchema = z.object({
  email: EmailSchema,
  password: z.string({ error: 'required' }).min(1, { error: 'required' }).max(PASSWORD_MAX_LENGTH),
});
export type Login = z.infer<typeof LoginSchema>;

export const AuthenticationResponseSchema = z.object({ authentication_token: z.string() });
export type AuthenticationResponse = z.infer<typeof AuthenticationResponseSchema>;

export const PasswordResetRequestSchema = z.object({ email: EmailSchema });
export const PasswordResetValidateSchema = z.object({ new_password: PasswordSchema });

/** The web form asks for the new password twice; the API receives it once. */
export const NewPasswordFormSchema = z
  .object({ new_password: PasswordSchema, new_password_repeat: z.string() })
  .refine((form) => form.new_password === form.new_password_repeat, {
    error: 'passwords_do_not_match',
    path: ['new_password_repeat'],
  });

export const PasswordChangeSchema = z.object({
  current_password: z.string().min(1, { error: 'required' }).max(PASSWORD_MAX_LENGTH),
  new_password: PasswordSchema,
});

/**
 * A Norwegian bolignummer (H0101): the floor's letter (H main floor, U below ground, K cellar, L loft)
 * and number, then the flat's number on that floor. Norwegian addresses name a flat by it, not by
 * the Danish floor and side; the profile keeps it in `door`.
 */
export const NORWEGIAN_UNIT_NUMBER = /^[HUKL]\d{4}$/;

export function isNorwegianUnitNumber(value: string): boolean {
  return NORWEGIAN_UNIT_NUMBER.test(value.trim().toUpperCase());
}

/** A bolignummer as typed (any case, spaces around): stored upper case. */
export const NorwegianUnitNumberSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(NORWEGIAN_UNIT_NUMBER, { error: 'invalid_unit_number' });

/**
 * The flat of a Norwegian address: only its bolignummer, in `door`; floor and side are the Danish
 * way of naming a flat and are not part of it (stripped, as every schema here strips what it does
 * not know). The API checks a profile and a theft report's address with it when the person's
 * region is no, as the web form does.
 */
export const NorwegianFlatSchema = z.object({
  door: z.preprocess(
    (value) => (value === '' ? null : value),
    NorwegianUnitNumberSchema.nullable().optional(),
  ),
});

export interface FlatFields {
  floor?: string | null | undefined;
  side?: string | null | undefined;
  door?: string | null | undefined;
}

/**
 * The flat fields of an address in its region's form: a Danish one as given; a Norwegian one with
 * floor and side dropped (absent, so a stored value is left as it is in a partial update, and a
 * whole draft stores none) and door checked as a bolignummer. Answers the fields, or the code of
 * door's problem.
 */
export function flatOfRegion<T extends FlatFields>(
  region: Region,
  fields: T,
): { ok: true; fields: Omit<T, 'floor' | 'side'> & FlatFields } | { ok: false; problem: ValidationMessage } {
  if (region !== 'no') return { ok: true, fields };
  const { floor: _floor, side: _side, ...rest } = fields;
  if (fields.door === undefined) return { ok: true, fields: rest };
  const parsed = NorwegianFlatSchema.safeParse({ door: fields.door });
  if (!parsed.success) {
    return {
      ok: false,
      problem: (parsed.error.issues[0]?.message ?? 'invalid_unit_number') as ValidationMessage,
    };
  }
  return { ok: true, fields: { ...rest, door: parsed.data.door ?? null } };
}

/** PUT /identities/me — every field optional: an absent field is left as it is, null or '' clears it. */
export const ProfileUpdateSchema = z.object({
  first_name: optionalText(100),
  last_name: optionalText(100),
  email: EmailSchema.optional(),
  street_address: optionalText(200),
  floor: optionalText(20),
  side: optionalText(20),
  door: optionalText(20),
  zip_code: optional(ZipCodeSchema),
  city: optionalText(100),
  mobile: optional(PhoneSchema),
  phone: optional(PhoneSchema),
  language: ChoosableLanguageSchema.optional(),
  region: RegionSchema.optional(),
  club_membership_number: optional(ClubMembershipNumberSchema),
});
export type ProfileUpdate = z.infer<typeof ProfileUpdateSchema>;

export const ProfileSchema = z.object({
  party_id: z.uuid(),
  identity_party_id: z.uuid(),
  email: z.string(),
  /** A new address waiting for its confirmation link to be followed. */
  pending_email: z.string().nullable(),
  email_verified: z.boolean(),
  /** When the national digital identity was verified (MitID/BankID); null while unverified. */
  verified_on: z.string().nullable(),
  name: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  /**
   * The legal name MitID/BankID gave at the newest check: shown as "verified as …" beside the name the
   * person chose, never written over it. Null before any check.
   */
  verified_name: z.string().nullable(),
  street_address: z.string().nullable(),
  floor: z.string().nullable(),
  side: z.string().nullable(),
  door: z.string().nullable(),
  zip_code: z.string().nullable(),
  city: z.string().nullable(),
  mobile: z.string().nullable(),
  phone: z.string().nullable(),
  language: LanguageSchema,
  region: RegionSchema,
  club_membership_number: z.string().nullable(),
  signed_up_at: z.string(),
  /** The person's backoffice role; null for everyone else, and always null on a switch-user session. */
  staff_role: StaffRoleSchema.nullable(),
  /**
   * Deleting the account needs a fresh MitID/BankID approval (`delete_account`) because the account
   * has no password to type (Google sign-in only); otherwise the deletion asks for the password.
   */
  deletion_needs_approval: z.boolean(),
});
export type Profile = z.infer<typeof ProfileSchema>;

/** The answer of PUT /identities/me: `partial` when an e-mail change waits for confirmation. */
export const ProfileSaveResponseSchema = ProfileSchema.extend({
  save_status: z.enum(['complete', 'partial']),
});
export type ProfileSaveResponse = z.infer<typeof ProfileSaveResponseSchema>;

export const LanguageUpdateSchema = z.object({ language: ChoosableLanguageSchema });
export const LanguageResponseSchema = z.object({ language: LanguageSchema });
export const RegionResponseSchema = z.object({ region: RegionSchema });

/**
 * `measurement`: web vitals, usage events and the tag manager (issue 30 §2); the browser asks first
 * and keeps a visitor's answer, the account keeps a signed-in person's.
 */
export const CONSENT_TYPES = ['privacy', 'terms', 'newsletter', 'measurement'] as const;
export const ConsentTypeSchema = z.enum(CONSENT_TYPES);
export type ConsentType = z.infer<typeof ConsentTypeSchema>;
export const ConsentActionSchema = z.object({ action: z.enum(['grant', 'revoke']) });
export const ConsentSchema = z.object({
  type: ConsentTypeSchema,
  granted: z.boolean(),
  updated_at: z.string().nullable(),
  history: z.array(z.object({ action: z.enum(['grant', 'revoke']), at: z.string(), source: z.string() })),
});
export type Consent = z.infer<typeof ConsentSchema>;

/** DELETE /identities/{partyId}/ — the four confirmations of SPEC §5, each must be true. */
export const ACCOUNT_DELETION_CONFIRMATIONS = [
  'confirm_data_copy',
  'confirm_legal_retention',
  'confirm_insurance_consequences',
  'confirm_permanent',
] as const;
export const AccountDeletionSchema = z.object({
  ...(Object.fromEntries(
    ACCOUNT_DELETION_CONFIRMATIONS.map((key) => [key, z.literal(true, { error: 'confirm_all' })]),
  ) as Record<(typeof ACCOUNT_DELETION_CONFIRMATIONS)[number], z.ZodLiteral<true>>),
  /**
   * The fresh proof that it is the person: their password when the account has one;
   * an account without one (Google sign-in only) approves the deletion with MitID/BankID instead
   * (approval_action `delete_account` on the account's party id).
   */
  password: z.string().max(PASSWORD_MAX_LENGTH).optional(),
});
export type AccountDeletion = z.infer<typeof AccountDeletionSchema>;

// The session token's claims live in token-claims.ts, without zod, for the web app's first page.
export type { TokenClaims } from './token-claims.ts';

export const TRACKING_KINDS = ['page', 'click', 'signup', 'login', 'install', 'error', 'web-vitals'] as const;
export const TrackingParamsSchema = z.object({
  kind: z.string().regex(/^[a-z0-9][a-z0-9_-]{0,39}$/, { error: 'invalid_value' }),
  name: z.string().regex(/^[a-zA-Z0-9][a-zA-Z0-9_.:-]{0,79}$/, { error: 'invalid_value' }),
});
export const TrackingQuerySchema = z.object({
  installed: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
});
