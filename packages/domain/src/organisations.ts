import { z } from 'zod';
import { EmailSchema } from './identity.ts';
import { type Region, RegionSchema } from './locale.ts';

/*
 * Organisations contract shared by the web app and the API. Custom zod messages are validation
 * codes (see VALIDATION_MESSAGES in identity.ts).
 */

/**
 * What an organisation is decides what it may do: businesses own bikes for their staff, insurers
 * handle policies and claims, the motoring club sells memberships, dealers register bikes they sell,
 * the police and municipalities search the register and hold found or abandoned bikes for their owners.
 */
export const ORGANISATION_TYPES = [
  'business',
  'insurance_company',
  'club',
  'dealer',
  'police',
  'municipality',
] as const;
export const OrganisationTypeSchema = z.enum(ORGANISATION_TYPES, { error: 'invalid_value' });
export type OrganisationType = z.infer<typeof OrganisationTypeSchema>;

/**
 * Types anyone with a verified identity may create. Insurers, the police and municipalities have powers
 * over other people's data (the organisation search, held bikes), so only backoffice admins create
 * those, after checking who they are.
 */
export const SELF_SERVICE_ORGANISATION_TYPES = [
  'business',
  'club',
  'dealer',
] as const satisfies readonly OrganisationType[];
export type SelfServiceOrganisationType = (typeof SELF_SERVICE_ORGANISATION_TYPES)[number];

export function isSelfServiceType(type: string): type is SelfServiceOrganisationType {
  return (SELF_SERVICE_ORGANISATION_TYPES as readonly string[]).includes(type);
}

/**
 * A member's role in an organisation. Admins manage members, invitations and purchases and run its
 * docks; a dock operator (issue 28) runs its docks and is otherwise a member, so running the docks
 * needs no power over who belongs or what the organisation buys.
 */
export const ORGANISATION_ROLES = ['admin', 'member', 'dock_operator'] as const;
export const OrganisationRoleSchema = z.enum(ORGANISATION_ROLES, { error: 'invalid_value' });
export type OrganisationRole = z.infer<typeof OrganisationRoleSchema>;

/** Whether the role runs the organisation's docks (issue 28): its admins and its dock operators. */
export function canRunDocks(role: OrganisationRole | null): boolean {
  return role === 'admin' || role === 'dock_operator';
}

export const ORGANISATION_NAME_MAX_LENGTH = 200;
/** An invitation link to join an organisation stops working after this long. */
export const ORGANISATION_INVITATION_TTL_DAYS = 7;

/** Types that must name their entry in the national business register; a club may not have one. */
export function requiresRegistrationNumber(type: OrganisationType): boolean {
  return type === 'business' || type === 'dealer' || type === 'insurance_company';
}

/** Spaces (and the dashes and dots people copy from letterheads) are not part of the number. */
export function normaliseRegistrationNumber(value: string): string {
  return value.replace(/[\s.-]/g, '');
}

function weightedSum(digits: string, weights: readonly number[]): number {
  return weights.reduce((sum, weight, index) => sum + weight * Number(digits[index]), 0);
}

const CVR_WEIGHTS = [2, 7, 6, 5, 4, 3, 2, 1] as const;

/** A Danish CVR number: 8 digits, not starting with 0, whose weighted sum is divisible by 11. */
export function isValidCvr(digits: string): boolean {
  if (!/^[1-9]\d{7}$/.test(digits)) return false;
  return weightedSum(digits, CVR_WEIGHTS) % 11 === 0;
}

const ORGANISASJONSNUMMER_WEIGHTS = [3, 2, 7, 6, 5, 4, 3, 2] as const;

/**
 * The check digit of a Norwegian organisasjonsnummer from its first 8 digits, or null when none
 * exists (remainder 1 would need the digit 10: such numbers are never issued).
 */
export function organisasjonsnummerCheckDigit(firstEight: string): number | null {
  const remainder = weightedSum(firstEight, ORGANISASJONSNUMMER_WEIGHTS) % 11;
  if (remainder === 0) return 0;
  if (remainder === 1) return null;
  return 11 - remainder;
}

/** A Norwegian organisasjonsnummer: 9 digits, the last a modulus-11 check digit of the first 8. */
export function isValidOrganisasjonsnummer(digits: string): boolean {
  if (!/^\d{9}$/.test(digits)) return false;
  return organisasjonsnummerCheckDigit(digits.slice(0, 8)) === Number(digits[8]);
}

/** Whether a registration number (as typed) is valid for the region's business register. */
export function isValidRegistrationNumber(region: Region, value: string): boolean {
  const digits = normaliseRegistrationNumber(value);
  return region === 'dk' ? isValidCvr(digits) : isValidOrganisasjonsnummer(digits);
}

const NameSchema = z
  .string({ error: 'required' })
  .trim()
  .min(1, { error: 'required' })
  .max(ORGANISATION_NAME_MAX_LENGTH, { error: 'too_long' });

const RegistrationNumberInputSchema = z
  .string()
  .max(32, { error: 'invalid_registration_number' })
  .nullable()
  .optional();

interface RegistrationFields {
  type: OrganisationType;
  region: Region;
  registration_number?: string | null | undefined;
}

