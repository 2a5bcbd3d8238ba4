import { VALIDATION_MESSAGES } from '@nbr/domain/identity';
import type { Policy, PolicyStatus } from '@nbr/domain/insurance';
import { PreRegistrationRowSchema } from '@nbr/domain/insurance';
import {
  type AcceptPolicy,
  type InsurerBike,
  type InsurerPolicyPage,
  type PolicyDecision,
  type PolicyEnd,
  PRE_REGISTRATION_CSV_COLUMNS,
  PRE_REGISTRATION_CSV_MAX_ROWS,
  parseCsv,
  type SharedTheftReport,
} from '@nbr/domain/insurance-admin';
import type { Executor } from '../../db/client.ts';
import { recordAuditEventBy } from '../../platform/audit/audit.ts';
import type { RequestAuth } from '../../platform/auth/authenticate.ts';
import { AppError, ValidationError } from '../../platform/errors.ts';
import { isUuid, uuidv7 } from '../../platform/ids.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import * as identity from '../identity/identity.facade.ts';
import * as plates from '../plates/plates.facade.ts';
import * as theft from '../theft/theft.facade.ts';
import type { InsuranceDeps, InsurerAdminDeps } from './insurance.deps.ts';
import { type InsurerAdminAudience, insurerAdminAudience } from './insurance.policy.ts';
import { policyDecisionMail } from './insurer-admin.mails.ts';
import * as repository from './insurer-admin.repository.ts';
import * as policies from './policies.repository.ts';
import { presentPolicies, presentPolicyTo, viewerOf } from './policies.service.ts';
import { preRegisterPolicies } from './pre-registrations.service.ts';
import { findInsurer } from './products.repository.ts';

/*
 * The insurer's admin (issue 16 §4): the staff of an insurer, acting for it, see its policies and
 * decide on them, see one insured bike as the register knows it, upload their existing contents
 * customers and see the theft reports owners shared with them. Our backoffice staff may read the
 * same (audited); anyone else gets 404 — another insurer's staff never learn what exists here.
 */

export interface InsurerContext {
  insurer: { partyId: string; name: string; region: string };
  audience: InsurerAdminAudience;
}

/** The insurer and who the caller is to it; 404 unless its staff (any call) or ours (reading). */
export async function insurerContext(
  executor: Executor,
  auth: RequestAuth,
  insurerPartyId: string,
  purpose: 'read' | 'act',
): Promise<InsurerContext> {
  if (!isUuid(insurerPartyId)) throw new AppError('not_found');
  const insurer = await findInsurer(executor, insurerPartyId);
  if (!insurer) throw new AppError('not_found');
  const audience = insurerAdminAudience(await viewerOf(executor, auth), insurer.partyId);
  if (!audience || (purpose === 'act' && audience !== 'insurer')) throw new AppError('not_found');
  return { insurer, audience };
}

// --- policies --------------------------------------------------------------------------------------

/**
 * GET /api/insurance/{insurer}/admin/policies: the insurer's policies, newest first, one page; our
 * staff's reading is audited.
 */
export async function listInsurerPolicies(
  deps: Pick<InsuranceDeps, 'db'>,
  auth: RequestAuth,
  insurerPartyId: string,
  query: { status?: PolicyStatus | undefined; q?: string | undefined; page: number; page_size: number },
): Promise<InsurerPolicyPage> {
  const { insurer, audience } = await insurerContext(deps.db, auth, insurerPartyId, 'read');
  const { rows, total } = await repository.listPoliciesOfInsurer(deps.db, insurer.partyId, {
    status: query.status,
    q: query.q === '' ? undefined : query.q,
    limit: query.page_size,
    offset: (query.page - 1) * query.page_size,
  });
  if (audience === 'staff' && rows.length > 0) {
    // Our staff read holders' names and addresses here: kept like any access to personal data.
    await recordAuditEventBy(deps.db, auth, {
      action: 'insurance.policy_viewed_by_staff',
      targetPartyId: null,
      details: { insurer_party_id: insurer.partyId, policy_ids: rows.map((row) => row.id) },
    });
  }
  return {
    items: await presentPolicies(deps.db, rows, audience),
    total,
    page: query.page,
    page_size: query.page_size,
  };
}

