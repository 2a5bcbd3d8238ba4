import { z } from 'zod';
import { bankAccountFieldsSchemaOf } from './bank-account.ts';
import { draftFlag, draftOptional, draftText } from './draft-fields.ts';
import { EmailSchema, PhoneSchema, ZipCodeSchema } from './identity.ts';
import { CoverKindSchema, MAX_BIKES_PER_POLICY, MoneySchema } from './insurance.ts';
import type { Region } from './locale.ts';
import { nationalIdSchemaOf } from './national-id.ts';

/*
 * A person signing up for insurance (issue 16 §2): the onboarding draft the wizard keeps on the
 * server as the person goes (SPEC §3 "Insurance onboarding draft"), the insurers' covers to choose
 * from, and the holder's checkout details of a policy (SPEC §3 "Insurance purchase" checkout).
 *
 * The draft never holds a national id number or a bank account: those are typed only at checkout,
 * where the national id is encrypted at rest and answered masked.
 */

/** The wizard's steps in order (SPEC §2: /insurance/onboarding/{step}). */
export const ONBOARDING_STEPS = ['consent', 'insurance-details', 'insurance-type', 'shipping-info'] as const;
export const OnboardingStepSchema = z.enum(ONBOARDING_STEPS);
export type OnboardingStep = z.infer<typeof OnboardingStepSchema>;

const text = (max: number) => draftText(max, 'invalid_value');
const optionalOf = draftOptional;
const flag = draftFlag;

/**
 * PUT /api/insurance/onboarding-draft — the whole draft as the wizard holds it; empty means not
 * filled. The person's party is the caller's, so the draft takes no party_id.
 */
export const OnboardingDraftInputSchema = z
  .object({
    // consent
    acknowledgement_privacy: flag,
    acknowledgement_data_share: flag,
    acknowledgement_ownership_transfer: flag,
    // insurance-details: where and what to insure
    insurer_party_id: optionalOf(z.uuid({ error: 'insurer_unknown' })),
    number_of_bikes: optionalOf(
      z
        .int({ error: 'invalid_number_of_bikes' })
        .min(1, { error: 'invalid_number_of_bikes' })
        .max(MAX_BIKES_PER_POLICY, { error: 'invalid_number_of_bikes' }),
    ),
    /** Registered bikes of the person to insure now. */
    bike_ids: z
      .array(z.uuid({ error: 'invalid_value' }))
      .max(MAX_BIKES_PER_POLICY, { error: 'insured_bikes_exceed_number' })
      .optional()
      .transform((ids) => [...new Set(ids ?? [])]),
    // insurance-type
    insurance_coverage: optionalOf(CoverKindSchema),
    // shipping-info: where the plates for the insured bikes go
    first_name: text(100),
    last_name: text(100),
    email: optionalOf(EmailSchema),
    street_address: text(200),
    city: text(100),
    zip_code: optionalOf(ZipCodeSchema),
    mobile: optionalOf(PhoneSchema),
    telephone: optionalOf(PhoneSchema),
    floor: text(20),
    side: text(20),
    door: text(20),
    // wizard state
    unlocked_steps: z
      .array(OnboardingStepSchema)
      .max(ONBOARDING_STEPS.length)
      .optional()
      .transform((steps) => [...new Set<OnboardingStep>(['consent', ...(steps ?? [])])]),
  })
  .strict()
  .superRefine((draft, context) => {
    if (draft.number_of_bikes !== null && draft.bike_ids.length > draft.number_of_bikes) {
      context.addIssue({ code: 'custom', path: ['bike_ids'], message: 'insured_bikes_exceed_number' });
    }
  });
export type OnboardingDraftInput = z.input<typeof OnboardingDraftInputSchema>;
export type OnboardingDraftFields = z.output<typeof OnboardingDraftInputSchema>;

