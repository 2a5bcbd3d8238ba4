import type { Bike } from '@nbr/domain/bikes';
import { policyPremiumMinor, type Tariff } from '@nbr/domain/insurance';
import {
  holderDetailsSchemaOf,
  type OnboardingDraft,
  OnboardingDraftInputSchema,
} from '@nbr/domain/insurance-signup';
import { describe, expect, it } from 'vitest';
import { autofillOf, basketPremiumMinor, furthest, summaryOf, unregisteredBike } from './signup-shared.tsx';

const TARIFF: Tariff = {
  price_bands: [
    { max_price: 10_000, annual_premium_minor: 50_000 },
    { max_price: null, annual_premium_minor: 100_000 },
  ],
  category_surcharge_percent: { racer: 10, cargo: 50 },
  electric_surcharge_percent: 20,
};

function bike(overrides: Partial<Bike>): Bike {
  return {
    bike_id: '0191d3c4-0000-7000-8000-000000000001',
    nickname: 'Ladcyklen',
    price: null,
    category: null,
    is_electric: false,
    purchase_date: null,
    ...overrides,
  } as Bike;
}

describe('the basket', () => {
  it('autofills a registered bike from the register, and SPEC §9’s defaults where it knows nothing', () => {
    const today = new Date().toISOString().slice(0, 10);
    expect(autofillOf(bike({}))).toMatchObject({
      price: 15_000,
      category: 'racer',
      isElectric: false,
      purchaseDate: today,
      defaulted: true,
    });
    expect(
      autofillOf(bike({ price: 8_000, category: 'cargo', is_electric: true, purchase_date: '2025-04-01' })),
    ).toMatchObject({
      price: 8_000,
      category: 'cargo',
      isElectric: true,
      purchaseDate: '2025-04-01',
      defaulted: false,
    });
  });

  it('prices the basket as the API prices the application: named bikes by the tariff, the rest as the default bike', () => {
    const cargo = autofillOf(
      bike({ price: 8_000, category: 'cargo', is_electric: true, purchase_date: '2025-04-01' }),
    );
    const basket = [cargo, unregisteredBike(0), unregisteredBike(1)];
    const api = policyPremiumMinor(TARIFF, [{ price: 8_000, category: 'cargo', is_electric: true }], 3);
    expect(basketPremiumMinor(TARIFF, basket)).toBe(api);
    // 500 kr + 50 % + 20 %, and two 15,000 kr racers at 1,000 kr + 10 %.
    expect(api).toBe(85_000 + 2 * 110_000);
  });
});

describe('where the onboarding resumes', () => {
  const draft = (changes: Partial<OnboardingDraft>): OnboardingDraft => ({
    party_id: 'p',
    ...OnboardingDraftInputSchema.parse({}),
    saved_at: null,
    ...changes,
  });

  it('is the first incomplete step reached, else the last step reached', () => {
    expect(furthest(draft({}))).toBe('consent');
    expect(
      furthest(draft({ acknowledgement_privacy: true, unlocked_steps: ['consent', 'insurance-details'] })),
    ).toBe('insurance-details');
    // Everything filled up to the cover, the last step not reached yet: the cover step.
    expect(
      furthest(
        draft({
          acknowledgement_privacy: true,
          insurer_party_id: 'i',
          number_of_bikes: 1,
          insurance_coverage: 'bike_theft',
          unlocked_steps: ['consent', 'insurance-details', 'insurance-type'],
        }),
      ),
    ).toBe('insurance-type');
  });
});

describe('the checkout form’s summary', () => {
  const t = (key: string) => key;
  it('says something is missing only when a field was left out', () => {
    expect(summaryOf({ name: 'required', identitySocialNumber: 'invalid_cpr_date' }, t)).toEqual({
      title: 'common:messages.missingSomething',
      message: 'common:messages.fillInAllFields',
    });
  });

  it('names what is wrong with a well-formed CPR number whose date does not exist', () => {
    // 31 February 1990: ten digits in the right form, but no such day.
    const parsed = holderDetailsSchemaOf('dk', { nationalIdStored: true }).safeParse({
      identitySocialNumber: '310290-1234',
    });
    const issue = parsed.error?.issues.find((candidate) => candidate.path[0] === 'identitySocialNumber');
    expect(issue?.message).toBe('invalid_cpr_date');
    expect(summaryOf({ identitySocialNumber: issue?.message }, t)).toEqual({
      title: 'common:messages.somethingWrong',
      message: 'common:validation.invalid_cpr_date',
    });
  });
});
