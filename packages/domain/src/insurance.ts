import { z } from 'zod';
import { type BikeCategory, BikeCategorySchema, type DocumentKind, type PictureKind } from './bikes.ts';
import { EmailSchema } from './identity.ts';
import type { Region } from './locale.ts';

/*
 * The insurance contract shared by the web app and the API (issue 16 §1, SPEC §3 insurance
 * purchase, §7 insurance calls, §8 the pre-registered 400): insurers' products with a tariff as
 * data, policies and the bikes insured on them. JSON is snake_case; money is integer minor units
 * plus a currency, premiums whole kroner. Every custom message is a validation code of
 * VALIDATION_MESSAGES (identity.ts).
 */

/** What a product covers: a standalone bike-theft policy, or the bike add-on to a contents (indbo) policy. */
export const COVER_KINDS = ['bike_theft', 'contents_addon'] as const;
export const CoverKindSchema = z.enum(COVER_KINDS, {
  error: (issue) => (issue.input === undefined ? 'required' : 'invalid_value'),
});
export type CoverKind = z.infer<typeof CoverKindSchema>;

/**
 * The lock approvals an insurer accepts: Varefakta (Denmark, VK-number on the lock certificate) and
 * FG (Norway, "forsikringsgodkjent") — insurance.md §2.1 and §3.1.
 */
export const LOCK_APPROVALS = ['varefakta', 'fg'] as const;
export const LockApprovalSchema = z.enum(LOCK_APPROVALS);
export type LockApproval = z.infer<typeof LockApprovalSchema>;

/** The approval the insurers of a region ask for. */
export const LOCK_APPROVAL_BY_REGION = { dk: 'varefakta', no: 'fg' } as const satisfies Record<
  Region,
  LockApproval
>;

/** What a holder may have to upload to prove possession of an insured bike (SPEC §3 registration uploads). */
export const REQUIRED_UPLOADS = [
  'main_image',
  'other_images',
  'frame_number',
  'receipt',
  'lock_proof',
] as const;
export const RequiredUploadSchema = z.enum(REQUIRED_UPLOADS);
export type RequiredUpload = z.infer<typeof RequiredUploadSchema>;

/** application → active (the insurer accepted and gave its policy number) → cancelled or expired. */
export const POLICY_STATUSES = ['application', 'active', 'cancelled', 'expired'] as const;
export const PolicyStatusSchema = z.enum(POLICY_STATUSES);
export type PolicyStatus = z.infer<typeof PolicyStatusSchema>;

/** While a policy is open, its holder may change it (the number of bikes). */
export function isOpenPolicy(status: PolicyStatus): boolean {
  return status === 'application' || status === 'active';
}

/** Where the check of an insured bike stands (our staff verify the holder's uploads, issue 16 §5). */
export const INSURED_ITEM_STATUSES = ['needs_uploads', 'pending', 'verified', 'rejected'] as const;
export const InsuredItemStatusSchema = z.enum(INSURED_ITEM_STATUSES);
export type InsuredItemStatus = z.infer<typeof InsuredItemStatusSchema>;

/** How many bikes one policy may cover. */
export const MAX_BIKES_PER_POLICY = 10;

/** SPEC §9: a bike the register knows nothing about is priced as 15000 kr, a racer, not electric. */
export const DEFAULT_INSURED_BIKE = { price: 15_000, category: 'racer', is_electric: false } as const;

// --- the tariff -------------------------------------------------------------------------------------

/**
 * An insurer's annual premium per bike, as data: a premium per price band (whole kroner, upper
 * bound inclusive; the last band has none), a surcharge in percent per bike type (category), and
 * one for electric bikes. Premiums are whole kroner in minor units.
 */
export const TariffSchema = z
  .object({
    price_bands: z
      .array(
        z.object({
          max_price: z.int({ error: 'invalid_price' }).positive({ error: 'invalid_price' }).nullable(),
          annual_premium_minor: z
            .int({ error: 'invalid_price' })
            .nonnegative({ error: 'invalid_price' })
            .max(100_000_000, { error: 'invalid_price' })
            .multipleOf(100, { error: 'invalid_price' }),
        }),
      )
      .min(1, { error: 'required' })
      .max(20, { error: 'invalid_value' }),
    category_surcharge_percent: z.partialRecord(
      BikeCategorySchema,
      z
        .int({ error: 'invalid_value' })
        .min(-100, { error: 'invalid_value' })
        .max(500, { error: 'invalid_value' }),
    ),
    electric_surcharge_percent: z
      .int({ error: 'invalid_value' })
      .min(0, { error: 'invalid_value' })
      .max(500, { error: 'invalid_value' }),
  })
  .refine(
    (tariff) =>
      tariff.price_bands.every(
        (band, index, bands) =>
          (band.max_price === null) === (index === bands.length - 1) &&
          (index === 0 || (bands[index - 1]?.max_price ?? 0) < (band.max_price ?? Number.POSITIVE_INFINITY)),
      ),
    { error: 'invalid_price_bands', path: ['price_bands'] },
  );