/** The state a decision needs, and the state it leads to. */
const DECISIONS: Record<PolicyDecision, { from: PolicyStatus; to: PolicyStatus }> = {
  accepted: { from: 'application', to: 'active' },
  rejected: { from: 'application', to: 'cancelled' },
  cancelled: { from: 'active', to: 'cancelled' },
};

const AUDIT_ACTION = {
  accepted: 'insurance.policy_accepted',
  rejected: 'insurance.policy_rejected',
  cancelled: 'insurance.policy_cancelled',
} as const;

/**
 * An insurer's decision on its policy, in one transaction with the policy locked: accept an
 * application with its own policy number (unique per insurer, 422 insurer_policy_number_in_use),
 * reject an application or cancel an active policy with a reason. 409 policy_decision_invalid when
 * the policy is not in the state the decision needs. The decision is kept, audited with the policy
 * before and after, and the holder is mailed.
 */
async function decide(
  deps: InsurerAdminDeps,
  auth: RequestAuth,
  insurerPartyId: string,
  policyId: string,
  decision: PolicyDecision,
  input: { insurerPolicyNumber?: string; reason?: string },
  now = new Date(),
): Promise<Policy> {
  return deps.db.transaction(async (tx) => {
    const { insurer } = await insurerContext(tx, auth, insurerPartyId, 'act');
    if (!isUuid(policyId)) throw new AppError('not_found');
    const row = await policies.findPolicyById(tx, policyId, true);
    if (!row || row.insurerPartyId !== insurer.partyId) throw new AppError('not_found');
    const rule = DECISIONS[decision];
    if (row.status !== rule.from) throw new AppError('policy_decision_invalid');
    const number = input.insurerPolicyNumber ?? row.insurerPolicyNumber;
    if (decision === 'accepted' && input.insurerPolicyNumber) {
      const taken = await repository.findPolicyByInsurerNumber(
        tx,
        insurer.partyId,
        input.insurerPolicyNumber,
      );
      if (taken && taken.id !== row.id) {
        throw new ValidationError([
          { loc: ['body', 'insurer_policy_number'], type: 'insurer_policy_number_in_use' },
        ]);
      }
    }
    const changes =
      decision === 'accepted'
        ? { status: rule.to, insurerPolicyNumber: number, activatedAt: now, updatedAt: now }
        : { status: rule.to, endedAt: now, updatedAt: now };
    try {
      await policies.updatePolicy(tx, row.id, changes);
    } catch (error) {
      // Another of the insurer's staff gave the same number to another policy at the same moment.
      if (!repository.isUniqueViolation(error)) throw error;
      throw new ValidationError([
        { loc: ['body', 'insurer_policy_number'], type: 'insurer_policy_number_in_use' },
      ]);
    }
    await repository.insertDecision(tx, {
      id: uuidv7(now.getTime()),
      policyId: row.id,
      decision,
      reason: input.reason ?? null,
      decidedByPartyId: auth.identityPartyId,
      decidedAt: now,
    });
    await recordAuditEventBy(tx, auth, {
      action: AUDIT_ACTION[decision],
      targetPartyId: row.holderPartyId,
      details: {
        policy_id: row.id,
        insurer_party_id: insurer.partyId,
        before: { status: row.status, insurer_policy_number: row.insurerPolicyNumber },
        after: { status: rule.to, insurer_policy_number: number },
        ...(input.reason ? { reason: input.reason } : {}),
      },
      now,
    });
    const holder = await identity.findPersonById(tx, row.holderPartyId);
    if (holder && !holder.deletedAt) {
      await enqueueMail(
        tx,
        policyDecisionMail({
          to: holder.email,
          language: holder.language,
          decision,
          insurer: insurer.name,
          policyNumber: number,
          reason: input.reason ?? null,
          link: `${deps.publicUrl}/insurance/${insurer.partyId}/policy/${row.id}/hub`,
        }),
      );
    }
    const updated = await policies.findPolicyById(tx, row.id);
    return presentPolicyTo(tx, updated!, 'insurer');
  });
}

