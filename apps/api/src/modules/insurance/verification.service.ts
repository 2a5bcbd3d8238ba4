import {
  applicableSteps,
  canApproveSteps,
  type InsuranceVerification,
  type InsuranceVerificationQueue,
  type VerificationSteps,
  type VerificationStepsUpdate,
} from '@nbr/domain/insurance';
import type { Executor } from '../../db/client.ts';
import { recordAuditEvent } from '../../platform/audit/audit.ts';
import type { RequestAuth } from '../../platform/auth/authenticate.ts';
import { AppError } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import * as bikes from '../bikes/bikes.facade.ts';
import * as identity from '../identity/identity.facade.ts';
import * as plates from '../plates/plates.facade.ts';
import type { InsuranceDeps } from './insurance.deps.ts';
import * as repository from './possession.repository.ts';
import { describeInsuredBike, possessionCheckedMail } from './verification.mails.ts';
import { presentVerification, stepsOf } from './verification.presenter.ts';

/*
 * Our staff's check of the holders' proofs of possession (issue 16 §5, SPEC §2 backoffice
 * insurance-verification): a queue of insured bikes sent for checking (pending), per insurer;
 * one bike's uploads beside the register's data; a decision per step (the frame number on the
 * picture is the registered one, the plate is fitted, the receipt matches price and date), then
 * approve (verified) or send back with a reason (rejected). Every look and decision is audited
 * (before and after); the holder is mailed and sees the result in their hub, the insurer on the
 * policy. The routes admit our staff only (access `staff`).
 */

const QUEUE_LIMIT = 200;

function fullName(person: identity.Person | null): string | null {
  const name = [person?.firstName, person?.lastName].filter(Boolean).join(' ');
  return name === '' ? null : name;
}

