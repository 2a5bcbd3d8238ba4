import { describe, expect, it } from 'vitest';
import {
  applicableSteps,
  bikePremiumMinor,
  canApproveSteps,
  DEFAULT_INSURED_BIKE,
  InsuranceVerificationRejectSchema,
  isPossessionEditable,
  missingUploads,
  PolicyApplicationSchema,
  PolicyBikesUpdateSchema,
  PossessionUploadInputSchema,
  PreRegistrationRowSchema,
  policyPremiumMinor,
  type Tariff,
  TariffSchema,
  VerificationStepsUpdateSchema,
} from './insurance.ts';

const TARIFF: Tariff = {
  price_bands: [
    { max_price: 10_000, annual_premium_minor: 50_000 },
    { max_price: 20_000, annual_premium_minor: 100_000 },
    { max_price: null, annual_premium_minor: 200_000 },
  ],
  category_surcharge_percent: { cargo: 50, racer: 10 },
  electric_surcharge_percent: 20,
};

const INSURER = '019ac15e-0000-7000-8000-000000000001';
const BIKE = '019ac15e-0000-7000-8000-000000000002';

function messages(result: {
  success: boolean;
  error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
}) {
  return result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];
}

describe('the tariff', () => {
  it('prices a bike by its price band, upper bounds inclusive', () => {
    const city = { category: 'city', is_electric: false };
    expect(bikePremiumMinor(TARIFF, { ...city, price: 10_000 })).toBe(50_000);
    expect(bikePremiumMinor(TARIFF, { ...city, price: 10_001 })).toBe(100_000);
    expect(bikePremiumMinor(TARIFF, { ...city, price: 20_000 })).toBe(100_000);
    expect(bikePremiumMinor(TARIFF, { ...city, price: 250_000 })).toBe(200_000);
  });

  it('adds the surcharges of the bike type and of electric, rounded down to whole kroner', () => {
    expect(bikePremiumMinor(TARIFF, { price: 15_000, category: 'cargo', is_electric: true })).toBe(170_000);
    expect(bikePremiumMinor(TARIFF, { price: 5_000, category: 'racer', is_electric: false })).toBe(55_000);
    const odd: Tariff = { ...TARIFF, price_bands: [{ max_price: null, annual_premium_minor: 33_300 }] };
    // 333 kr + 10 % = 366.30 kr: the premium is whole kroner.
    expect(bikePremiumMinor(odd, { price: 1, category: 'racer', is_electric: false })).toBe(36_600);
  });

  it('prices what the register does not know as SPEC §9’s default bike (15000, racer, not electric)', () => {
    const unknown = bikePremiumMinor(TARIFF, { price: null, category: null, is_electric: null });
    expect(unknown).toBe(bikePremiumMinor(TARIFF, DEFAULT_INSURED_BIKE));
    expect(unknown).toBe(110_000);
  });

  it('prices a policy: its named bikes, and each bike not named yet as the default bike', () => {
    const named = [{ price: 8_000, category: 'city', is_electric: false }];
    expect(policyPremiumMinor(TARIFF, named, 1)).toBe(50_000);
    expect(policyPremiumMinor(TARIFF, named, 3)).toBe(50_000 + 2 * 110_000);
    expect(policyPremiumMinor(TARIFF, [], 2)).toBe(220_000);
  });

  it('accepts only bands in rising order whose last has no upper bound, and whole kroner', () => {
    expect(TariffSchema.safeParse(TARIFF).success).toBe(true);
    const bands = (price_bands: Tariff['price_bands']) =>
      TariffSchema.safeParse({ ...TARIFF, price_bands }).success;
    expect(bands([{ max_price: 10_000, annual_premium_minor: 100 }])).toBe(false);
    expect(
      bands([
        { max_price: 20_000, annual_premium_minor: 100 },
        { max_price: 10_000, annual_premium_minor: 100 },
        { max_price: null, annual_premium_minor: 100 },
      ]),
    ).toBe(false);
    expect(
      bands([
        { max_price: null, annual_premium_minor: 100 },
        { max_price: 10_000, annual_premium_minor: 100 },
      ]),
    ).toBe(false);
    expect(bands([{ max_price: null, annual_premium_minor: 150 }])).toBe(false);
    expect(bands([])).toBe(false);
  });
});