export type Tariff = z.infer<typeof TariffSchema>;

/** What the tariff reads of a bike; unknown fields take SPEC §9's defaults. */
export interface TariffBike {
  /** Whole kroner. */
  price: number | null;
  category: BikeCategory | string | null;
  is_electric: boolean | null;
}

/**
 * The annual premium of one bike in minor units: its price band's premium with the surcharges of
 * its type and of electric added, rounded down to whole kroner.
 */
export function bikePremiumMinor(tariff: Tariff, bike: TariffBike): number {
  const price = bike.price ?? DEFAULT_INSURED_BIKE.price;
  const category = (bike.category ?? DEFAULT_INSURED_BIKE.category) as BikeCategory;
  const electric = bike.is_electric ?? DEFAULT_INSURED_BIKE.is_electric;
  const band =
    tariff.price_bands.find((candidate) => candidate.max_price === null || price <= candidate.max_price) ??
    tariff.price_bands[tariff.price_bands.length - 1];
  if (!band) throw new RangeError('a tariff has at least one price band');
  const percent =
    100 +
    (tariff.category_surcharge_percent[category] ?? 0) +
    (electric ? tariff.electric_surcharge_percent : 0);
  const minor = Math.floor((band.annual_premium_minor * Math.max(percent, 0)) / 100);
  return minor - (minor % 100);
}

/**
 * The annual premium of a policy: each known bike by the tariff, and the bikes the holder has not
 * named yet (number_of_bikes beyond the known ones) at SPEC §9's default bike.
 */
export function policyPremiumMinor(
  tariff: Tariff,
  bikes: readonly TariffBike[],
  numberOfBikes: number,
): number {
  const unnamed = Math.max(numberOfBikes - bikes.length, 0);
  const named = bikes.reduce((total, bike) => total + bikePremiumMinor(tariff, bike), 0);
  return named + unnamed * bikePremiumMinor(tariff, { price: null, category: null, is_electric: null });
}

// --- requests -----------------------------------------------------------------------------------------

/** A field's own code, or `required` when it is missing. */
const codeOr =
  (code: string) =>
  (issue: { input?: unknown }): string =>
    issue.input === undefined ? 'required' : code;

const NumberOfBikesSchema = z
  .int({ error: codeOr('invalid_number_of_bikes') })
  .min(1, { error: 'invalid_number_of_bikes' })
  .max(MAX_BIKES_PER_POLICY, { error: 'invalid_number_of_bikes' });

/** POST /insurance/policies/ — an application for the signed-in person (SPEC §7). */
export const PolicyApplicationSchema = z
  .object({
    insurer_party_id: z.uuid({ error: codeOr('insurer_unknown') }),
    coverage: CoverKindSchema,
    number_of_bikes: NumberOfBikesSchema,
    /** Registered bikes of the person to insure now; more can follow up to number_of_bikes. */
    bike_ids: z
      .array(z.uuid({ error: 'invalid_value' }))
      .max(MAX_BIKES_PER_POLICY, { error: 'insured_bikes_exceed_number' })
      .optional()
      .default([]),
  })
  .strict()
  .superRefine((application, context) => {
    if (new Set(application.bike_ids).size !== application.bike_ids.length) {
      context.addIssue({ code: 'custom', path: ['bike_ids'], message: 'invalid_value' });
    }
    if (application.bike_ids.length > application.number_of_bikes) {
      context.addIssue({ code: 'custom', path: ['bike_ids'], message: 'insured_bikes_exceed_number' });
    }
  });
export type PolicyApplication = z.infer<typeof PolicyApplicationSchema>;

/** PATCH /insurance/policies/{id}/bikes/ (SPEC §7). */
export const PolicyBikesUpdateSchema = z.object({ number_of_bikes: NumberOfBikesSchema }).strict();
export type PolicyBikesUpdate = z.infer<typeof PolicyBikesUpdateSchema>;