/** The draft as answered (GET and PUT): the fields plus what only the server knows. */
export const OnboardingDraftSchema = z.object({
  party_id: z.string(),
  acknowledgement_privacy: z.boolean().nullable(),
  acknowledgement_data_share: z.boolean().nullable(),
  acknowledgement_ownership_transfer: z.boolean().nullable(),
  insurer_party_id: z.string().nullable(),
  number_of_bikes: z.int().nullable(),
  bike_ids: z.array(z.string()),
  insurance_coverage: CoverKindSchema.nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  email: z.string().nullable(),
  street_address: z.string().nullable(),
  city: z.string().nullable(),
  zip_code: z.string().nullable(),
  mobile: z.string().nullable(),
  telephone: z.string().nullable(),
  floor: z.string().nullable(),
  side: z.string().nullable(),
  door: z.string().nullable(),
  unlocked_steps: z.array(OnboardingStepSchema),
  /** When the server last saved it; null for a draft not saved yet (pre-filled from the profile). */
  saved_at: z.string().nullable(),
});
export type OnboardingDraft = z.infer<typeof OnboardingDraftSchema>;

/**
 * The consents of the onboarding's consent step, as the person's consent history (consent_events)
 * names them: each given (true) is logged as granted, and taking it back, or withdrawing them all
 * by throwing the draft away (DELETE …/onboarding-draft), as revoked.
 */
export const ONBOARDING_CONSENTS = {
  acknowledgement_privacy: 'insurance_privacy',
  acknowledgement_data_share: 'insurance_data_share',
  acknowledgement_ownership_transfer: 'insurance_ownership_transfer',
} as const;
export const ONBOARDING_CONSENT_TYPES = Object.values(ONBOARDING_CONSENTS);

/** What each step needs before the next one opens (acknowledgement_privacy must be true). */
export const ONBOARDING_STEP_FIELDS = {
  consent: ['acknowledgement_privacy'],
  'insurance-details': ['insurer_party_id', 'number_of_bikes'],
  'insurance-type': ['insurance_coverage'],
  'shipping-info': ['first_name', 'last_name', 'email', 'street_address', 'city', 'zip_code', 'mobile'],
} as const satisfies Record<OnboardingStep, readonly (keyof OnboardingDraft)[]>;

/** The fields a step still misses; the consent step counts a refused privacy acknowledgement as missing. */
export function missingOnboardingFields(draft: OnboardingDraft, step: OnboardingStep): string[] {
  return ONBOARDING_STEP_FIELDS[step].filter((field) => {
    const value = draft[field];
    if (field === 'acknowledgement_privacy') return value !== true;
    return value === null || value === '';
  });
}

/** The first step with something missing, or null when the draft can become an application. */
export function firstIncompleteStep(draft: OnboardingDraft): OnboardingStep | null {
  return ONBOARDING_STEPS.find((step) => missingOnboardingFields(draft, step).length > 0) ?? null;
}

// --- the covers to choose from -------------------------------------------------------------------

/** GET /api/insurance/products?region= — the active covers of the insurers of a region. */
export const ProductListQuerySchema = z.object({ region: z.enum(['dk', 'no']).optional() });

export const InsuranceOfferSchema = z.object({
  id: z.string(),
  insurer: z.object({ party_id: z.string(), name: z.string() }),
  region: z.enum(['dk', 'no']),
  cover_kind: CoverKindSchema,
  names: z.object({ da: z.string(), en: z.string(), no: z.string() }),
  terms: z.object({ da: z.string(), en: z.string(), no: z.string() }),
  currency: MoneySchema.shape.currency,
  /** The tariff as data, so the web app prices the basket live with bikePremiumMinor. */
  tariff: z.object({
    price_bands: z.array(z.object({ max_price: z.int().nullable(), annual_premium_minor: z.int() })),
    category_surcharge_percent: z.record(z.string(), z.int()),
    electric_surcharge_percent: z.int(),
  }),
  accepted_locks: z.array(z.string()),
  required_uploads: z.array(z.string()),
});
export type InsuranceOffer = z.infer<typeof InsuranceOfferSchema>;
export const InsuranceOfferListSchema = z.array(InsuranceOfferSchema);

// --- the holder's checkout details ---------------------------------------------------------------