describe('PolicyApplicationSchema', () => {
  it('takes an insurer, a cover, a number of bikes and optionally the bikes', () => {
    const parsed = PolicyApplicationSchema.parse({
      insurer_party_id: INSURER,
      coverage: 'bike_theft',
      number_of_bikes: 2,
    });
    expect(parsed.bike_ids).toEqual([]);
  });

  it('answers validation codes: required, unknown insurer, 1 to 10 bikes, no more bikes than that', () => {
    expect(messages(PolicyApplicationSchema.safeParse({}))).toEqual([
      ['insurer_party_id', 'required'],
      ['coverage', 'required'],
      ['number_of_bikes', 'required'],
    ]);
    expect(
      messages(
        PolicyApplicationSchema.safeParse({
          insurer_party_id: 'tryg',
          coverage: 'everything',
          number_of_bikes: 11,
        }),
      ),
    ).toEqual([
      ['insurer_party_id', 'insurer_unknown'],
      ['coverage', 'invalid_value'],
      ['number_of_bikes', 'invalid_number_of_bikes'],
    ]);
    expect(
      messages(
        PolicyApplicationSchema.safeParse({
          insurer_party_id: INSURER,
          coverage: 'contents_addon',
          number_of_bikes: 1,
          bike_ids: [BIKE, '019ac15e-0000-7000-8000-000000000003'],
        }),
      ),
    ).toEqual([['bike_ids', 'insured_bikes_exceed_number']]);
    expect(
      messages(
        PolicyApplicationSchema.safeParse({
          insurer_party_id: INSURER,
          coverage: 'contents_addon',
          number_of_bikes: 2,
          bike_ids: [BIKE, BIKE],
        }),
      ),
    ).toEqual([['bike_ids', 'invalid_value']]);
    expect(PolicyBikesUpdateSchema.safeParse({ number_of_bikes: 0 }).success).toBe(false);
    expect(PolicyBikesUpdateSchema.safeParse({ number_of_bikes: 1.5 }).success).toBe(false);
    expect(PolicyBikesUpdateSchema.safeParse({ number_of_bikes: 10 }).success).toBe(true);
  });

  it('refuses fields it does not know', () => {
    const result = PolicyApplicationSchema.safeParse({
      insurer_party_id: INSURER,
      coverage: 'bike_theft',
      number_of_bikes: 1,
      premium: 0,
    });
    expect(result.success).toBe(false);
  });
});

describe('PreRegistrationRowSchema', () => {
  it('keeps the address in lower case and the insurer’s policy id trimmed', () => {
    expect(
      PreRegistrationRowSchema.parse({ insurer_policy_id: ' P-1 ', holder_email: 'Ida@Example.DK ' }),
    ).toEqual({ insurer_policy_id: 'P-1', holder_email: 'ida@example.dk' });
    expect(PreRegistrationRowSchema.safeParse({ insurer_policy_id: '', holder_email: 'x' }).success).toBe(
      false,
    );
  });
});

describe('proof of possession (issue 16 §2)', () => {
  it('lists the required uploads not yet given, in the product’s order', () => {
    expect(missingUploads(['lock_proof', 'frame_number', 'receipt'], [])).toEqual([
      'frame_number',
      'receipt',
      'lock_proof',
    ]);
    expect(missingUploads(['frame_number', 'receipt'], ['receipt', 'main_image'])).toEqual(['frame_number']);
    expect(missingUploads([], ['receipt'])).toEqual([]);
  });

  it('may be changed before it is sent and after it was sent back, not while pending or once verified', () => {
    expect(isPossessionEditable('needs_uploads')).toBe(true);
    expect(isPossessionEditable('rejected')).toBe(true);
    expect(isPossessionEditable('pending')).toBe(false);
    expect(isPossessionEditable('verified')).toBe(false);
  });

  it('takes a known kind and a file id, nothing else', () => {
    const fileId = '0190a6a4-0000-7000-8000-000000000001';
    expect(PossessionUploadInputSchema.safeParse({ kind: 'receipt', file_id: fileId }).success).toBe(true);
    expect(PossessionUploadInputSchema.safeParse({ kind: 'selfie', file_id: fileId }).success).toBe(false);
    expect(PossessionUploadInputSchema.safeParse({ kind: 'receipt', file_id: 'x' }).success).toBe(false);
    expect(
      PossessionUploadInputSchema.safeParse({ kind: 'receipt', file_id: fileId, extra: 1 }).success,
    ).toBe(false);
  });
});

describe('our staff’s check (issue 16 §5)', () => {
  it('applies the frame number and receipt steps when the product asks for them, the plate when there is one', () => {
    expect(applicableSteps(['frame_number', 'receipt', 'lock_proof'], false)).toEqual([
      'frame_number',
      'receipt',
    ]);
    expect(applicableSteps(['receipt'], true)).toEqual(['plate', 'receipt']);
    expect(applicableSteps([], false)).toEqual([]);
  });

  it('approves only when every applicable step is confirmed', () => {
    const steps = { frame_number: true, plate: null, receipt: true };
    expect(canApproveSteps(steps, ['frame_number', 'receipt'])).toBe(true);
    expect(canApproveSteps(steps, ['frame_number', 'plate', 'receipt'])).toBe(false);
    expect(canApproveSteps({ ...steps, receipt: false }, ['frame_number', 'receipt'])).toBe(false);
    expect(canApproveSteps({ frame_number: null, plate: null, receipt: null }, [])).toBe(true);
  });

  it('decides steps with true, false or null only, and needs a reason to send back', () => {
    expect(VerificationStepsUpdateSchema.safeParse({ plate: null, receipt: false }).success).toBe(true);
    expect(VerificationStepsUpdateSchema.safeParse({ plate: 'yes' }).success).toBe(false);
    expect(VerificationStepsUpdateSchema.safeParse({ colour: true }).success).toBe(false);
    expect(InsuranceVerificationRejectSchema.safeParse({ reason: '   ' }).success).toBe(false);
    expect(InsuranceVerificationRejectSchema.parse({ reason: ' Uskarpt billede ' }).reason).toBe(
      'Uskarpt billede',
    );
  });
});
