import { isOpenPolicy, type PolicyStatus } from '@nbr/domain/insurance';
import {
  type HolderDetails,
  type HolderDetailsBody,
  type HolderDetailsFields,
  holderDetailsSchemaOf,
  type NationalIdReveal,
} from '@nbr/domain/insurance-signup';
import { LanguageSchema, RegionSchema } from '@nbr/domain/locale';
import { maskNationalId } from '@nbr/domain/national-id';
import { NATIONAL_ID_REVEALS_PER_DAY } from '@nbr/domain/sensitive-reads';
import type { Executor } from '../../db/client.ts';
import { recordAuditEventBy } from '../../platform/audit/audit.ts';
import { queueReadBudgetMails, takeReadBudget } from '../../platform/audit/read-budget.ts';
import type { RequestAuth } from '../../platform/auth/authenticate.ts';
import { AppError, ValidationError } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import * as identity from '../identity/identity.facade.ts';
import * as webshop from '../webshop/webshop.facade.ts';
import { presentHolderDetails } from './checkout.presenter.ts';
import * as repository from './checkout.repository.ts';
import type { InsuranceDeps } from './insurance.deps.ts';
import { canChangePolicy, type PolicyAudience, policyAudience } from './insurance.policy.ts';
import * as insurerAdmin from './insurer-admin.repository.ts';
import * as policies from './policies.repository.ts';
import { viewerOf } from './policies.service.ts';
import * as products from './products.repository.ts';

/*
 * The holder's checkout details of a policy (issue 16 §2, SPEC §3 insurance purchase checkout):
 * name, address, phones, national id number and bank account. Only the holder writes them, while
 * the policy is an application or active. The national id number is checked by the insurer's region
 * (a CPR number in dk, a fødselsnummer or D-number in no), sealed with the platform's field
 * encryption and answered masked; the staff of the policy's insurer and our staff get it in full
 * only by asking explicitly with a reason (national-id-reveal), and every read of theirs is audited.
 */

/** What the holder's checkout form starts from before anything is stored: their profile. */
async function prefilled(
  executor: Executor,
  auth: RequestAuth,
  policy: policies.PolicyRow,
): Promise<HolderDetails> {
  const person = await identity.findPersonById(executor, auth.identityPartyId);
  const name = [person?.firstName, person?.lastName].filter(Boolean).join(' ');
  return {
    policy_id: policy.id,
    name: name === '' ? null : name,
    email: person?.email ?? null,
    identitySocialNumber: null,
    national_id_revealed: false,
    streetAddress: person?.streetAddress ?? null,
    city: person?.city ?? null,
    zipCode: person?.zipCode ?? null,
    floor: person?.floor ?? null,
    side: person?.side ?? null,
    door: person?.door ?? null,
    mobilePhone: person?.mobile ?? null,
    otherPhone: person?.phone ?? null,
    bankRegister: null,
    bankAccount: null,
    plate_order_id: null,
    completed_at: null,
    updated_at: policy.updatedAt.toISOString(),
  };
}

/**
 * GET /api/insurance/policies/{id}/holder-details: to the holder (national id masked; pre-filled
 * from their profile while nothing is stored), to the staff of the policy's insurer and to our
 * staff (masked; each read audited). Anyone else, or the insurer before the holder gave anything,
 * gets 404.
 */
export async function getHolderDetails(
  deps: InsuranceDeps,
  auth: RequestAuth,
  policyId: string,
): Promise<HolderDetails> {
  const { policy, audience } = await policyFor(deps, auth, policyId);
  if (audience === 'holder') {
    const row = await repository.findHolderDetails(deps.db, policy.id);
    return row ? presentHolderDetails(row, deps.encryption, 'masked') : prefilled(deps.db, auth, policy);
  }
  return deps.db.transaction(async (tx) => {
    const row = await repository.findHolderDetails(tx, policy.id);
    if (!row) throw new AppError('not_found');
    await recordAuditEventBy(tx, auth, {
      action: 'insurance.holder_details_viewed',
      targetPartyId: policy.holderPartyId,
      details: {
        policy_id: policy.id,
        as: audience,
        // The holder's access log names the insurer that looked (issue 17 §3).
        ...(audience === 'insurer' ? { organisation_party_id: policy.insurerPartyId } : {}),
      },
    });
    return presentHolderDetails(row, deps.encryption, 'masked');
  });
}

/**
 * POST /api/insurance/policies/{id}/holder-details/national-id-reveal: the staff of the policy's
 * insurer, or ours, get the holder's national id number in full on an explicit ask with a reason,
 * audited with that reason. The holder gets 403 (the number is never sent back to them); anyone
 * else, or when the holder gave no number yet, 404.
 */