/** GET /api/backoffice/insurance-verifications/: waiting checks, with counts per insurer. */
export async function listVerificationQueue(
  deps: InsuranceDeps,
  insurerPartyId: string | null,
): Promise<InsuranceVerificationQueue> {
  if (insurerPartyId !== null && !isUuid(insurerPartyId)) return { insurers: [], items: [] };
  const counts = await repository.countPendingPerInsurer(deps.db);
  const rows = await repository.listPendingItems(deps.db, insurerPartyId, QUEUE_LIMIT);
  const names = await identity.partyNames(deps.db, [
    ...new Set([...counts.map((row) => row.insurerPartyId), ...rows.map((row) => row.insurerPartyId)]),
  ]);
  const holders = await identity.partyNames(deps.db, [...new Set(rows.map((row) => row.holderPartyId))]);
  return {
    insurers: counts
      .map((row) => ({
        party_id: row.insurerPartyId,
        name: names.get(row.insurerPartyId) ?? '',
        pending: row.pending,
      }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    items: rows.map((row) => ({
      insured_item_id: row.id,
      policy_id: row.policyId,
      insurer: { party_id: row.insurerPartyId, name: names.get(row.insurerPartyId) ?? '' },
      bike: { nickname: row.bike.nickname, brand: row.bike.brand, model: row.bike.model },
      holder_name: holders.get(row.holderPartyId) ?? null,
      submitted_at: row.submittedAt?.toISOString() ?? null,
    })),
  };
}

async function verificationOf(
  deps: InsuranceDeps,
  executor: Executor,
  item: repository.ItemFacts,
): Promise<InsuranceVerification> {
  const uploads = await repository.listUploadsOfItems(executor, [item.id]);
  const [files, [check], names, person, plateId] = await Promise.all([
    bikes.signedFileUrls(
      executor,
      deps.fileUrls,
      uploads.map((upload) => upload.bikeFileId),
    ),
    repository.findChecks(executor, [item.id]),
    identity.partyNames(executor, [item.insurerPartyId]),
    identity.findPersonById(executor, item.holderPartyId),
    plates.plateOfBike(executor, item.bikeId),
  ]);
  return presentVerification(item, {
    insurerName: names.get(item.insurerPartyId) ?? '',
    holder: person ? { name: fullName(person), email: person.email } : null,
    plateId,
    uploads,
    files,
    check: check ?? null,
  });
}

/** GET /api/backoffice/insurance-verifications/{id}/: one check, whatever its status; the look is audited. */
export async function getVerification(
  deps: InsuranceDeps,
  auth: RequestAuth,
  itemId: string,
): Promise<InsuranceVerification> {
  if (!isUuid(itemId)) throw new AppError('not_found');
  const item = await repository.findItem(deps.db, itemId);
  if (!item) throw new AppError('not_found');
  await recordAuditEvent(deps.db, {
    action: 'insurance.verification_viewed_by_staff',
    actorPartyId: auth.identityPartyId,
    targetPartyId: item.holderPartyId,
    sessionId: auth.sessionId,
    details: { insured_item_id: item.id, policy_id: item.policyId },
  });
  return verificationOf(deps, deps.db, item);
}

/**
 * Runs one decision on a pending check: the bike locked first, then the item (the holder's order);
 * 404 for an unknown item, 409 conflict unless it is pending (sent and not yet decided).
 */
async function decide(
  deps: InsuranceDeps,
  itemId: string,
  step: (
    tx: Executor,
    item: repository.ItemFacts,
    check: repository.CheckRow | null,
    now: Date,
  ) => Promise<void>,
): Promise<InsuranceVerification> {
  if (!isUuid(itemId)) throw new AppError('not_found');
  return deps.db.transaction(async (tx) => {
    const peeked = await repository.findItem(tx, itemId);
    if (!peeked) throw new AppError('not_found');
    await repository.lockBike(tx, peeked.bikeId);
    const item = await repository.findItem(tx, itemId, true);
    if (!item) throw new AppError('not_found');
    if (item.verificationStatus !== 'pending') throw new AppError('conflict');
    const [check] = await repository.findChecks(tx, [item.id]);
    await step(tx, item, check ?? null, new Date());
    const decided = await repository.findItem(tx, item.id);
    return verificationOf(deps, tx, decided!);
  });
}

/** PUT /api/backoffice/insurance-verifications/{id}/steps/: decides the steps given; audited before → after. */
export function decideSteps(
  deps: InsuranceDeps,
  auth: RequestAuth,
  itemId: string,
  update: VerificationStepsUpdate,
): Promise<InsuranceVerification> {
  return decide(deps, itemId, async (tx, item, check, now) => {
    const before = stepsOf(check);
    const after: VerificationSteps = {
      frame_number: update.frame_number === undefined ? before.frame_number : update.frame_number,
      plate: update.plate === undefined ? before.plate : update.plate,
      receipt: update.receipt === undefined ? before.receipt : update.receipt,
    };
    await repository.upsertCheck(tx, item.id, {
      frameNumberMatches: after.frame_number,
      plateFitted: after.plate,
      receiptMatches: after.receipt,
      updatedAt: now,
    });
    await recordAuditEvent(tx, {
      action: 'insurance.verification_step_decided',
      actorPartyId: auth.identityPartyId,
      targetPartyId: item.holderPartyId,
      sessionId: auth.sessionId,
      details: { insured_item_id: item.id, policy_id: item.policyId, before, after },
      now,
    });
  });
}

/** Ends a check: the status, the decision and its audit row, and the holder's mail. */
async function close(
  deps: InsuranceDeps,
  tx: Executor,
  auth: RequestAuth,
  item: repository.ItemFacts,
  check: repository.CheckRow | null,
  decision: 'verified' | 'rejected',
  reason: string | null,
  now: Date,
): Promise<void> {
  await repository.updateItemStatus(tx, item.id, decision, now);
  await repository.upsertCheck(tx, item.id, {
    rejectionReason: reason,
    decidedAt: now,
    decidedByPartyId: auth.identityPartyId,
    updatedAt: now,
  });
  await recordAuditEvent(tx, {
    action: decision === 'verified' ? 'insurance.verification_approved' : 'insurance.verification_rejected',
    actorPartyId: auth.identityPartyId,
    targetPartyId: item.holderPartyId,
    sessionId: auth.sessionId,
    details: {
      insured_item_id: item.id,
      policy_id: item.policyId,
      before: { status: item.verificationStatus, steps: stepsOf(check) },
      after: { status: decision, steps: stepsOf(check), reason },
    },
    now,
  });
  const holder = await identity.findPersonById(tx, item.holderPartyId);
  if (!holder || holder.deletedAt) return;
  const insurer = (await identity.partyNames(tx, [item.insurerPartyId])).get(item.insurerPartyId) ?? '';
  await enqueueMail(
    tx,
    possessionCheckedMail({
      to: holder.email,
      language: holder.language,
      bike: describeInsuredBike(item.bike),
      insurer,
      link: `${deps.publicUrl}/insurance/${item.insurerPartyId}/policy/${item.policyId}/hub`,
      decision,
      reason,
    }),
  );
}

/**
 * POST …/{id}/approve/: the bike is verified once every step that applies to it is confirmed
 * (else 409 verification_steps_open).
 */
export function approveVerification(
  deps: InsuranceDeps,
  auth: RequestAuth,
  itemId: string,
): Promise<InsuranceVerification> {
  return decide(deps, itemId, async (tx, item, check, now) => {
    const applicable = applicableSteps(
      item.requiredUploads,
      (await plates.plateOfBike(tx, item.bikeId)) !== null,
    );
    if (!canApproveSteps(stepsOf(check), applicable)) throw new AppError('verification_steps_open');
    await close(deps, tx, auth, item, check, 'verified', null, now);
  });
}

/** POST …/{id}/reject/: sent back to the holder with the reason they are shown (rejected). */
export function rejectVerification(
  deps: InsuranceDeps,
  auth: RequestAuth,
  itemId: string,
  reason: string,
): Promise<InsuranceVerification> {
  return decide(deps, itemId, (tx, item, check, now) =>
    close(deps, tx, auth, item, check, 'rejected', reason, now),
  );
}