/**
 * PUT /api/insurance/policies/{id}/holder-details — the checkout fields of SPEC §3 as typed (named
 * as SPEC names them). The route takes them as strings; the service checks them against the
 * insurer's region with `holderDetailsSchemaOf` (a CPR number in dk, a fødselsnummer or D-number
 * in no; the bank account of that country).
 */
export const HolderDetailsBodySchema = z
  .object({
    name: z.string(),
    email: z.string(),
    /** Left out (or empty) to keep the number stored before: the holder never gets it back to resend. */
    identitySocialNumber: z.string().nullable().optional(),
    streetAddress: z.string(),
    city: z.string(),
    zipCode: z.string(),
    floor: z.string().nullable().optional(),
    side: z.string().nullable().optional(),
    door: z.string().nullable().optional(),
    mobilePhone: z.string(),
    otherPhone: z.string().nullable().optional(),
    bankRegister: z.string().nullable().optional(),
    bankAccount: z.string(),
  })
  .strict();
export type HolderDetailsBody = z.input<typeof HolderDetailsBodySchema>;

const requiredText = (max: number) =>
  z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(max, { error: 'too_long' });

/**
 * The checkout fields of a region's policy, checked and normalised. With `nationalIdStored`, an
 * empty national id keeps the stored one (answered as null here).
 */
export function holderDetailsSchemaOf(region: Region, options: { nationalIdStored?: boolean } = {}) {
  const nationalId = nationalIdSchemaOf(region);
  return z
    .object({
      name: requiredText(200),
      email: EmailSchema,
      identitySocialNumber: options.nationalIdStored
        ? z.preprocess((value) => (value === '' || value === undefined ? null : value), nationalId.nullable())
        : z.preprocess((value) => value ?? undefined, nationalId),
      streetAddress: requiredText(200),
      city: requiredText(100),
      zipCode: ZipCodeSchema,
      floor: text(20),
      side: text(20),
      door: text(20),
      mobilePhone: PhoneSchema,
      otherPhone: optionalOf(PhoneSchema),
      bankRegister: z.string().nullable().optional(),
      bankAccount: z.string({ error: 'required' }),
    })
    .transform((value, context) => {
      const bank = bankAccountFieldsSchemaOf(region).safeParse({
        bankRegister: value.bankRegister,
        bankAccount: value.bankAccount,
      });
      if (!bank.success) {
        for (const issue of bank.error.issues) {
          context.addIssue({ code: 'custom', path: issue.path, message: issue.message });
        }
        return z.NEVER;
      }
      return { ...value, ...bank.data };
    });
}
export type HolderDetailsFields = z.output<ReturnType<typeof holderDetailsSchemaOf>>;

/**
 * The holder's details as answered. The national id number is masked (last 4 digits) except in the
 * answer of an explicit, audited reveal by the insurer's staff or ours; null when not given yet.
 * `completed_at` is null while only the onboarding's shipping address is known.
 */
export const HolderDetailsSchema = z.object({
  policy_id: z.string(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  identitySocialNumber: z.string().nullable(),
  national_id_revealed: z.boolean(),
  streetAddress: z.string().nullable(),
  city: z.string().nullable(),
  zipCode: z.string().nullable(),
  floor: z.string().nullable(),
  side: z.string().nullable(),
  door: z.string().nullable(),
  mobilePhone: z.string().nullable(),
  otherPhone: z.string().nullable(),
  bankRegister: z.string().nullable(),
  bankAccount: z.string().nullable(),
  /** The order of the plates for the insured bikes, shipped to this address (placed at the first checkout). */
  plate_order_id: z.string().nullable(),
  completed_at: z.string().nullable(),
  updated_at: z.string(),
});
export type HolderDetails = z.infer<typeof HolderDetailsSchema>;

/**
 * POST …/holder-details/national-id-reveal: the insurer's staff or ours ask for the number in full,
 * saying why (kept in the audit event).
 */
export const NationalIdRevealSchema = z
  .object({
    reason: z
      .string({ error: 'required' })
      .trim()
      .min(1, { error: 'required' })
      .max(500, { error: 'invalid_value' }),
  })
  .strict();
export type NationalIdReveal = z.infer<typeof NationalIdRevealSchema>;
