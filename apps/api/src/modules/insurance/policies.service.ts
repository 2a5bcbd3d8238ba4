import {
  type InsuredItemStatus,
  isOpenPolicy,
  type Policy,
  type PolicyApplication,
  type PolicyBikeAdd,
  type PolicyBikesUpdate,
  type PolicyStatus,
  type PreRegisteredPolicyDetail,
  policyPremiumMinor,
  type Tariff,
} from '@nbr/domain/insurance';
import type { OnboardingDraftFields } from '@nbr/domain/insurance-signup';
import type { Executor } from '../../db/client.ts';
import { recordAuditEvent, recordAuditEventBy } from '../../platform/audit/audit.ts';
import type { RequestAuth } from '../../platform/auth/authenticate.ts';
import { AppError, AppErrorWithDetail, ValidationError } from '../../platform/errors.ts';
import { type IdempotencyClaim, keepAnswer } from '../../platform/http/idempotency.ts';
import { isUuid, uuidv7 } from '../../platform/ids.ts';
import * as identity from '../identity/identity.facade.ts';
import * as checkout from './checkout.repository.ts';
import type { InsuranceDeps } from './insurance.deps.ts';
import {
  canApply,
  canChangePolicy,
  type InsuranceViewer,
  type PolicyAudience,
  policyAudience,
} from './insurance.policy.ts';
import * as onboarding from './onboarding.repository.ts';
import { presentPolicy } from './policies.presenter.ts';
import * as repository from './policies.repository.ts';
import { type ItemSummary, missingOf } from './possession.presenter.ts';
import * as possession from './possession.repository.ts';
import * as preRegistrations from './pre-registrations.repository.ts';
import * as products from './products.repository.ts';

/*
 * Policies (issue 16 §1, SPEC §7): a person applies at an insurer for a cover it offers, with the
 * number of bikes and the registered bikes to insure now; the premium is the insurer's tariff. The
 * holder, the staff of that insurer and our backoffice staff see a policy, everyone else gets 404.
 */

/** The caller as the policy rules see them; the acting organisation is read only when there is one. */
export async function viewerOf(executor: Executor, auth: RequestAuth): Promise<InsuranceViewer> {
  return {
    partyId: auth.partyId,
    identityPartyId: auth.identityPartyId,
    staffRole: auth.staffRole,
    switchedBy: auth.switchedBy,
    actingOrganisation: await identity.findActingOrganisation(executor, auth),
  };
}

function fullName(person: identity.Person | null): string | null {
  const name = [person?.firstName, person?.lastName].filter(Boolean).join(' ');
  return name === '' ? null : name;
}

/** The summary of each insured item (for the policy answers); `requiredUploads` per item id. */
async function summariseItems(
  executor: Executor,
  items: ReadonlyArray<{ id: string; verificationStatus: string; requiredUploads: readonly string[] }>,
): Promise<Map<string, ItemSummary>> {
  const ids = items.map((item) => item.id);
  const [uploads, checks, details] = await Promise.all([
    possession.listUploadsOfItems(executor, ids),
    possession.findChecks(executor, ids),
    possession.findBikeDetailsOfItems(executor, ids),
  ]);
  const summaries = new Map<string, ItemSummary>();
  for (const item of items) {
    const status = item.verificationStatus as InsuredItemStatus;
    const missing = missingOf(
      status,
      item.requiredUploads,
      uploads.filter((upload) => upload.insuredItemId === item.id).map((upload) => upload.kind),
      details.get(item.id) ?? { category: null, type: null },
    );
    const check = checks.find((row) => row.insuredItemId === item.id);
    summaries.set(item.id, {
      missingUploads: missing.uploads,
      missingDetails: missing.details,
      rejectionReason: status === 'rejected' ? (check?.rejectionReason ?? null) : null,
    });
  }
  return summaries;
}

