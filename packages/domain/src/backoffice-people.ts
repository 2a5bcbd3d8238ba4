import { z } from 'zod';
import { AuditEventSchema, StaffRoleSchema } from './backoffice.ts';
import { EmailSchema, ProfileUpdateSchema } from './identity.ts';
import { LanguageSchema, RegionSchema } from './locale.ts';

/*
 * Backoffice contract for staff working on one person (issue 17 §1): the person's view, edits,
 * blocking, mails sent again, and the reason staff give before switching into the account or reading
 * private data. Custom zod messages are validation codes (VALIDATION_MESSAGES in identity.ts).
 */

export const STAFF_REASON_MIN_LENGTH = 3;
export const STAFF_REASON_MAX_LENGTH = 500;

/**
 * Why staff do something to a person's account: a ticket reference ("#1234") or a free text. Kept in
 * the audit event (`details.reason`) and shown to the person in their access log.
 */
export const StaffReasonSchema = z
  .string({ error: 'required' })
  .trim()
  .min(STAFF_REASON_MIN_LENGTH, { error: 'required' })
  .max(STAFF_REASON_MAX_LENGTH, { error: 'too_long' });

/** Body of POST /identities/switch-user/{id}, of blocking, and of reading private data. */
export const StaffReasonBodySchema = z.object({ reason: StaffReasonSchema });
export type StaffReasonBody = z.output<typeof StaffReasonBodySchema>;

/**
 * What staff may do with a person, by role. `support` helps people: sees their profile, bikes,
 * orders, consents and sessions, corrects their name, phone, address and language, mails links
 * again and switches into the account. Only `admin` reads the audit trail about them and their
 * national identity checks, moves their sign-in address and blocks or unblocks them. The API
 * enforces it on every route (backoffice `people.policy.ts`); the screens only hide what the API refuses.
 */
export const STAFF_CAPABILITIES = [
  'view_person',
  'edit_profile',
  'edit_email',
  'block',
  'resend_mails',
  'view_audit_trail',
  'read_national_identity',
  'switch_user',
] as const;
export type StaffCapability = (typeof STAFF_CAPABILITIES)[number];

/** PATCH /backoffice/identities/{id} — the fields staff correct; `email` only by admins. */
export const PersonUpdateSchema = ProfileUpdateSchema.pick({
  first_name: true,
  last_name: true,
  street_address: true,
  floor: true,
  side: true,
  door: true,
  zip_code: true,
  city: true,
  mobile: true,
  phone: true,
  language: true,
}).extend({
  email: EmailSchema.optional(),
  /** Why (a ticket or free text); kept in the audit event with the before and after values. */
  reason: StaffReasonSchema,
});
export type PersonUpdate = z.output<typeof PersonUpdateSchema>;

export const PERSON_MAILS = ['email_verification', 'password_reset'] as const;
export const PersonMailSchema = z.enum(PERSON_MAILS, { error: 'invalid_value' });
export type PersonMail = z.infer<typeof PersonMailSchema>;

/** POST /backoffice/identities/{id}/mails */
export const PersonMailBodySchema = z.object({ mail: PersonMailSchema });

export const PersonProfileSchema = z.object({
  identity_party_id: z.uuid(),
  email: z.string(),
  pending_email: z.string().nullable(),
  email_verified: z.boolean(),
  verified_on: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
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
  signed_up_at: z.string(),
  staff_role: StaffRoleSchema.nullable(),
  /** Set while the account is blocked: no sign-in, no session. */
  blocked_at: z.string().nullable(),
});
export type PersonProfile = z.infer<typeof PersonProfileSchema>;

export const PersonBikeSchema = z.object({
  bike_id: z.uuid(),
  nickname: z.string(),
  brand: z.string().nullable(),
  model: z.string().nullable(),
  frame_number: z.string().nullable(),
  status: z.string(),
  registered_at: z.string(),
});

export const PersonOrderSchema = z.object({
  order_id: z.uuid(),
  status: z.string(),
  shipment_status: z.string(),
  total_minor: z.number().int(),
  currency: z.string(),
  created_at: z.string(),
});

export const PersonConsentSchema = z.object({
  type: z.string(),
  granted: z.boolean(),
  decided_at: z.string(),
});

export const PersonSessionSchema = z.object({
  session_id: z.uuid(),
  created_at: z.string(),
  refreshed_at: z.string(),
  expires_at: z.string(),
  user_agent: z.string().nullable(),
  /** Set when staff switched into the account. */
  switched_by_party_id: z.uuid().nullable(),
});

/** GET /backoffice/identities/{id} — the person as staff work with them; `audit_trail` is null for support. */
export const PersonDetailSchema = z.object({
  profile: PersonProfileSchema,
  bikes: z.array(PersonBikeSchema),
  orders: z.array(PersonOrderSchema),
  consents: z.array(PersonConsentSchema),
  /** The live sessions. */
  sessions: z.array(PersonSessionSchema),
  /** The newest audit events about the person; null when the caller's role may not see them. */
  audit_trail: z.array(AuditEventSchema).nullable(),
  /** What the caller may do here, so the screen offers only that. */
  capabilities: z.array(z.enum(STAFF_CAPABILITIES)),
});
export type PersonDetail = z.infer<typeof PersonDetailSchema>;

/** POST /backoffice/identities/{id}/national-identity — the checks, answered only with a reason. */
export const NationalIdentityCheckSchema = z.object({
  provider: z.string(),
  name: z.string().nullable(),
  birth_date: z.string().nullable(),
  checked_at: z.string(),
});
export const NationalIdentityChecksSchema = z.array(NationalIdentityCheckSchema);
export type NationalIdentityCheck = z.infer<typeof NationalIdentityCheckSchema>;

/** GET /backoffice/dashboard — what waits, one count per queue (the list grows with the backoffice). */
export const DashboardCountSchema = z.object({
  /** e.g. `orders_to_pack`, `ownership_verifications`; the web app names and links each. */
  key: z.string(),
  count: z.number().int().nonnegative(),
});
export const DashboardSchema = z.object({ counts: z.array(DashboardCountSchema) });
export type Dashboard = z.infer<typeof DashboardSchema>;
