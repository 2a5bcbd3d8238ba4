import { z } from 'zod';
import { FRAME_NUMBER_WARNINGS, isPlausibleProductionYear } from './frame-number.ts';
import { identifierShapeProblem } from './identifiers.ts';

/*
 * The bike contract shared by the web app and the API (SPEC §3 Bike and Equipment). JSON is
 * snake_case. Every custom message is a validation code of VALIDATION_MESSAGES (identity.ts).
 */

export const BIKE_CATEGORIES = [
  'city',
  'mountainTour',
  'road',
  'racer',
  'cargo',
  'hybrid',
  'cruiser',
  'folding',
  'bmx',
] as const;
export const BikeCategorySchema = z.enum(BIKE_CATEGORIES);
export type BikeCategory = z.infer<typeof BikeCategorySchema>;

export const BIKE_COLORS = [
  'black',
  'gray',
  'blue',
  'green',
  'white',
  'red',
  'special',
  'orange',
  'yellow',
  'brown',
  'purple',
  'multi',
  'pink',
] as const;
export const BikeColorSchema = z.enum(BIKE_COLORS);
export type BikeColor = z.infer<typeof BikeColorSchema>;

/** The frame type (SPEC: male, female, unisex). */
export const BIKE_TYPES = ['male', 'female', 'unisex'] as const;
export const BikeTypeSchema = z.enum(BIKE_TYPES);
export type BikeType = z.infer<typeof BikeTypeSchema>;

/**
 * Who may see a bike (README "Bike visibility"):
 * - active: found by search with brand, model, colour, category and the public picture; public page.
 * - searchable: found by search with status, brand, category and colour only (no model, no picture).
 * - private: not found by search and no public page for others. A bike reported stolen is always
 *   shown at least as searchable, so a finder can reach its owner.
 */
export const BIKE_VISIBILITIES = ['active', 'searchable', 'private'] as const;
export const BikeVisibilitySchema = z.enum(BIKE_VISIBILITIES);
export type BikeVisibility = z.infer<typeof BikeVisibilitySchema>;

export const BIKE_STATUSES = ['registered', 'stolen'] as const;
export const BikeStatusSchema = z.enum(BIKE_STATUSES);
export type BikeStatus = z.infer<typeof BikeStatusSchema>;

/** How a person came to own a bike (bike_ownerships.how). */
export const OWNERSHIP_ORIGINS = ['registered', 'transferred', 'staff'] as const;
export type OwnershipOrigin = (typeof OWNERSHIP_ORIGINS)[number];

export const PICTURE_KINDS = ['frame_number', 'plate', 'public', 'receipt', 'lock_proof', 'private'] as const;
export const PictureKindSchema = z.enum(PICTURE_KINDS);
export type PictureKind = z.infer<typeof PictureKindSchema>;

export const DOCUMENT_KINDS = ['receipt', 'form', 'lock_certificate', 'other'] as const;
export const DocumentKindSchema = z.enum(DOCUMENT_KINDS);
export type DocumentKind = z.infer<typeof DocumentKindSchema>;

/** Pictures only the owner (and staff) may see; every kind but `public`. */
export const PRIVATE_PICTURE_KINDS: readonly PictureKind[] = PICTURE_KINDS.filter(
  (kind) => kind !== 'public',
);

/** Upload limits (the API enforces them; the web app checks first to spare the upload). */
export const PICTURE_MAX_BYTES = 15 * 1024 * 1024;
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
export const PICTURE_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const DOCUMENT_CONTENT_TYPES = [...PICTURE_CONTENT_TYPES, 'application/pdf'] as const;
/** Per bike, so one bike cannot fill the disk. */
export const MAX_FILES_PER_BIKE = 40;
/** Longest side of the thumbnail, in pixels. */
export const THUMBNAIL_SIZE = 320;
/** Longest side a stored picture is scaled down to. */
export const PICTURE_MAX_SIDE = 2560;

export const EQUIPMENT_TYPES = ['battery', 'lock', 'accessory'] as const;
export const EquipmentTypeSchema = z.enum(EQUIPMENT_TYPES);
export type EquipmentType = z.infer<typeof EquipmentTypeSchema>;

export const LOCK_TYPES = ['padlock', 'folding', 'ring', 'chain', 'click'] as const;
export const LockTypeSchema = z.enum(LOCK_TYPES);
export type LockType = z.infer<typeof LockTypeSchema>;

export const NICKNAME_MAX_LENGTH = 60;
/** Upper bound of a bike's price in whole kroner; beyond it a typo is far likelier than a bike. */
export const BIKE_PRICE_MAX = 2_000_000;

/** A calendar date `YYYY-MM-DD` that exists. */
const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'invalid_date' })
  .refine(
    (value) =>
      !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
      new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
    {
      error: 'invalid_date',
    },
  );