export const PolicyParamsSchema = z.object({ id: z.string() });

/** POST /insurance/policies/{id}/insured-bikes: one more registered bike on the policy, within its number of bikes. */
export const PolicyBikeAddSchema = z.object({ bike_id: z.uuid({ error: codeOr('invalid_value') }) }).strict();
export type PolicyBikeAdd = z.infer<typeof PolicyBikeAddSchema>;

/** POST /insurance/{insurer}/policies/pre-registration-lookup/{insurerPolicyId}/ (SPEC §7). */
export const PreRegistrationLookupParamsSchema = z.object({
  insurer: z.string(),
  insurerPolicyId: z.string().max(100),
});
export const PreRegistrationLookupSchema = z
  .object({ policy_id: z.uuid({ error: codeOr('invalid_value') }) })
  .strict();
export type PreRegistrationLookup = z.infer<typeof PreRegistrationLookupSchema>;

/**
 * The detail of the 400 `pre_registered_policy` (SPEC §8), sent as a JSON string in `detail`: the
 * person is already the insurer's contents customer, so the web app goes to
 * /insurance/{insurer_party_id}/policy/contents-signup to confirm instead of buying.
 */
export const PreRegisteredPolicyDetailSchema = z.object({
  /** The insurer's own number of the policy it uploaded for this person. */
  pre_registered_policy: z.string(),
  insurer_party_id: z.string(),
});
export type PreRegisteredPolicyDetail = z.infer<typeof PreRegisteredPolicyDetailSchema>;

/**
 * One of an insurer's existing contents customers, as its upload gives them (issue 16 §1; the CSV
 * screen is the insurer admin's): its own policy id, the holder's address and name.
 */
export const PreRegistrationRowSchema = z.object({
  insurer_policy_id: z.string().trim().min(1).max(100),
  holder_email: EmailSchema,
  holder_name: z.string().trim().max(200).nullable().optional(),
});
export type PreRegistrationRow = z.input<typeof PreRegistrationRowSchema>;

/** An insurer's product as it is stored (issue 16 §4: the insurer's admin edits them). */
export const InsuranceProductInputSchema = z.object({
  cover_kind: CoverKindSchema,
  names: z.object({ da: z.string().min(1), en: z.string().min(1), no: z.string().min(1) }),
  terms: z.object({ da: z.string().min(1), en: z.string().min(1), no: z.string().min(1) }),
  tariff: TariffSchema,
  accepted_locks: z.array(LockApprovalSchema),
  required_uploads: z.array(RequiredUploadSchema),
});
export type InsuranceProductInput = z.input<typeof InsuranceProductInputSchema>;

// --- answers ------------------------------------------------------------------------------------------

export const MoneySchema = z.object({ amount_minor: z.int(), currency: z.enum(['DKK', 'NOK']) });

/** A registered bike on a policy, as the policy needs it (never its pictures or owner history). */
export const InsuredBikeSchema = z.object({
  nickname: z.string(),
  brand: z.string().nullable(),
  model: z.string().nullable(),
  frame_number: z.string().nullable(),
  category: z.string().nullable(),
  is_electric: z.boolean(),
  /** Whole kroner, as registered. */
  price: z.int().nullable(),
});