/** Policies as one audience sees them, with their insurers' names, bikes and (for others) holders. */
export async function presentPolicies(
  executor: Executor,
  rows: readonly repository.PolicyRow[],
  audience: PolicyAudience,
): Promise<Policy[]> {
  const items = await repository.listItemsOfPolicies(
    executor,
    rows.map((row) => row.id),
  );
  const names = await identity.partyNames(executor, [...new Set(rows.map((row) => row.insurerPartyId))]);
  const productsById = new Map<string, products.InsuranceProductRow>();
  for (const productId of new Set(rows.map((row) => row.productId))) {
    const product = await products.findProductById(executor, productId);
    if (product) productsById.set(productId, product);
  }
  const requiredUploads = new Map(
    [...productsById].map(([productId, product]) => [productId, product.requiredUploads]),
  );
  const productOfPolicy = new Map(rows.map((row) => [row.id, row.productId]));
  const possession = await summariseItems(
    executor,
    items.map((item) => ({
      id: item.id,
      verificationStatus: item.verificationStatus,
      requiredUploads: requiredUploads.get(productOfPolicy.get(item.policyId) ?? '') ?? [],
    })),
  );
  const holders = new Map<string, { name: string | null; email: string } | null>();
  if (audience !== 'holder') {
    const people = await identity.findPeopleByIds(executor, [
      ...new Set(rows.map((row) => row.holderPartyId)),
    ]);
    for (const [holderPartyId, person] of people) {
      holders.set(holderPartyId, { name: fullName(person), email: person.email });
    }
  }
  return rows.map((row) =>
    presentPolicy(
      row,
      {
        insurerName: names.get(row.insurerPartyId) ?? '',
        items: items.filter((item) => item.policyId === row.id),
        holder: holders.get(row.holderPartyId) ?? null,
        possession,
        product: {
          names: productsById.get(row.productId)?.names ?? { da: '', en: '', no: '' },
          terms: productsById.get(row.productId)?.terms ?? { da: '', en: '', no: '' },
        },
      },
      audience,
    ),
  );
}

/** One policy as one audience sees it. */
export async function presentPolicyTo(
  executor: Executor,
  row: repository.PolicyRow,
  audience: PolicyAudience,
): Promise<Policy> {
  const [policy] = await presentPolicies(executor, [row], audience);
  return policy!;
}

const wholeKroner = (priceMinor: number | null) =>
  priceMinor === null ? null : Math.floor(priceMinor / 100);

function premiumOf(
  tariff: Tariff,
  bikes: readonly repository.PricedBikeRow[],
  numberOfBikes: number,
): number {
  return policyPremiumMinor(
    tariff,
    bikes.map((bike) => ({
      price: wholeKroner(bike.priceMinor),
      category: bike.category,
      is_electric: bike.isElectric,
    })),
    numberOfBikes,
  );
}

/** GET /api/insurance/policies/: the caller's own policies, newest first. */
export async function listPolicies(deps: InsuranceDeps, auth: RequestAuth): Promise<Policy[]> {
  const rows = await repository.listPoliciesOfHolder(deps.db, auth.partyId);
  return presentPolicies(deps.db, rows, 'holder');
}

/**
 * POST /api/insurance/policies/: an application of the signed-in person. Someone the insurer
 * uploaded as its existing contents customer (by their confirmed address) who asks to buy the
 * bike-theft cover gets the 400 of SPEC §8 instead, whose detail (JSON) sends them to confirm their
 * contents cover (`contents_addon`) and link it with the pre-registration lookup.
 */
