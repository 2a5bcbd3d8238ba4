import {
  type InsuranceOffer,
  ONBOARDING_CONSENTS,
  ONBOARDING_STEPS,
  type OnboardingDraft,
  type OnboardingDraftFields,
} from '@nbr/domain/insurance-signup';
import { RegionSchema } from '@nbr/domain/locale';
import type { Executor } from '../../db/client.ts';
import type { RequestAuth } from '../../platform/auth/authenticate.ts';
import { AppError, ValidationError } from '../../platform/errors.ts';
import * as identity from '../identity/identity.facade.ts';
import type { InsuranceDeps } from './insurance.deps.ts';
import { canApply } from './insurance.policy.ts';
import * as repository from './onboarding.repository.ts';
import { viewerOf } from './policies.service.ts';
import * as products from './products.repository.ts';

/*
 * The insurance onboarding draft (issue 16 §2, SPEC §3): one per person, saved as the wizard goes
 * (consent → insurance-details → insurance-type → shipping-info), so nothing typed is lost on a
 * reload or on another device. Applying for the policy (POST /api/insurance/policies/) takes the
 * draft's shipping address onto the policy and removes the draft (policies.service.ts). Only a
 * person acting as themselves has one: not an organisation, not an insurer's staff.
 */

const EMPTY_FIELDS: OnboardingDraftFields = {
  acknowledgement_privacy: null,
  acknowledgement_data_share: null,
  acknowledgement_ownership_transfer: null,
  insurer_party_id: null,
  number_of_bikes: null,
  bike_ids: [],
  insurance_coverage: null,
  first_name: null,
  last_name: null,
  email: null,
  street_address: null,
  city: null,
  zip_code: null,
  mobile: null,
  telephone: null,
  floor: null,
  side: null,
  door: null,
  unlocked_steps: ['consent'],
};

function presentDraft(partyId: string, fields: OnboardingDraftFields, savedAt: Date | null): OnboardingDraft {
  return { party_id: partyId, ...EMPTY_FIELDS, ...fields, saved_at: savedAt?.toISOString() ?? null };
}

async function requireApplicant(executor: Executor, auth: RequestAuth): Promise<void> {
  if (!canApply(await viewerOf(executor, auth))) throw new AppError('forbidden');
}

/** The stored fields of a draft row (validated when saved). */
export function fieldsOf(row: repository.OnboardingDraftRow): OnboardingDraftFields {
  return { ...EMPTY_FIELDS, ...(row.fields as Partial<OnboardingDraftFields>) };
}

/**
 * GET /api/insurance/onboarding-draft: the saved draft, or one pre-filled with the person's name,
 * address and phones from their profile (saved_at null; nothing is written).
 */
export async function getOnboardingDraft(deps: InsuranceDeps, auth: RequestAuth): Promise<OnboardingDraft> {
  await requireApplicant(deps.db, auth);
  const row = await repository.findDraft(deps.db, auth.partyId);
  if (row) return presentDraft(auth.partyId, fieldsOf(row), row.updatedAt);
  const person = await identity.findPersonById(deps.db, auth.identityPartyId);
  return presentDraft(
    auth.partyId,
    {
      ...EMPTY_FIELDS,
      first_name: person?.firstName ?? null,
      last_name: person?.lastName ?? null,
      email: person?.email ?? null,
      street_address: person?.streetAddress ?? null,
      city: person?.city ?? null,
      zip_code: person?.zipCode ?? null,
      mobile: person?.mobile ?? null,
      telephone: person?.phone ?? null,
      floor: person?.floor ?? null,
      side: person?.side ?? null,
      door: person?.door ?? null,
    },
    null,
  );
}

/** PUT /api/insurance/onboarding-draft: saves the whole draft as the wizard holds it. */
export async function saveOnboardingDraft(
  deps: InsuranceDeps,
  auth: RequestAuth,
  fields: OnboardingDraftFields,
  now = new Date(),
): Promise<OnboardingDraft> {
  return deps.db.transaction(async (tx) => {
    await requireApplicant(tx, auth);
    if (fields.insurer_party_id !== null && !(await products.findInsurer(tx, fields.insurer_party_id))) {
      throw new ValidationError([{ loc: ['body', 'insurer_party_id'], type: 'insurer_unknown' }]);
    }
    const before = await repository.findDraft(tx, auth.partyId);
    // A step once unlocked stays unlocked: the wizard saves as the person types, and such a save sent
    // before "next" but answered after it must not lock the step the person just moved on to (the
    // wizard would send them a step back, as e2e insurance-signup once saw under load).
    const unlocked = new Set([...(before ? fieldsOf(before).unlocked_steps : []), ...fields.unlocked_steps]);
    const merged = { ...fields, unlocked_steps: ONBOARDING_STEPS.filter((step) => unlocked.has(step)) };
    const row = await repository.upsertDraft(tx, auth.partyId, merged, now);
    await logConsents(tx, auth.partyId, before ? fieldsOf(before) : EMPTY_FIELDS, merged, now);
    return presentDraft(auth.partyId, fieldsOf(row), row.updatedAt);
  });
}

/** Each onboarding consent that changed between two states of the draft, logged as granted or revoked. */
async function logConsents(
  executor: Executor,
  partyId: string,
  before: OnboardingDraftFields,
  after: OnboardingDraftFields,
  now: Date,
): Promise<void> {
  const events = Object.entries(ONBOARDING_CONSENTS).flatMap(([field, type]) => {
    const was = before[field as keyof typeof ONBOARDING_CONSENTS] === true;
    const is = after[field as keyof typeof ONBOARDING_CONSENTS] === true;
    if (was === is) return [];
    return [
      {
        partyId,
        type,
        action: is ? ('grant' as const) : ('revoke' as const),
        source: 'user',
        createdAt: now,
      },
    ];
  });
  await identity.recordConsentEvents(executor, events);
}

/**
 * DELETE /api/insurance/onboarding-draft: the person starts over, or withdraws the consents they
 * gave in the onboarding (/insurance shows them with a "withdraw" action): the draft is deleted and
 * each consent it held is logged as revoked. None left either way.
 */
export async function deleteOnboardingDraft(deps: InsuranceDeps, auth: RequestAuth): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await requireApplicant(tx, auth);
    const draft = await repository.findDraft(tx, auth.partyId);
    if (!draft) return;
    await repository.deleteDraft(tx, auth.partyId);
    await logConsents(tx, auth.partyId, fieldsOf(draft), EMPTY_FIELDS, new Date());
  });
}

/** GET /api/insurance/products?region=: the covers the insurers offer now, with their tariffs. */
export async function listOffers(deps: InsuranceDeps, region: string | undefined): Promise<InsuranceOffer[]> {
  const rows = await repository.listActiveOffers(deps.db, region ?? null);
  return rows.map(({ product, insurerName }) => ({
    id: product.id,
    insurer: { party_id: product.insurerPartyId, name: insurerName },
    region: RegionSchema.parse(product.region),
    cover_kind: product.coverKind as InsuranceOffer['cover_kind'],
    names: product.names,
    terms: product.terms,
    currency: product.currency as InsuranceOffer['currency'],
    tariff: product.tariff,
    accepted_locks: product.acceptedLocks,
    required_uploads: product.requiredUploads,
  }));
}