/** The registration number must match the region's register; a type that needs one must have it. */
function checkRegistrationNumber(value: RegistrationFields, context: z.RefinementCtx): void {
  const digits = normaliseRegistrationNumber(value.registration_number ?? '');
  if (digits === '') {
    if (requiresRegistrationNumber(value.type)) {
      context.addIssue({ code: 'custom', path: ['registration_number'], message: 'required' });
    }
    return;
  }
  if (!isValidRegistrationNumber(value.region, digits)) {
    context.addIssue({
      code: 'custom',
      path: ['registration_number'],
      message: 'invalid_registration_number',
    });
  }
}

/** Stored as digits only, or null when none was given. */
function storeRegistrationNumber<T extends RegistrationFields>(
  value: T,
): T & { registration_number: string | null } {
  const digits = normaliseRegistrationNumber(value.registration_number ?? '');
  return { ...value, registration_number: digits === '' ? null : digits };
}

const OrganisationFieldsSchema = z.object({
  name: NameSchema,
  type: OrganisationTypeSchema,
  region: RegionSchema,
  registration_number: RegistrationNumberInputSchema,
});

/**
 * POST /organisations — a person creates an organisation and becomes its first admin. Any type is
 * valid here; whether this caller may create it (self-service types only) is the API's decision.
 */
export const OrganisationCreateSchema =
  OrganisationFieldsSchema.superRefine(checkRegistrationNumber).transform(storeRegistrationNumber);
export type OrganisationCreate = z.output<typeof OrganisationCreateSchema>;

/** POST /backoffice/organisations — staff create any type and invite its first admin by e-mail. */
export const BackofficeOrganisationCreateSchema = OrganisationFieldsSchema.extend({
  admin_email: EmailSchema,
})
  .superRefine(checkRegistrationNumber)
  .transform(storeRegistrationNumber);
export type BackofficeOrganisationCreate = z.output<typeof BackofficeOrganisationCreateSchema>;

/**
 * POST /organisations/{id}/invitations — an admin invites an address. Nobody is added directly: the
 * owner of the address accepts (after signing up, if they have no account yet).
 */
export const InvitationCreateSchema = z.object({
  email: EmailSchema,
  role: OrganisationRoleSchema,
});
export type InvitationCreate = z.output<typeof InvitationCreateSchema>;

/** PATCH /organisations/{id}/members/{identityPartyId}. */
export const MemberRoleUpdateSchema = z.object({ role: OrganisationRoleSchema });
export type MemberRoleUpdate = z.output<typeof MemberRoleUpdateSchema>;

/** PUT /identities/authentications/acting-party — the person's own party id, or an organisation of theirs. */
export const ActingPartyUpdateSchema = z.object({
  party_id: z.string({ error: 'required' }).pipe(z.uuid({ error: 'invalid_value' })),
});
export type ActingPartyUpdate = z.output<typeof ActingPartyUpdateSchema>;

export const OrganisationSchema = z.object({
  party_id: z.uuid(),
  name: z.string(),
  type: OrganisationTypeSchema,
  region: RegionSchema,
  /** Digits only; null for a club without one. */
  registration_number: z.string().nullable(),
  created_at: z.string(),
  /** The caller's role in it; null when staff look at an organisation they do not belong to. */
  role: OrganisationRoleSchema.nullable(),
});
export type Organisation = z.infer<typeof OrganisationSchema>;

export const OrganisationListSchema = z.array(OrganisationSchema);

export const MemberSchema = z.object({
  identity_party_id: z.uuid(),
  email: z.string(),
  name: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  role: OrganisationRoleSchema,
  added_at: z.string(),
});
export type Member = z.infer<typeof MemberSchema>;

export const MemberListSchema = z.array(MemberSchema);

/**
 * An invitation as the organisation's admins see it. The answer is the same whether or not the
 * address has an account, so inviting cannot be used to find out who is registered.
 */
export const InvitationSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  role: OrganisationRoleSchema,
  created_at: z.string(),
  expires_at: z.string(),
});
export type Invitation = z.infer<typeof InvitationSchema>;

export const InvitationListSchema = z.array(InvitationSchema);

/** GET /organisations/invitations/{code} — what the invited person is asked to accept. */
export const InvitationDetailsSchema = z.object({
  organisation: z.object({ party_id: z.uuid(), name: z.string(), type: OrganisationTypeSchema }),
  role: OrganisationRoleSchema,
  /** The address the invitation was sent to; only an account with it may accept. */
  email: z.string(),
  expires_at: z.string(),
});
export type InvitationDetails = z.infer<typeof InvitationDetailsSchema>;

/** POST /organisations/invitations/{code}/accept — the session now acts for the organisation. */
export const InvitationAcceptedSchema = z.object({
  organisation: OrganisationSchema,
  role: OrganisationRoleSchema,
  authentication_token: z.string(),
});
export type InvitationAccepted = z.infer<typeof InvitationAcceptedSchema>;

/** The backoffice's new organisation has no members yet: its first admin is invited. */
export const BackofficeOrganisationCreatedSchema = OrganisationSchema.extend({
  invitation: InvitationSchema,
});
export type BackofficeOrganisationCreated = z.infer<typeof BackofficeOrganisationCreatedSchema>;