/**
 * Today's date where the register's users live: Denmark and Norway share one time zone, so a date
 * is in the past (or today) there, whatever the server's or the browser's own zone.
 */
export function todayInRegisterZone(now: Date = new Date()): string {
  // sv-SE formats as YYYY-MM-DD.
  return new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Copenhagen' }).format(now);
}

/** A date that is not in the future (SPEC §5: purchase and theft dates must be in the past). */
export const PastDateSchema = isoDate.refine((value) => value <= todayInRegisterZone(), {
  error: 'date_not_in_past',
});

/** A frame number or plate ID as typed: trimmed; the shape rules of identifiers.ts. */
export const IdentifierSchema = z
  .string()
  .trim()
  .superRefine((value, context) => {
    const problem = identifierShapeProblem(value);
    if (problem) context.addIssue({ code: 'custom', message: problem, input: value });
  });

/** Free text: trimmed, at most `max` characters, never a NUL byte (PostgreSQL text cannot hold one). */
const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: 'too_long' })
    .refine((value) => !value.includes('\u0000'), { error: 'invalid_characters' });
/** Optional free text: '' and null both clear it. */
const optionalText = (max: number) =>
  text(max)
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional();
/** An optional identifier: '' and null both mean none. */
const optionalIdentifier = z
  .union([z.literal('').transform(() => null), IdentifierSchema])
  .nullable()
  .optional();

const productionYear = z
  .number({ error: 'invalid_production_year' })
  .int({ error: 'invalid_production_year' })
  .refine((year) => isPlausibleProductionYear(year, new Date().getUTCFullYear()), {
    error: 'invalid_production_year',
  });

const price = z
  .number({ error: 'invalid_price' })
  .int({ error: 'invalid_price' })
  .min(0, { error: 'invalid_price' })
  .max(BIKE_PRICE_MAX, { error: 'invalid_price' });

/** BikeDNA: a code of the DNA-marking kit (letters, digits, dashes). */
const bikeDnaCode = z
  .string()
  .trim()
  .max(40, { error: 'too_long' })
  .regex(/^[A-Za-z0-9-]*$/, { error: 'invalid_value' })
  .transform((value) => (value === '' ? null : value.toUpperCase()))
  .nullable()
  .optional();

const bikeFields = {
  nickname: text(NICKNAME_MAX_LENGTH).min(1, { error: 'required' }),
  frame_number: optionalIdentifier,
  plate_id: optionalIdentifier,
  brand: optionalText(60),
  model: optionalText(80),
  production_year: productionYear.nullable().optional(),
  category: BikeCategorySchema.nullable().optional(),
  color: BikeColorSchema.nullable().optional(),
  type: BikeTypeSchema.nullable().optional(),
  is_electric: z.boolean().optional(),
  /** Whole kroner (DKK or NOK by the owner's region). */
  price: price.nullable().optional(),
  purchase_date: z
    .union([z.literal('').transform(() => null), PastDateSchema])
    .nullable()
    .optional(),
  bikedna_code: bikeDnaCode,
  visibility: BikeVisibilitySchema.optional(),
};

/** POST /api/bikes/ — a bike needs a name and at least one identifier (frame number or plate ID). */
export const BikeCreateSchema = z
  .object(bikeFields)
  .refine((bike) => Boolean(bike.frame_number) || Boolean(bike.plate_id), {
    error: 'frame_or_plate_required',
    path: ['frame_number'],
  });
export type BikeCreate = z.infer<typeof BikeCreateSchema>;

/** PATCH /api/bikes/{bike_id}/ — an absent field is left as it is; null or '' clears it. */
export const BikeUpdateSchema = z.object({
  ...bikeFields,
  nickname: bikeFields.nickname.optional(),
});
export type BikeUpdate = z.infer<typeof BikeUpdateSchema>;

export const BikeParamsSchema = z.object({ bike_id: z.string() });

export const FrameNumberWarningSchema = z.enum(FRAME_NUMBER_WARNINGS);

/** The soft check of a frame number (frame-number.ts), as the API answers it. */
export const FrameNumberCheckSchema = z.object({
  kind: z.enum(['danish', 'foreign', 'missing']),
  warnings: z.array(FrameNumberWarningSchema),
  candidate_years: z.array(z.number().int()),
  manufacturer: z.string().nullable(),
});
export type FrameNumberCheckAnswer = z.infer<typeof FrameNumberCheckSchema>;

export const FileVariantUrlsSchema = z.object({
  /** A signed address valid for a limited time; works in <img src> without a token. */
  url: z.string(),
  thumbnail_url: z.string().nullable(),
});