export const InsuredItemSchema = z.object({
  id: z.string(),
  bike_id: z.string(),
  bike: InsuredBikeSchema,
  verification_status: InsuredItemStatusSchema,
  /** What the holder must still give before the check can be sent (issue 16 §2); empty once sent. */
  missing_uploads: z.array(RequiredUploadSchema),
  /** Fields of the registered bike the check needs that are still empty (category, type). */
  missing_details: z.array(z.enum(['category', 'type'])),
  /** Our staff's reason when they sent the check back (rejected); null otherwise. */
  rejection_reason: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type InsuredItem = z.infer<typeof InsuredItemSchema>;

/** Who holds a policy, as the insurer and our staff see it: what the policy needs, nothing more. */
export const PolicyHolderSchema = z.object({
  name: z.string().nullable(),
  email: z.string(),
});

export const PolicySchema = z.object({
  id: z.string(),
  insurer: z.object({ party_id: z.string(), name: z.string() }),
  /** Null in the holder's own answers (it is them). */
  holder: PolicyHolderSchema.nullable(),
  insurer_policy_number: z.string().nullable(),
  coverage: CoverKindSchema,
  product_id: z.string(),
  /** The product's name and terms in da, en and no (the holder's hub shows them). */
  product: z.object({
    names: z.object({ da: z.string(), en: z.string(), no: z.string() }),
    terms: z.object({ da: z.string(), en: z.string(), no: z.string() }),
  }),
  number_of_bikes: z.int(),
  status: PolicyStatusSchema,
  annual_premium: MoneySchema,
  insured_items: z.array(InsuredItemSchema),
  created_at: z.string(),
  updated_at: z.string(),
  activated_at: z.string().nullable(),
  ended_at: z.string().nullable(),
});
export type Policy = z.infer<typeof PolicySchema>;

export const PolicyListSchema = z.array(PolicySchema);

// --- proof of possession and its check (issue 16 §2 and §5) ----------------------------------------

/**
 * Which of the register's bike files may prove each required upload (SPEC §3 registration uploads):
 * the holder uploads through the bike's own file calls (re-encoded without metadata) and links the
 * file to the insured bike. The main picture may be the bike's public or a private one.
 */
export const POSSESSION_FILE_KINDS: Record<
  RequiredUpload,
  { picture: readonly PictureKind[]; document: readonly DocumentKind[] }
> = {
  main_image: { picture: ['private', 'public'], document: [] },
  other_images: { picture: ['private', 'public', 'plate'], document: [] },
  frame_number: { picture: ['frame_number'], document: [] },
  receipt: { picture: ['receipt'], document: ['receipt'] },
  lock_proof: { picture: ['lock_proof'], document: ['lock_certificate'] },
};

/** The picture kind the web app uploads a new file of each kind as. */
export const POSSESSION_PICTURE_KIND: Record<RequiredUpload, PictureKind> = {
  main_image: 'private',
  other_images: 'private',
  frame_number: 'frame_number',
  receipt: 'receipt',
  lock_proof: 'lock_proof',
};

/** Every kind holds one file, but other_images holds up to this many. */
export const MAX_OTHER_IMAGES = 5;

/** Bike fields the check needs besides the uploads (SPEC §3: "plus category and type"). */
export const POSSESSION_DETAILS = ['category', 'type'] as const;
export type PossessionDetail = (typeof POSSESSION_DETAILS)[number];

/** The required uploads not yet given, in the product's order. */
export function missingUploads(required: readonly string[], given: readonly string[]): RequiredUpload[] {
  const present = new Set(given);
  return REQUIRED_UPLOADS.filter((kind) => required.includes(kind) && !present.has(kind));
}

/** While the holder may change what proves possession: before sending it, or after it was sent back. */
export function isPossessionEditable(status: InsuredItemStatus): boolean {
  return status === 'needs_uploads' || status === 'rejected';
}

/** POST /insurance/insured-items/{id}/possession/uploads/: links one file of the bike as an upload. */
export const PossessionUploadInputSchema = z
  .object({
    kind: z.enum(REQUIRED_UPLOADS, { error: codeOr('invalid_value') }),
    file_id: z.uuid({ error: codeOr('file_not_found') }),
  })
  .strict();
export type PossessionUploadInput = z.infer<typeof PossessionUploadInputSchema>;

export const InsuredItemParamsSchema = z.object({ item_id: z.string().max(64) });
export const PossessionUploadParamsSchema = z.object({
  item_id: z.string().max(64),
  upload_id: z.string().max(64),
});

/** One upload, at a signed address handed out only to those who may see the insured bike. */
export const PossessionUploadSchema = z.object({
  id: z.string(),
  kind: RequiredUploadSchema,
  file_id: z.string(),
  file_class: z.enum(['picture', 'document']),
  url: z.string(),
  thumbnail_url: z.string().nullable(),
  created_at: z.string(),
});
export type PossessionUpload = z.infer<typeof PossessionUploadSchema>;

/** The proof of possession of one insured bike, as its holder, its insurer and our staff see it. */
export const PossessionSchema = z.object({
  insured_item_id: z.string(),
  policy_id: z.string(),
  insurer_party_id: z.string(),
  bike_id: z.string(),
  verification_status: InsuredItemStatusSchema,
  required_uploads: z.array(RequiredUploadSchema),
  uploads: z.array(PossessionUploadSchema),
  missing_uploads: z.array(RequiredUploadSchema),
  missing_details: z.array(z.enum(POSSESSION_DETAILS)),
  rejection_reason: z.string().nullable(),
  submitted_at: z.string().nullable(),
  decided_at: z.string().nullable(),
});
export type Possession = z.infer<typeof PossessionSchema>;

/** The checks our staff make, step by step (SPEC §2 backoffice v2 insurance verification). */
export const VERIFICATION_STEPS = ['frame_number', 'plate', 'receipt'] as const;
export type VerificationStep = (typeof VERIFICATION_STEPS)[number];

/** Each step: true (matches), false (does not) or null (not decided yet). */
export const VerificationStepsSchema = z.object({
  frame_number: z.boolean().nullable(),
  plate: z.boolean().nullable(),
  receipt: z.boolean().nullable(),
});
export type VerificationSteps = z.infer<typeof VerificationStepsSchema>;

/** PUT /backoffice/insurance-verifications/{id}/steps/: the steps given are decided, the rest kept. */
export const VerificationStepsUpdateSchema = z
  .object({
    frame_number: z.boolean({ error: 'invalid_value' }).nullable().optional(),
    plate: z.boolean({ error: 'invalid_value' }).nullable().optional(),
    receipt: z.boolean({ error: 'invalid_value' }).nullable().optional(),
  })
  .strict();
export type VerificationStepsUpdate = z.infer<typeof VerificationStepsUpdateSchema>;

/** POST /backoffice/insurance-verifications/{id}/reject/: why it is sent back, shown to the holder. */
export const InsuranceVerificationRejectSchema = z
  .object({
    reason: z
      .string({ error: codeOr('required') })
      .trim()
      .min(1, { error: 'required' })
      .max(1000, { error: 'invalid_value' }),
  })
  .strict();
export type InsuranceVerificationReject = z.infer<typeof InsuranceVerificationRejectSchema>;

/**
 * The steps that apply to one insured bike: the frame number when the product asks for its picture,
 * the plate when the bike has one registered, the receipt when the product asks for it.
 */
export function applicableSteps(requiredUploads: readonly string[], hasPlate: boolean): VerificationStep[] {
  return VERIFICATION_STEPS.filter((step) => (step === 'plate' ? hasPlate : requiredUploads.includes(step)));
}

/** Approval needs every applicable step confirmed. */
export function canApproveSteps(steps: VerificationSteps, applicable: readonly VerificationStep[]): boolean {
  return applicable.every((step) => steps[step] === true);
}

export const InsuranceVerificationQueueQuerySchema = z.object({
  insurer: z.string().max(64).optional(),
});

/** GET /backoffice/insurance-verifications/: waiting checks, per insurer with counts, oldest first. */
export const InsuranceVerificationQueueSchema = z.object({
  insurers: z.array(z.object({ party_id: z.string(), name: z.string(), pending: z.int() })),
  items: z.array(
    z.object({
      insured_item_id: z.string(),
      policy_id: z.string(),
      insurer: z.object({ party_id: z.string(), name: z.string() }),
      bike: z.object({ nickname: z.string(), brand: z.string().nullable(), model: z.string().nullable() }),
      holder_name: z.string().nullable(),
      submitted_at: z.string().nullable(),
    }),
  ),
});
export type InsuranceVerificationQueue = z.infer<typeof InsuranceVerificationQueueSchema>;

/** One check for our staff: the uploads beside what the register holds of the bike. */
export const InsuranceVerificationSchema = z.object({
  insured_item_id: z.string(),
  policy_id: z.string(),
  insurer: z.object({ party_id: z.string(), name: z.string() }),
  holder: PolicyHolderSchema.nullable(),
  verification_status: InsuredItemStatusSchema,
  submitted_at: z.string().nullable(),
  decided_at: z.string().nullable(),
  rejection_reason: z.string().nullable(),
  steps: VerificationStepsSchema,
  applicable_steps: z.array(z.enum(VERIFICATION_STEPS)),
  uploads: z.array(PossessionUploadSchema),
  register: z.object({
    bike_id: z.string(),
    nickname: z.string(),
    brand: z.string().nullable(),
    model: z.string().nullable(),
    frame_number: z.string().nullable(),
    plate_id: z.string().nullable(),
    category: z.string().nullable(),
    type: z.string().nullable(),
    is_electric: z.boolean(),
    /** Whole kroner. */
    price: z.int().nullable(),
    currency: z.string(),
    purchase_date: z.string().nullable(),
  }),
});
export type InsuranceVerification = z.infer<typeof InsuranceVerificationSchema>;
