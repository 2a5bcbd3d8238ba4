import { z } from 'zod';

/*
 * Backoffice contract shared by the web app and the API: staff roles, the identity search, the
 * switch-user answer and the audit trail. Custom zod messages are validation codes (see
 * VALIDATION_MESSAGES in identity.ts).
 */

/** `support` helps users and may switch into their accounts; `admin` also manages staff and reads the audit trail. */
export const STAFF_ROLES = ['support', 'admin'] as const;
export const StaffRoleSchema = z.enum(STAFF_ROLES, { error: 'invalid_value' });
export type StaffRole = z.infer<typeof StaffRoleSchema>;

/** Shorter queries match nearly everyone; the search answers the newest sign-ups instead of a useless list. */
export const IDENTITY_SEARCH_MIN_LENGTH = 2;
export const IDENTITY_SEARCH_MAX_LENGTH = 100;
export const IDENTITY_SEARCH_PAGE_SIZE = 20;
/** Deep pages of a contains-search cost a full scan each; nobody reads page 500 of a people search. */
export const IDENTITY_SEARCH_MAX_PAGE = 100;
/** A switch-user session ends on its own after an hour, so a forgotten tab does not keep staff inside an account. */
export const SWITCH_USER_TTL_MINUTES = 60;
export const AUDIT_EVENTS_LIMIT = 50;

/** GET /backoffice/identities — `query` matches e-mail or name (case-insensitive); empty lists the newest. */
export const IdentitySearchQuerySchema = z.object({
  query: z
    .string()
    .trim()
    .max(IDENTITY_SEARCH_MAX_LENGTH, { error: 'too_long' })
    .refine((value) => value === '' || value.length >= IDENTITY_SEARCH_MIN_LENGTH, { error: 'invalid_value' })
    .optional()
    .default(''),
  page: z.coerce
    .number({ error: 'invalid_value' })
    .int({ error: 'invalid_value' })
    .min(1, { error: 'invalid_value' })
    .max(IDENTITY_SEARCH_MAX_PAGE, { error: 'invalid_value' })
    .optional()
    .default(1),
});
export type IdentitySearchQuery = z.infer<typeof IdentitySearchQuerySchema>;

/** What staff see of a person in the search: enough to find the right one, no address or phone. */
export const IdentitySearchResultSchema = z.object({
  identity_party_id: z.uuid(),
  email: z.string(),
  name: z.string().nullable(),
  verified_on: z.string().nullable(),
  signed_up_at: z.string(),
  staff_role: StaffRoleSchema.nullable(),
});
export type IdentitySearchResult = z.infer<typeof IdentitySearchResultSchema>;

export const IdentitySearchResponseSchema = z.object({
  results: z.array(IdentitySearchResultSchema),
  page: z.number().int(),
  page_size: z.number().int(),
  has_next_page: z.boolean(),
});
export type IdentitySearchResponse = z.infer<typeof IdentitySearchResponseSchema>;

export const IdentityPartyParamsSchema = z.object({
  identityPartyId: z.uuid({ error: 'invalid_value' }),
});

export const SwitchUserParamsSchema = z.object({ id: z.uuid({ error: 'invalid_value' }) });

/** POST /identities/switch-user/{id} and DELETE /identities/switch-user: the token to continue with. */
export const SwitchUserResponseSchema = z.object({ authentication_token: z.string() });
export type SwitchUserResponse = z.infer<typeof SwitchUserResponseSchema>;

/** PUT /backoffice/staff/{identityPartyId} */
export const StaffRoleUpdateSchema = z.object({ role: StaffRoleSchema });
export type StaffRoleUpdate = z.infer<typeof StaffRoleUpdateSchema>;

export const StaffMemberSchema = z.object({
  identity_party_id: z.uuid(),
  role: StaffRoleSchema,
  granted_at: z.string(),
  granted_by_party_id: z.uuid().nullable(),
});
export type StaffMember = z.infer<typeof StaffMemberSchema>;

/** GET /backoffice/audit-events — both filters optional; newest first. */
export const AuditEventsQuerySchema = z.object({
  target_party_id: z.uuid({ error: 'invalid_value' }).optional(),
  actor_party_id: z.uuid({ error: 'invalid_value' }).optional(),
});
export type AuditEventsQuery = z.infer<typeof AuditEventsQuerySchema>;

export const AuditEventSchema = z.object({
  id: z.uuid(),
  /** A dotted name such as `switch_user.start`. */
  action: z.string(),
  /** Null for the system (the command-line tool). */
  actor_party_id: z.uuid().nullable(),
  target_party_id: z.uuid().nullable(),
  session_id: z.uuid().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  created_at: z.string(),
});
export type AuditEvent = z.infer<typeof AuditEventSchema>;