export const BikePictureSchema = FileVariantUrlsSchema.extend({
  picture_id: z.uuid(),
  kind: PictureKindSchema,
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  created_at: z.string(),
});
export type BikePicture = z.infer<typeof BikePictureSchema>;

export const BikeDocumentSchema = FileVariantUrlsSchema.extend({
  document_id: z.uuid(),
  kind: DocumentKindSchema,
  file_name: z.string(),
  content_type: z.string(),
  size: z.number().int(),
  created_at: z.string(),
});
export type BikeDocument = z.infer<typeof BikeDocumentSchema>;

/** Equipment (SPEC §3): fields the registration form sends; item_type_memo decides which apply. */
export const EquipmentInputSchema = z.object({
  item_type_memo: EquipmentTypeSchema.default('battery'),
  note: optionalText(500),
  plate_ids: z.array(IdentifierSchema).max(5).default([]),
  serial_numbers: z
    .array(text(60).min(1, { error: 'required' }))
    .max(5)
    .default([]),
  dna_paste_ids: z
    .array(text(60).min(1, { error: 'required' }))
    .max(5)
    .default([]),
  manufacturer_name: optionalText(60),
  product_name: optionalText(80),
  /** Lock: the certificate names this bike's frame number. */
  frame_number_match: z.boolean().nullable().optional(),
  /** Lock: the dealer stamped and signed the certificate. */
  has_signature: z.boolean().nullable().optional(),
  /** Lock: Varefakta product-safety certificate number. */
  varefakta_number: optionalText(40),
  /** Lock: certificate date. */
  lock_date: z
    .union([z.literal('').transform(() => null), PastDateSchema])
    .nullable()
    .optional(),
  physical_key_number: optionalText(40),
  lock_type_memo: LockTypeSchema.nullable().optional(),
  /** Accessory: what it is, in the owner's words (child seat, basket…). */
  accessory_type: optionalText(60),
});
export type EquipmentInput = z.infer<typeof EquipmentInputSchema>;

/**
 * PATCH /api/bikes/{bike_id}/equipment/{equipment_id}: the same fields with no defaults, so an
 * absent field is left as it is; null or '' clears it.
 */
export const EquipmentUpdateSchema = z.object({
  ...EquipmentInputSchema.shape,
  item_type_memo: EquipmentInputSchema.shape.item_type_memo.unwrap().optional(),
  plate_ids: EquipmentInputSchema.shape.plate_ids.unwrap().optional(),
  serial_numbers: EquipmentInputSchema.shape.serial_numbers.unwrap().optional(),
  dna_paste_ids: EquipmentInputSchema.shape.dna_paste_ids.unwrap().optional(),
});
export type EquipmentUpdate = z.infer<typeof EquipmentUpdateSchema>;

export const EquipmentParamsSchema = z.object({ bike_id: z.string(), equipment_id: z.string() });