/** POST /api/insurance/{insurer}/admin/policies/{id}/accept */
export function acceptPolicy(
  deps: InsurerAdminDeps,
  auth: RequestAuth,
  insurerPartyId: string,
  policyId: string,
  input: AcceptPolicy,
): Promise<Policy> {
  return decide(deps, auth, insurerPartyId, policyId, 'accepted', {
    insurerPolicyNumber: input.insurer_policy_number,
  });
}

/** POST /api/insurance/{insurer}/admin/policies/{id}/reject */
export function rejectPolicy(
  deps: InsurerAdminDeps,
  auth: RequestAuth,
  insurerPartyId: string,
  policyId: string,
  input: PolicyEnd,
): Promise<Policy> {
  return decide(deps, auth, insurerPartyId, policyId, 'rejected', { reason: input.reason });
}

/** POST /api/insurance/{insurer}/admin/policies/{id}/cancel */
export function cancelPolicy(
  deps: InsurerAdminDeps,
  auth: RequestAuth,
  insurerPartyId: string,
  policyId: string,
  input: PolicyEnd,
): Promise<Policy> {
  return decide(deps, auth, insurerPartyId, policyId, 'cancelled', { reason: input.reason });
}

// --- one insured bike ------------------------------------------------------------------------------

/** The payout of a report as answered. */
export function presentPayout(row: repository.PayoutRow | undefined) {
  return row
    ? {
        paid_at: row.paidAt.toISOString(),
        amount: { amount_minor: row.amountMinor, currency: row.currency as 'DKK' | 'NOK' },
        registration_transferred: row.registrationTransferred,
      }
    : null;
}

/**
 * GET /api/insurance/{insurer}/admin/policies/{policyId}/bikes/{bikeId}: a bike on the insurer's
 * policy as the register knows it — its identifiers, type, price, whether it is stolen, whether its
 * ownership was verified, the check of the holder's proof — with the holder's name only (what the
 * policy needs; no address, phone or national id), and the theft report the owner shared with the
 * insurer. 404 when the bike is not (any longer) on that policy of this insurer.
 */
export async function getInsuredBike(
  deps: Pick<InsuranceDeps, 'db'>,
  auth: RequestAuth,
  insurerPartyId: string,
  policyId: string,
  bikeId: string,
): Promise<InsurerBike> {
  return deps.db.transaction(async (tx) => {
    const { insurer } = await insurerContext(tx, auth, insurerPartyId, 'read');
    if (!isUuid(policyId) || !isUuid(bikeId)) throw new AppError('not_found');
    const policy = await policies.findPolicyById(tx, policyId);
    if (!policy || policy.insurerPartyId !== insurer.partyId) throw new AppError('not_found');
    const bike = await repository.findBikeFacts(tx, bikeId);
    const item = await repository.findInsuredItem(tx, policy.id, bikeId);
    const reports = (await theft.sharedTheftReportsOfBikes(tx, [bikeId])).filter(
      (report) => report.ownerPartyId === policy.holderPartyId,
    );
    // After a payout the registration may be the insurer's: the bike stays visible with its claim.
    const paidBike = reports.length > 0 && bike?.ownerPartyId === insurer.partyId;
    if (!bike || (!item && !paidBike)) throw new AppError('not_found');
    const itemOfPolicy = item ?? (await repository.findInsuredItem(tx, policy.id, bikeId, false));
    if (!itemOfPolicy) throw new AppError('not_found');
    const holder = await identity.findPersonById(tx, policy.holderPartyId);
    const report = reports[0] ?? null;
    const payouts = await repository.findPayoutsOfReports(tx, report ? [report.id] : []);
    await recordAuditEventBy(tx, auth, {
      action: 'insurance.insured_bike_viewed',
      targetPartyId: policy.holderPartyId,
      details: { insurer_party_id: insurer.partyId, policy_id: policy.id, bike_id: bikeId },
    });
    return {
      policy_id: policy.id,
      insurer_policy_number: policy.insurerPolicyNumber,
      policy_status: policy.status as PolicyStatus,
      holder_name: [holder?.firstName, holder?.lastName].filter(Boolean).join(' ') || null,
      insured_item_id: itemOfPolicy.id,
      verification_status: itemOfPolicy.verificationStatus,
      insured_since: itemOfPolicy.createdAt.toISOString(),
      bike: {
        id: bike.id,
        nickname: bike.nickname,
        brand: bike.brand,
        model: bike.model,
        frame_number: bike.frameNumber,
        plate_id: await plates.plateOfBike(tx, bike.id),
        category: bike.category,
        color: bike.color,
        is_electric: bike.isElectric,
        price: bike.priceMinor === null ? null : Math.floor(bike.priceMinor / 100),
        currency: bike.currency === 'NOK' ? 'NOK' : 'DKK',
        status: bike.status,
        owner_verified: bike.ownerVerifiedAt !== null,
        registered_at: bike.createdAt.toISOString(),
      },
      theft_report: report
        ? {
            id: report.id,
            status: report.status,
            submitted_at: report.submittedAt?.toISOString() ?? null,
            payout: presentPayout(payouts.get(report.id)),
          }
        : null,
    };
  });
}