export async function applyForPolicy(
  deps: InsuranceDeps,
  auth: RequestAuth,
  application: PolicyApplication,
  /** The request's Idempotency-Key: the answer commits with the application. */
  idempotency: IdempotencyClaim | null,
  now = new Date(),
): Promise<Policy> {
  return deps.db.transaction(async (tx) => {
    if (!canApply(await viewerOf(tx, auth))) throw new AppError('forbidden');
    const insurer = await products.findInsurer(tx, application.insurer_party_id);
    if (!insurer) throw new ValidationError([{ loc: ['body', 'insurer_party_id'], type: 'insurer_unknown' }]);
    const person = await identity.findPersonById(tx, auth.identityPartyId);
    if (!person) throw new AppError('not_authenticated');
    if (person.emailVerifiedAt && application.coverage === 'bike_theft') {
      const preRegistered = await preRegistrations.findOpenPreRegistrationByEmail(
        tx,
        insurer.partyId,
        person.email.toLowerCase(),
      );
      if (preRegistered) {
        const detail: PreRegisteredPolicyDetail = {
          pre_registered_policy: preRegistered.insurerPolicyId,
          insurer_party_id: insurer.partyId,
        };
        throw new AppErrorWithDetail('pre_registered_policy', JSON.stringify(detail));
      }
    }
    const product = await products.findActiveProduct(tx, insurer.partyId, application.coverage);
    if (!product) throw new ValidationError([{ loc: ['body', 'coverage'], type: 'coverage_not_offered' }]);

    const bikes = await repository.lockOwnedBikes(tx, auth.partyId, application.bike_ids);
    const owned = new Set(bikes.map((bike) => bike.id));
    const insured = await repository.findOpenlyInsuredBikeIds(tx, application.bike_ids);
    const issues = application.bike_ids.flatMap((bikeId, index) =>
      !owned.has(bikeId)
        ? [{ loc: ['body', 'bike_ids', index], type: 'bike_not_owned' }]
        : insured.has(bikeId)
          ? [{ loc: ['body', 'bike_ids', index], type: 'bike_already_insured' }]
          : [],
    );
    if (issues.length > 0) throw new ValidationError(issues);

    const policyId = uuidv7(now.getTime());
    await repository.insertPolicy(tx, {
      id: policyId,
      insurerPartyId: insurer.partyId,
      holderPartyId: auth.partyId,
      productId: product.id,
      coverage: application.coverage,
      numberOfBikes: application.number_of_bikes,
      status: 'application',
      annualPremiumMinor: premiumOf(product.tariff as Tariff, bikes, application.number_of_bikes),
      currency: product.currency,
      createdAt: now,
      updatedAt: now,
    });
    // A bike is checked from the uploads the product asks for; with none asked, our staff check it as it is.
    const verificationStatus = product.requiredUploads.length > 0 ? 'needs_uploads' : 'pending';
    await repository.insertInsuredItems(
      tx,
      // Ids rise in the order the bikes were named, which is the order they are listed in.
      application.bike_ids.map((bikeId, index) => ({
        id: uuidv7(now.getTime() + index),
        policyId,
        bikeId,
        verificationStatus,
        createdAt: now,
        updatedAt: now,
      })),
    );
    const consents = await takeOnboardingDraft(
      tx,
      auth.partyId,
      { id: policyId, insurerPartyId: insurer.partyId },
      now,
    );
    await recordAuditEventBy(tx, auth, {
      action: 'insurance.policy_applied',
      targetPartyId: auth.partyId,
      details: {
        policy_id: policyId,
        insurer_party_id: insurer.partyId,
        coverage: application.coverage,
        number_of_bikes: application.number_of_bikes,
        bike_ids: application.bike_ids,
        // The onboarding's acknowledgements, kept to show what the person agreed to (insurance.md §6).
        ...(consents ? { consents } : {}),
      },
      now,
    });
    const row = await repository.findPolicyById(tx, policyId);
    return keepAnswer(tx, idempotency, await presentPolicyTo(tx, row!, 'holder'));
  });
}

/**
 * Finishing the onboarding (issue 16 §2): an application at the insurer the person's onboarding
 * draft names takes the draft's shipping address onto the policy (where the plates go; the holder
 * completes the checkout with national id and bank account later) and removes the draft. Answers
 * the draft's acknowledgements for the application's audit event.
 */
async function takeOnboardingDraft(
  executor: Executor,
  partyId: string,
  policy: { id: string; insurerPartyId: string },
  now: Date,
): Promise<Record<string, boolean | null> | null> {
  const draft = await onboarding.findDraft(executor, partyId, true);
  if (!draft) return null;
  const fields = draft.fields as Partial<OnboardingDraftFields>;
  if (fields.insurer_party_id !== policy.insurerPartyId) return null;
  const name = [fields.first_name, fields.last_name].filter(Boolean).join(' ');
  await checkout.upsertHolderDetails(executor, {
    policyId: policy.id,
    holderPartyId: partyId,
    name: name === '' ? null : name,
    email: fields.email ?? null,
    streetAddress: fields.street_address ?? null,
    city: fields.city ?? null,
    zipCode: fields.zip_code ?? null,
    floor: fields.floor ?? null,
    side: fields.side ?? null,
    door: fields.door ?? null,
    mobilePhone: fields.mobile ?? null,
    otherPhone: fields.telephone ?? null,
    createdAt: now,
    updatedAt: now,
  });
  await onboarding.deleteDraft(executor, partyId);
  return {
    privacy: fields.acknowledgement_privacy ?? null,
    data_share: fields.acknowledgement_data_share ?? null,
    ownership_transfer: fields.acknowledgement_ownership_transfer ?? null,
  };
}

/** GET /api/insurance/policies/{id}/: for its holder, its insurer's staff and our staff; 404 for anyone else. */
export async function getPolicy(deps: InsuranceDeps, auth: RequestAuth, policyId: string): Promise<Policy> {
  if (!isUuid(policyId)) throw new AppError('not_found');
  const row = await repository.findPolicyById(deps.db, policyId);
  if (!row) throw new AppError('not_found');
  const audience = policyAudience(await viewerOf(deps.db, auth), row);
  if (!audience) throw new AppError('not_found');
  if (audience === 'staff') {
    await recordAuditEvent(deps.db, {
      action: 'insurance.policy_viewed_by_staff',
      actorPartyId: auth.identityPartyId,
      targetPartyId: row.holderPartyId,
      sessionId: auth.sessionId,
      details: { policy_id: row.id },
    });
  }
  return presentPolicyTo(deps.db, row, audience);
}