export const EquipmentSchema = z.object({
  id: z.uuid(),
  bike_id: z.uuid(),
  item_type_memo: EquipmentTypeSchema,
  note: z.string().nullable(),
  plate_ids: z.array(z.string()),
  serial_numbers: z.array(z.string()),
  dna_paste_ids: z.array(z.string()),
  manufacturer_name: z.string().nullable(),
  product_name: z.string().nullable(),
  frame_number_match: z.boolean().nullable(),
  has_signature: z.boolean().nullable(),
  varefakta_number: z.string().nullable(),
  lock_date: z.string().nullable(),
  physical_key_number: z.string().nullable(),
  lock_type_memo: LockTypeSchema.nullable(),
  accessory_type: z.string().nullable(),
  /** Lock proof pictures and certificates attached to this item. */
  pictures: z.array(BikePictureSchema),
  documents: z.array(BikeDocumentSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Equipment = z.infer<typeof EquipmentSchema>;

/** A bike as its owner sees it. */
export const BikeSchema = z.object({
  bike_id: z.uuid(),
  bike_ownership_id: z.uuid(),
  nickname: z.string(),
  frame_number: z.string().nullable(),
  plate_id: z.string().nullable(),
  brand: z.string().nullable(),
  model: z.string().nullable(),
  production_year: z.number().int().nullable(),
  category: BikeCategorySchema.nullable(),
  color: BikeColorSchema.nullable(),
  type: BikeTypeSchema.nullable(),
  is_electric: z.boolean(),
  price: z.number().int().nullable(),
  currency: z.enum(['DKK', 'NOK']),
  purchase_date: z.string().nullable(),
  bikedna_code: z.string().nullable(),
  visibility: BikeVisibilitySchema,
  status: BikeStatusSchema,
  /** Ownership proven (issue: verify ownership); false until then. */
  owner_verified: z.boolean(),
  /** After a transfer the frame number can no longer be changed (SPEC §4). */
  frame_number_locked: z.boolean(),
  /** Deleting needs a national identity approval when the bike has a frame number or a plate. */
  deletion_needs_approval: z.boolean(),
  frame_number_check: FrameNumberCheckSchema,
  pictures: z.array(BikePictureSchema),
  documents: z.array(BikeDocumentSchema),
  equipment: z.array(EquipmentSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Bike = z.infer<typeof BikeSchema>;

/** One row of GET /api/bikes/ (the caller's bikes). */
export const BikeSummarySchema = BikeSchema.pick({
  bike_id: true,
  bike_ownership_id: true,
  nickname: true,
  frame_number: true,
  plate_id: true,
  brand: true,
  model: true,
  category: true,
  color: true,
  status: true,
  visibility: true,
  created_at: true,
}).extend({
  /** The public picture, else the first picture, as a thumbnail. */
  thumbnail_url: z.string().nullable(),
});
export type BikeSummary = z.infer<typeof BikeSummarySchema>;
export const BikeListSchema = z.array(BikeSummarySchema);

/** What anyone may see of a bike (search hits, public page, scanned sticker); never owner data. */
export const PublicBikeSchema = z.object({
  bike_id: z.uuid(),
  status: BikeStatusSchema,
  brand: z.string().nullable(),
  /** Null unless the owner shows the bike fully (visibility active). */
  model: z.string().nullable(),
  color: BikeColorSchema.nullable(),
  category: BikeCategorySchema.nullable(),
  is_electric: z.boolean(),
  /** The public picture; null unless visibility is active and one is uploaded. */
  picture_url: z.string().nullable(),
  thumbnail_url: z.string().nullable(),
  /** True for the owner themself (the page then says 'You own this bike'). */
  is_owner: z.boolean(),
});
export type PublicBike = z.infer<typeof PublicBikeSchema>;

/** DELETE /api/bikes/{bike_id}/ answers 204; 403 approval_required until the identity approval is given. */

/** POST /api/bikes/identifier-checks — live check of the register form (SPEC §4: valid, invalid, already used). */
export const IdentifierCheckRequestSchema = z.object({
  frame_number: z.string().trim().max(100).nullable().optional(),
  plate_id: z.string().trim().max(100).nullable().optional(),
  brand: z.string().trim().max(60).nullable().optional(),
  production_year: z.number().int().nullable().optional(),
  /** When editing: the bike being edited, so its own identifiers are not "already used". */
  bike_id: z.string().nullable().optional(),
});
export type IdentifierCheckRequest = z.infer<typeof IdentifierCheckRequestSchema>;

export const FRAME_NUMBER_STATUSES = ['valid', 'invalid', 'already_used'] as const;
/** other_equipment: a sticker of equipment or one registered on equipment ('tilhører annet utstyr'). */
export const PLATE_ID_STATUSES = ['valid', 'invalid', 'already_used', 'other_equipment'] as const;

export const IdentifierCheckResponseSchema = z.object({
  frame_number: FrameNumberCheckSchema.extend({
    status: z.enum(FRAME_NUMBER_STATUSES),
    /** The hard problem when invalid (identifier_too_short, invalid_characters…). */
    problem: z.string().nullable(),
  }).nullable(),
  plate_id: z.object({ status: z.enum(PLATE_ID_STATUSES), problem: z.string().nullable() }).nullable(),
  /** bike_not_found when bike_id names no bike of the caller. */
  bike: z.enum(['bike_not_found']).nullable(),
});
export type IdentifierCheckResponse = z.infer<typeof IdentifierCheckResponseSchema>;

/**
 * One bike of a frame-number collision: its number as stored, and whether its key is the folded
 * one (the Latin copy) or still holds look-alike letters of another script.
 */
export const FrameNumberCollisionBikeSchema = z.object({
  bike_id: z.uuid(),
  frame_number: z.string(),
  /** True for the copy whose key is already folded; false for one that kept its look-alike letters. */
  is_folded: z.boolean(),
  status: BikeStatusSchema,
  owner_party_id: z.uuid(),
  /** The owner's sign-in address, for support to reach them; null for a bike an organisation holds. */
  owner_email: z.string().nullable(),
  created_at: z.string(),
});

/**
 * GET /api/backoffice/frame-number-collisions (staff): frame numbers that several bikes share once
 * look-alike letters are folded — left by migration 0011 for support to sort out — oldest bike first.
 */
export const FrameNumberCollisionsSchema = z.array(
  z.object({ folded_key: z.string(), bikes: z.array(FrameNumberCollisionBikeSchema) }),
);
export type FrameNumberCollisions = z.infer<typeof FrameNumberCollisionsSchema>;