export async function revealNationalId(
  deps: InsuranceDeps,
  auth: RequestAuth,
  policyId: string,
  body: NationalIdReveal,
): Promise<HolderDetails> {
  const { policy, audience } = await policyFor(deps, auth, policyId);
  if (audience === 'holder') throw new AppError('forbidden');
  return deps.db.transaction(async (tx) => {
    const row = await repository.findHolderDetails(tx, policy.id);
    if (!row || row.nationalIdEncrypted === null) throw new AppError('not_found');
    // Issue 27: a daily budget per person (sensitive-reads.ts); the insurer's admins hear when one
    // of their people uses it up. Our own staff have the same budget.
    const now = new Date();
    const budget = await takeReadBudget(tx, {
      action: 'insurance.national_id_revealed',
      actorPartyId: auth.identityPartyId,
      perDay: NATIONAL_ID_REVEALS_PER_DAY,
      now,
    });
    await recordAuditEventBy(tx, auth, {
      action: 'insurance.national_id_revealed',
      targetPartyId: policy.holderPartyId,
      details: { policy_id: policy.id, as: audience, reason: body.reason },
      now,
    });
    if (budget.isLast && audience === 'insurer') {
      await alertInsurerAdmins(tx, deps.publicUrl, policy.insurerPartyId, auth.identityPartyId);
    }
    return presentHolderDetails(row, deps.encryption, 'clear');
  });
}

/** Mails the insurer's admins that one of its people revealed today's last national id number. */
async function alertInsurerAdmins(
  executor: Executor,
  publicUrl: string,
  insurerPartyId: string,
  personPartyId: string,
): Promise<void> {
  const [insurer, person, admins] = await Promise.all([
    products.findInsurer(executor, insurerPartyId),
    identity.findPersonById(executor, personPartyId),
    insurerAdmin.listAdminsOfOrganisation(executor, insurerPartyId),
  ]);
  await queueReadBudgetMails(executor, {
    admins: (await identity.findPeopleByIds(executor, admins)).values(),
    reader: person,
    organisation: insurer?.name ?? '',
    kind: 'national_id',
    perDay: NATIONAL_ID_REVEALS_PER_DAY,
    url: `${publicUrl}/insurance/${insurerPartyId}/admin`,
  });
}

/** The policy and whose eyes it is shown to; 404 to anyone the rules leave out. */
async function policyFor(
  deps: InsuranceDeps,
  auth: RequestAuth,
  policyId: string,
): Promise<{ policy: policies.PolicyRow; audience: PolicyAudience }> {
  if (!isUuid(policyId)) throw new AppError('not_found');
  const policy = await policies.findPolicyById(deps.db, policyId);
  if (!policy) throw new AppError('not_found');
  const audience = policyAudience(await viewerOf(deps.db, auth), policy);
  if (!audience) throw new AppError('not_found');
  return { policy, audience };
}

/** The webshop order of one plate pack per bike of the policy, shipped to the holder's address. */
async function orderPlates(
  executor: Executor,
  policy: policies.PolicyRow,
  region: 'dk' | 'no',
  fields: HolderDetailsFields,
  now: Date,
): Promise<string | null> {
  const person = await identity.findPersonById(executor, policy.holderPartyId);
  return webshop.placeInsurancePlateOrder(executor, policy.holderPartyId, {
    region,
    bikes: policy.numberOfBikes,
    shippingAddress: {
      name: fields.name,
      street_address: [fields.streetAddress, fields.floor, fields.side, fields.door]
        .filter(Boolean)
        .join(' '),
      zip_code: fields.zipCode,
      city: fields.city,
      country: region === 'no' ? 'NO' : 'DK',
    },
    language: LanguageSchema.catch('da').parse(person?.language),
    buyerEmail: fields.email,
    now,
  });
}

/**
 * A pre-registered contents customer confirmed their policy (pre-registrations.service.ts): they
 * skip the checkout (the insurer collects through the contents insurance), so the plates for the
 * policy's bikes are ordered here, as a first checkout would, to the shipping address the sign-up
 * gave, else the person's profile address; once per policy. Nothing is ordered while neither holds
 * a street, postal code and town (the checkout orders them then). Answers the order's id or null.
 */
export async function orderPlatesOfConfirmedPolicy(
  executor: Executor,
  policy: policies.PolicyRow,
  now: Date,
): Promise<string | null> {
  const existing = await repository.findHolderDetails(executor, policy.id);
  if (existing?.plateOrderId) return existing.plateOrderId;
  const person = await identity.findPersonById(executor, policy.holderPartyId);
  const name = [person?.firstName, person?.lastName].filter(Boolean).join(' ') || null;
  const fromSignUp = existing?.streetAddress && existing.zipCode && existing.city;
  const address = fromSignUp
    ? existing
    : {
        streetAddress: person?.streetAddress ?? null,
        zipCode: person?.zipCode ?? null,
        city: person?.city ?? null,
        floor: person?.floor ?? null,
        side: person?.side ?? null,
        door: person?.door ?? null,
      };
  if (!address.streetAddress || !address.zipCode || !address.city) return null;
  const insurer = await products.findInsurer(executor, policy.insurerPartyId);
  const region = RegionSchema.catch('dk').parse(insurer?.region);
  const fields = {
    name: existing?.name ?? name ?? '',
    email: existing?.email ?? person?.email ?? null,
    streetAddress: address.streetAddress,
    zipCode: address.zipCode,
    city: address.city,
    floor: address.floor,
    side: address.side,
    door: address.door,
  } as HolderDetailsFields;
  const orderId = await orderPlates(executor, policy, region, fields, now);
  if (!orderId) return null;
  if (!existing) {
    await repository.upsertHolderDetails(executor, {
      policyId: policy.id,
      holderPartyId: policy.holderPartyId,
      name: fields.name || null,
      email: fields.email,
      streetAddress: fields.streetAddress,
      zipCode: fields.zipCode,
      city: fields.city,
      floor: fields.floor,
      side: fields.side,
      door: fields.door,
      mobilePhone: person?.mobile ?? null,
      otherPhone: person?.phone ?? null,
      createdAt: now,
      updatedAt: now,
    });
  }
  await repository.setPlateOrder(executor, policy.id, orderId);
  return orderId;
}