// --- the CSV upload --------------------------------------------------------------------------------

const KNOWN_CODES = new Set<string>(VALIDATION_MESSAGES);

/**
 * POST /api/insurance/{insurer}/admin/pre-registrations: the insurer's existing contents customers
 * as CSV (a first line naming insurer_policy_id, holder_email and holder_name, in any order). Every
 * row is checked; any problem answers 422 with each one at [csv, line, column] and nothing is
 * stored. Otherwise every row is stored (pre-registrations.service) and the upload audited.
 */
export async function uploadPreRegistrations(
  deps: Pick<InsuranceDeps, 'db'>,
  auth: RequestAuth,
  insurerPartyId: string,
  csv: string,
  now = new Date(),
): Promise<{ stored: number }> {
  return deps.db.transaction(async (tx) => {
    const { insurer } = await insurerContext(tx, auth, insurerPartyId, 'act');
    const [header, ...rows] = parseCsv(csv);
    const columns = header?.fields.map((name) => name.trim().toLowerCase()) ?? [];
    const indexOf = Object.fromEntries(
      PRE_REGISTRATION_CSV_COLUMNS.map((column) => [column, columns.indexOf(column)]),
    ) as Record<(typeof PRE_REGISTRATION_CSV_COLUMNS)[number], number>;
    if (!header || indexOf.insurer_policy_id < 0 || indexOf.holder_email < 0) {
      throw new ValidationError([{ loc: ['body', 'csv', header?.line ?? 1], type: 'csv_header_invalid' }]);
    }
    if (rows.length > PRE_REGISTRATION_CSV_MAX_ROWS) {
      throw new ValidationError([{ loc: ['body', 'csv'], type: 'csv_too_many_rows' }]);
    }
    const issues: Array<{ loc: Array<string | number>; type: string }> = [];
    const seen = new Map<string, number>();
    const parsed = rows.map(({ line, fields }) => {
      const value = (column: keyof typeof indexOf) =>
        indexOf[column] < 0 ? null : (fields[indexOf[column]] ?? '').trim();
      const candidate = {
        insurer_policy_id: value('insurer_policy_id') ?? '',
        holder_email: value('holder_email') ?? '',
        holder_name: value('holder_name') || null,
      };
      const result = PreRegistrationRowSchema.safeParse(candidate);
      if (!result.success) {
        for (const issue of result.error.issues) {
          const field = String(issue.path[0] ?? 'row');
          const given = candidate[field as keyof typeof candidate];
          const type = KNOWN_CODES.has(issue.message) ? issue.message : given ? 'invalid_value' : 'required';
          issues.push({ loc: ['body', 'csv', line, field], type });
        }
      }
      const first = seen.get(candidate.insurer_policy_id);
      if (first !== undefined && candidate.insurer_policy_id !== '') {
        issues.push({ loc: ['body', 'csv', line, 'insurer_policy_id'], type: 'duplicate_value' });
      } else {
        seen.set(candidate.insurer_policy_id, line);
      }
      return candidate;
    });
    if (issues.length > 0) throw new ValidationError(issues);
    const before = await repository.countPreRegistrations(tx, insurer.partyId);
    const stored = await preRegisterPolicies(tx, insurer.partyId, parsed, now);
    await recordAuditEventBy(tx, auth, {
      action: 'insurance.pre_registrations_uploaded',
      targetPartyId: insurer.partyId,
      // Counts, not the customers: the audit log keeps no copy of the insurer's list.
      details: {
        insurer_party_id: insurer.partyId,
        rows: stored,
        before,
        after: await repository.countPreRegistrations(tx, insurer.partyId),
      },
      now,
    });
    return { stored };
  });
}

