import { z } from 'zod';
import { StaffReasonSchema } from './backoffice-people.ts';
import { EmailSchema } from './identity.ts';
import { RegionSchema } from './locale.ts';
import { MemberSchema, OrganisationTypeSchema, SELF_SERVICE_ORGANISATION_TYPES } from './organisations.ts';

/*
 * Backoffice contract for organisations (issue 17 §1) and the public list of dealers
 * (/find-distributor). Custom zod messages are validation codes (VALIDATION_MESSAGES in identity.ts).
 */

/**
 * Types only backoffice admins create: every type a person may not create themself (insurers, the
 * police, municipalities…), because they get powers over other people's data. Written as "not
 * self-service" so a type added to ORGANISATION_TYPES is admin-only until someone decides otherwise.
 */
export function isAdminOnlyOrganisationType(type: string): boolean {
  return !(SELF_SERVICE_ORGANISATION_TYPES as readonly string[]).includes(type);
}

export const BACKOFFICE_ORGANISATIONS_PAGE_SIZE = 20;

/** GET /backoffice/organisations — by name, registration number or town; optionally one type. */
export const BackofficeOrganisationsQuerySchema = z.object({
  query: z.string().trim().max(100, { error: 'too_long' }).optional().default(''),
  type: OrganisationTypeSchema.optional(),
  page: z.coerce
    .number({ error: 'invalid_value' })
    .int({ error: 'invalid_value' })
    .min(1, { error: 'invalid_value' })
    .max(100, { error: 'invalid_value' })
    .optional()
    .default(1),
});
export type BackofficeOrganisationsQuery = z.output<typeof BackofficeOrganisationsQuerySchema>;

export const BackofficeOrganisationSchema = z.object({
  party_id: z.uuid(),
  name: z.string(),
  type: OrganisationTypeSchema,
  region: RegionSchema,
  registration_number: z.string().nullable(),
  created_at: z.string(),
  suspended_at: z.string().nullable(),
  street_address: z.string().nullable(),
  postcode: z.string().nullable(),
  town: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
  listed_as_distributor: z.boolean(),
  billing_email: z.string().nullable(),
  billing_reference: z.string().nullable(),
  member_count: z.number().int(),
});
export type BackofficeOrganisation = z.infer<typeof BackofficeOrganisationSchema>;

export const BackofficeOrganisationListSchema = z.object({
  results: z.array(BackofficeOrganisationSchema),
  page: z.number().int(),
  has_next_page: z.boolean(),
});
export type BackofficeOrganisationList = z.infer<typeof BackofficeOrganisationListSchema>;

export const BackofficeOrganisationDetailSchema = BackofficeOrganisationSchema.extend({
  members: z.array(MemberSchema),
});
export type BackofficeOrganisationDetail = z.infer<typeof BackofficeOrganisationDetailSchema>;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: 'too_long' })
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional();

/** Danish (4 digits) and Norwegian (4 digits) postcodes alike. */
const PostcodeSchema = z
  .string()
  .trim()
  .transform((value) => (value === '' ? null : value))
  .pipe(
    z
      .string()
      .regex(/^\d{4}$/, { error: 'invalid_value' })
      .nullable(),
  )
  .nullable()
  .optional();

/** The organisation's details staff edit, apart from its coordinates. */
const OrganisationDetailsShape = {
  name: z.string().trim().min(1, { error: 'required' }).max(200, { error: 'too_long' }).optional(),
  street_address: optionalText(200),
  postcode: PostcodeSchema,
  town: optionalText(100),
  phone: optionalText(40),
  website: z
    .string()
    .trim()
    .transform((value) => (value === '' ? null : value))
    .pipe(
      z
        .url({ protocol: /^https?$/, error: 'invalid_value' })
        .max(300, { error: 'too_long' })
        .nullable(),
    )
    .nullable()
    .optional(),
  listed_as_distributor: z.boolean().optional(),
  /** Empty clears it, as for the other optional texts. */
  billing_email: z
    .union([z.literal('').transform(() => null), EmailSchema])
    .nullable()
    .optional(),
  billing_reference: optionalText(100),
};

/** A latitude (limit 90) or longitude (limit 180) in degrees. */
const coordinate = (limit: number) =>
  z
    .number({ error: 'invalid_value' })
    .min(-limit, { error: 'invalid_value' })
    .max(limit, { error: 'invalid_value' });

/** A coordinate as staff type it, with a decimal point or comma ('55,06'); empty for none. */
const typedCoordinate = (limit: number) =>
  z
    .string()
    .trim()
    .transform((value) => (value === '' ? null : Number(value.replace(',', '.'))))
    .pipe(coordinate(limit).nullable());

type Coordinates = { latitude?: number | null; longitude?: number | null };
const hasBothCoordinatesOrNeither = (value: Coordinates) =>
  (value.latitude == null) === (value.longitude == null);

/**
 * PATCH /backoffice/organisations/{id} — address, public contact, listing and billing. Coordinates
 * come both or neither; without them a dealer is placed by its postcode (the API's postcode table).
 */
export const BackofficeOrganisationUpdateSchema = z
  .object({
    ...OrganisationDetailsShape,
    latitude: coordinate(90).nullable().optional(),
    longitude: coordinate(180).nullable().optional(),
  })
  .refine(hasBothCoordinatesOrNeither, { error: 'invalid_value', path: ['longitude'] });
export type BackofficeOrganisationUpdate = z.output<typeof BackofficeOrganisationUpdateSchema>;

/**
 * The backoffice's form of the same details: the coordinates as typed (empty for none), turned into
 * the numbers the PATCH takes; the page sends only what changed.
 */
export const BackofficeOrganisationFormSchema = z
  .object({
    ...OrganisationDetailsShape,
    latitude: typedCoordinate(90),
    longitude: typedCoordinate(180),
  })
  .refine(hasBothCoordinatesOrNeither, { error: 'invalid_value', path: ['longitude'] });

/** POST /backoffice/organisations/{id}/suspend and …/unsuspend */
export const OrganisationSuspensionSchema = z.object({ reason: StaffReasonSchema });