/**
 * PATCH /api/insurance/policies/{id}/bikes/: the holder changes how many bikes the policy covers
 * while it is an application or active; never below the bikes already on it. The premium follows
 * the tariff of the policy's product.
 */
export async function updatePolicyBikes(
  deps: InsuranceDeps,
  auth: RequestAuth,
  policyId: string,
  update: PolicyBikesUpdate,
  now = new Date(),
): Promise<Policy> {
  if (!isUuid(policyId)) throw new AppError('not_found');
  return deps.db.transaction(async (tx) => {
    const row = await repository.findPolicyById(tx, policyId, true);
    if (!row || !canChangePolicy(await viewerOf(tx, auth), row)) throw new AppError('not_found');
    if (!isOpenPolicy(row.status as PolicyStatus)) throw new AppError('policy_not_editable');
    const bikes = await repository.listPricedBikesOfPolicy(tx, row.id);
    if (update.number_of_bikes < bikes.length) {
      throw new ValidationError([
        {
          loc: ['body', 'number_of_bikes'],
          type: 'insured_bikes_exceed_number',
          params: { minimum: bikes.length },
        },
      ]);
    }
    const product = await products.findProductById(tx, row.productId);
    await repository.updatePolicy(tx, row.id, {
      numberOfBikes: update.number_of_bikes,
      annualPremiumMinor: premiumOf(product!.tariff as Tariff, bikes, update.number_of_bikes),
      updatedAt: now,
    });
    await recordAuditEventBy(tx, auth, {
      action: 'insurance.policy_bikes_changed',
      targetPartyId: row.holderPartyId,
      details: { policy_id: row.id, from: row.numberOfBikes, to: update.number_of_bikes },
      now,
    });
    const updated = await repository.findPolicyById(tx, row.id);
    return presentPolicyTo(tx, updated!, 'holder');
  });
}

/**
 * POST /api/insurance/policies/{id}/insured-bikes: the holder puts one more of their registered
 * bikes on an open policy, within its number of bikes (raised first with PATCH …/bikes/ when it is
 * full). The named bike's premium replaces the default the tariff charged for an unnamed one. The
 * bike is locked before the policy, the register's lock order.
 */
export async function addBikeToPolicy(
  deps: InsuranceDeps,
  auth: RequestAuth,
  policyId: string,
  input: PolicyBikeAdd,
  now = new Date(),
): Promise<Policy> {
  if (!isUuid(policyId)) throw new AppError('not_found');
  return deps.db.transaction(async (tx) => {
    const [bike] = await repository.lockOwnedBikes(tx, auth.partyId, [input.bike_id]);
    const row = await repository.findPolicyById(tx, policyId, true);
    if (!row || !canChangePolicy(await viewerOf(tx, auth), row)) throw new AppError('not_found');
    if (!isOpenPolicy(row.status as PolicyStatus)) throw new AppError('policy_not_editable');
    if (!bike) throw new ValidationError([{ loc: ['body', 'bike_id'], type: 'bike_not_owned' }]);
    if ((await repository.findOpenlyInsuredBikeIds(tx, [bike.id])).size > 0) {
      throw new ValidationError([{ loc: ['body', 'bike_id'], type: 'bike_already_insured' }]);
    }
    const onPolicy = await repository.listPricedBikesOfPolicy(tx, row.id);
    if (onPolicy.length >= row.numberOfBikes) {
      throw new ValidationError([
        {
          loc: ['body', 'bike_id'],
          type: 'insured_bikes_exceed_number',
          params: { minimum: onPolicy.length + 1 },
        },
      ]);
    }
    const product = await products.findProductById(tx, row.productId);
    await repository.insertInsuredItems(tx, [
      {
        id: uuidv7(now.getTime()),
        policyId: row.id,
        bikeId: bike.id,
        verificationStatus: (product?.requiredUploads.length ?? 0) > 0 ? 'needs_uploads' : 'pending',
        createdAt: now,
        updatedAt: now,
      },
    ]);
    await repository.updatePolicy(tx, row.id, {
      annualPremiumMinor: premiumOf(product!.tariff as Tariff, [...onPolicy, bike], row.numberOfBikes),
      updatedAt: now,
    });
    await recordAuditEventBy(tx, auth, {
      action: 'insurance.policy_bike_added',
      targetPartyId: row.holderPartyId,
      details: { policy_id: row.id, bike_id: bike.id },
      now,
    });
    const updated = await repository.findPolicyById(tx, row.id);
    return presentPolicyTo(tx, updated!, 'holder');
  });
}