// --- theft reports shared with the insurer ---------------------------------------------------------

/**
 * The sent theft reports of the insurer's insured bikes whose makers — the policy holders — let
 * them be shared with their insurer and have not withdrawn it (insurance.md §6), newest first, with
 * the claim paid on each. No contact details of the reporter: the insurer has its customer's.
 */
export async function sharedReportsOfInsurer(
  executor: Executor,
  insurerPartyId: string,
): Promise<
  Array<{
    report: theft.SharedTheftReportFacts;
    policy: { id: string; holderPartyId: string; insurerPolicyNumber: string | null; currency: string };
  }>
> {
  const insured = await repository.listInsuredBikesOfInsurer(executor, insurerPartyId);
  const reports = await theft.sharedTheftReportsOfBikes(executor, [
    ...new Set(insured.map((row) => row.bikeId)),
  ]);
  return reports.flatMap((report) => {
    const policy = insured.find(
      (row) => row.bikeId === report.bikeId && row.holderPartyId === report.ownerPartyId,
    );
    return policy
      ? [
          {
            report,
            policy: {
              id: policy.policyId,
              holderPartyId: policy.holderPartyId,
              insurerPolicyNumber: policy.insurerPolicyNumber,
              currency: policy.currency,
            },
          },
        ]
      : [];
  });
}

/** GET /api/insurance/{insurer}/admin/theft-reports: the reports shared with the insurer; audited. */
export async function listSharedTheftReports(
  deps: Pick<InsuranceDeps, 'db'>,
  auth: RequestAuth,
  insurerPartyId: string,
): Promise<SharedTheftReport[]> {
  return deps.db.transaction(async (tx) => {
    const { insurer } = await insurerContext(tx, auth, insurerPartyId, 'read');
    const shared = await sharedReportsOfInsurer(tx, insurer.partyId);
    const payouts = await repository.findPayoutsOfReports(
      tx,
      shared.map(({ report }) => report.id),
    );
    const bikes = new Map<string, Awaited<ReturnType<typeof repository.findBikeFacts>>>();
    const names = new Map<string, string | null>();
    for (const { report, policy } of shared) {
      if (!bikes.has(report.bikeId))
        bikes.set(report.bikeId, await repository.findBikeFacts(tx, report.bikeId));
      if (!names.has(policy.holderPartyId)) {
        const person = await identity.findPersonById(tx, policy.holderPartyId);
        names.set(
          policy.holderPartyId,
          [person?.firstName, person?.lastName].filter(Boolean).join(' ') || null,
        );
      }
    }
    if (shared.length > 0) {
      await recordAuditEventBy(tx, auth, {
        action: 'insurance.theft_report_viewed',
        targetPartyId: null,
        details: { insurer_party_id: insurer.partyId, report_ids: shared.map(({ report }) => report.id) },
      });
    }
    return shared.map(({ report, policy }) => {
      const bike = bikes.get(report.bikeId);
      return {
        id: report.id,
        bike_id: report.bikeId,
        policy_id: policy.id,
        insurer_policy_number: policy.insurerPolicyNumber,
        holder_name: names.get(policy.holderPartyId) ?? null,
        bike: {
          nickname: bike?.nickname ?? '',
          brand: bike?.brand ?? null,
          model: bike?.model ?? null,
          frame_number: bike?.frameNumber ?? null,
        },
        status: report.status,
        closed_reason: report.closedReason,
        submitted_at: report.submittedAt?.toISOString() ?? null,
        time_last_seen: report.timeLastSeen,
        noted_time: report.notedTime,
        place: report.place,
        lock_status: report.lockStatus,
        police_report_requested: report.policeReportRequested,
        bike_price: report.bikePrice,
        acknowledgement_ownership_transfer: report.acknowledgementOwnershipTransfer,
        payout: presentPayout(payouts.get(report.id)),
      };
    });
  });
}