/**
 * PUT /api/insurance/policies/{id}/holder-details: the holder's checkout, checked by the insurer's
 * region; 404 for anyone but the holder, 409 policy_not_editable once the policy ended. The first
 * save completes the checkout (completed_at) and orders the plates for the policy's bikes to the
 * holder's address (a webshop order included with the insurance). An empty national id keeps the one stored before.
 */
export async function saveHolderDetails(
  deps: InsuranceDeps,
  auth: RequestAuth,
  policyId: string,
  body: HolderDetailsBody,
  now = new Date(),
): Promise<HolderDetails> {
  if (!isUuid(policyId)) throw new AppError('not_found');
  return deps.db.transaction(async (tx) => {
    const policy = await policies.findPolicyById(tx, policyId, true);
    if (!policy || !canChangePolicy(await viewerOf(tx, auth), policy)) throw new AppError('not_found');
    if (!isOpenPolicy(policy.status as PolicyStatus)) throw new AppError('policy_not_editable');
    const insurer = await products.findInsurer(tx, policy.insurerPartyId);
    const region = RegionSchema.catch('dk').parse(insurer?.region);
    const existing = await repository.findHolderDetails(tx, policy.id);
    const stored = existing?.nationalIdEncrypted ?? null;
    const parsed = holderDetailsSchemaOf(region, { nationalIdStored: stored !== null }).safeParse(body);
    if (!parsed.success) {
      throw new ValidationError(
        parsed.error.issues.map((issue) => ({
          loc: ['body', ...issue.path.map((part) => (typeof part === 'symbol' ? String(part) : part))],
          type: issue.message,
        })),
      );
    }
    const fields = parsed.data;
    const nationalId = fields.identitySocialNumber;
    const row = await repository.upsertHolderDetails(tx, {
      policyId: policy.id,
      holderPartyId: policy.holderPartyId,
      name: fields.name,
      email: fields.email,
      // An empty number keeps the stored one (the holder only ever sees it masked).
      nationalIdEncrypted: nationalId === null ? stored : deps.encryption.encrypt(nationalId),
      nationalIdMasked:
        nationalId === null ? (existing?.nationalIdMasked ?? null) : maskNationalId(nationalId),
      streetAddress: fields.streetAddress,
      city: fields.city,
      zipCode: fields.zipCode,
      floor: fields.floor,
      side: fields.side,
      door: fields.door,
      mobilePhone: fields.mobilePhone,
      otherPhone: fields.otherPhone,
      bankRegister: fields.bankRegister,
      bankAccount: fields.bankAccount,
      completedAt: existing?.completedAt ?? now,
      createdAt: existing?.createdAt ?? now,
      updatedAt: now,
    });
    // The first completed checkout sends the plates for the policy's bikes to this address.
    const firstCheckout = !existing?.completedAt;
    const plateOrderId = firstCheckout
      ? await orderPlates(tx, policy, region, fields, now)
      : (existing?.plateOrderId ?? null);
    if (plateOrderId !== row.plateOrderId) {
      await repository.setPlateOrder(tx, policy.id, plateOrderId);
      row.plateOrderId = plateOrderId;
    }
    await recordAuditEventBy(tx, auth, {
      action: 'insurance.holder_details_saved',
      targetPartyId: policy.holderPartyId,
      details: { policy_id: policy.id, first_checkout: firstCheckout, plate_order_id: plateOrderId },
      now,
    });
    return presentHolderDetails(row, deps.encryption, 'masked');
  });
}

/**
 * After a DATA_ENCRYPTION_KEY rotation: seals every national id another key sealed with the current
 * key (the previous one must still be among the accepted keys to read it), a batch at a time.
 * Answers how many were sealed again; when it answers 0 the previous key can be retired.
 */
export async function resealNationalIds(deps: Pick<InsuranceDeps, 'db' | 'encryption'>): Promise<number> {
  let resealed = 0;
  for (;;) {
    const batch = await repository.listNationalIdsSealedWithOtherKey(deps.db, deps.encryption.keyId, 100);
    if (batch.length === 0) return resealed;
    for (const row of batch) {
      const next = deps.encryption.reseal(row.nationalIdEncrypted);
      if (next === null) continue;
      await repository.replaceSealedNationalId(deps.db, row.policyId, row.nationalIdEncrypted, next);
      resealed += 1;
    }
  }
}
