import { LOCK_APPROVAL_BY_REGION, type LockApproval } from '@nbr/domain/insurance';
import {
  canAnswerLockTest,
  frameNumbersMatch,
  type LockTest,
  type LockTestAnswer,
  type LockTestDecision,
  type LockTestList,
  type LockTestListQuery,
  type LockTestRequest,
  type LockTestStatus,
} from '@nbr/domain/insurance-lock-tests';
import type { Executor } from '../../db/client.ts';
import { recordAuditEvent, recordAuditEventBy } from '../../platform/audit/audit.ts';
import type { RequestAuth } from '../../platform/auth/authenticate.ts';
import { AppError, ValidationError } from '../../platform/errors.ts';
import { isUuid, uuidv7 } from '../../platform/ids.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import * as bikes from '../bikes/bikes.facade.ts';
import * as identity from '../identity/identity.facade.ts';
import type { InsuranceDeps } from './insurance.deps.ts';
import {
  type InsuranceViewer,
  insurerAdminAudience,
  isInsurerStaff,
  type PolicyAudience,
  policyAudience,
} from './insurance.policy.ts';
import { lockTestDecidedMail, lockTestRequestedMail } from './lock-tests.mails.ts';
import { presentLockTest } from './lock-tests.presenter.ts';
import * as repository from './lock-tests.repository.ts';
import * as policies from './policies.repository.ts';
import { viewerOf } from './policies.service.ts';
import * as products from './products.repository.ts';

/*
 * Lock tests (issue 16 §3): the insurer's staff ask the holder of one of its open policies, by the
 * holder's address and the policy, to prove an approved lock; the holder answers with the lock
 * certificate's facts until the insurer decides; the insurer approves, or rejects with a reason.
 * The holder is mailed when asked and when decided. Who sees a lock test is who sees its policy
 * (policyAudience): its holder, that insurer's staff and our staff; anyone else gets 404.
 */

/** The approvals the policy's product accepts, and the one its region knows (Varefakta dk, FG no). */
async function approvalsOf(executor: Executor, policy: policies.PolicyRow) {
  const product = await products.findProductById(executor, policy.productId);
  const region = (product?.region ?? 'dk') as keyof typeof LOCK_APPROVAL_BY_REGION;
  const expected: LockApproval = LOCK_APPROVAL_BY_REGION[region] ?? 'varefakta';
  const accepted = (product?.acceptedLocks ?? []) as LockApproval[];
  return { expected, accepted: accepted.length > 0 ? accepted : [expected] };
}

/**
 * Lock tests as one audience sees them, presented together: each query runs once for all of them
 * (policies, insurers' names, the bikes on the policies, products, pictures and their addresses).
 */
async function presentAll(
  deps: InsuranceDeps,
  executor: Executor,
  rows: readonly repository.LockTestRow[],
  audience: PolicyAudience,
): Promise<LockTest[]> {
  if (rows.length === 0) return [];
  const policyIds = [...new Set(rows.map((row) => row.policyId))];
  const policyRows = new Map((await policies.findPoliciesByIds(executor, policyIds)).map((p) => [p.id, p]));
  const names = await identity.partyNames(executor, [...new Set(rows.map((row) => row.insurerPartyId))]);
  const items = await policies.listItemsOfPolicies(executor, policyIds);
  const approvals = new Map<string, Awaited<ReturnType<typeof approvalsOf>>>();
  for (const policy of policyRows.values()) {
    if (!approvals.has(policy.productId))
      approvals.set(policy.productId, await approvalsOf(executor, policy));
  }
  const pictureRows = await repository.listPicturesOfLockTests(
    executor,
    rows.map((row) => row.id),
  );
  const signed = await bikes.signedFileUrls(
    executor,
    deps.fileUrls,
    pictureRows.map((picture) => picture.bikeFileId),
  );
  return rows.map((row) => {
    const policy = policyRows.get(row.policyId);
    if (!policy) throw new AppError('not_found');
    const pictures = pictureRows
      .filter((picture) => picture.lockTestId === row.id)
      .flatMap((picture) => {
        const file = signed.get(picture.bikeFileId);
        return file ? [{ file_id: picture.bikeFileId, url: file.url, thumbnail_url: file.thumbnailUrl }] : [];
      });
    return presentLockTest(row, {
      pictures,
      insurerName: names.get(row.insurerPartyId) ?? '',
      insurerPolicyNumber: policy.insurerPolicyNumber,
      expectedApproval: approvals.get(policy.productId)!.expected,
      items: items.filter((item) => item.policyId === row.policyId),
      audience,
    });
  });
}

async function present(
  deps: InsuranceDeps,
  executor: Executor,
  row: repository.LockTestRow,
  audience: PolicyAudience,
): Promise<LockTest> {
  const [lockTest] = await presentAll(deps, executor, [row], audience);
  return lockTest!;
}

/** The lock test and the policy it belongs to, as this viewer may see them; 404 for anyone else. */
async function findVisible(
  executor: Executor,
  viewer: InsuranceViewer,
  lockTestId: string,
  lock = false,
): Promise<{ row: repository.LockTestRow; policy: policies.PolicyRow; audience: PolicyAudience }> {
  if (!isUuid(lockTestId)) throw new AppError('not_found');
  const row = await repository.findLockTestById(executor, lockTestId, lock);
  if (!row) throw new AppError('not_found');
  const policy = await policies.findPolicyById(executor, row.policyId);
  const audience = policy ? policyAudience(viewer, policy) : null;
  if (!policy || !audience) throw new AppError('not_found');
  return { row, policy, audience };
}

/** POST /api/insurance/{insurer}/lock-tests: the insurer's staff ask a holder of an open policy. */
export async function requestLockTest(
  deps: InsuranceDeps,
  auth: RequestAuth,
  insurerPartyId: string,
  request: LockTestRequest,
  now = new Date(),
): Promise<LockTest> {
  if (!isUuid(insurerPartyId)) throw new AppError('not_found');
  const row = await deps.db.transaction(async (tx) => {
    if (!isInsurerStaff(await viewerOf(tx, auth), insurerPartyId)) throw new AppError('not_found');
    const policy = await repository.findPolicyOfInsurer(
      tx,
      insurerPartyId,
      request.policy_id,
      isUuid(request.policy_id),
    );
    if (!policy || !(policy.status === 'application' || policy.status === 'active')) {
      throw new ValidationError([{ loc: ['body', 'policy_id'], type: 'lock_test_policy_unknown' }]);
    }
    const holder = await identity.findPersonById(tx, policy.holderPartyId);
    const email = request.email.toLowerCase();
    if (!holder || holder.email.toLowerCase() !== email) {
      throw new ValidationError([{ loc: ['body', 'email'], type: 'lock_test_holder_mismatch' }]);
    }
    if (await repository.hasOpenLockTest(tx, policy.id)) throw new AppError('lock_test_open');
    const id = uuidv7(now.getTime());
    await repository.insertLockTest(tx, {
      id,
      insurerPartyId,
      policyId: policy.id,
      requestedEmail: email,
      requestedBy: auth.identityPartyId,
      status: 'requested',
      createdAt: now,
      updatedAt: now,
    });
    const names = await identity.partyNames(tx, [insurerPartyId]);
    await enqueueMail(
      tx,
      lockTestRequestedMail({
        to: holder.email,
        language: holder.language,
        insurer: names.get(insurerPartyId) ?? '',
        url: `${deps.publicUrl}/insurance/${insurerPartyId}/lock-test-portal/${id}`,
      }),
    );
    await recordAuditEventBy(tx, auth, {
      action: 'insurance.lock_test_requested',
      targetPartyId: policy.holderPartyId,
      details: { lock_test_id: id, policy_id: policy.id, insurer_party_id: insurerPartyId },
      now,
    });
    return (await repository.findLockTestById(tx, id))!;
  });
  return present(deps, deps.db, row, 'insurer');
}

/**
 * GET /api/insurance/{insurer}/lock-tests: the insurer's staff see all of its lock tests (our staff
 * too, audited); anyone else sees the lock tests of their own policies at that insurer.
 */
export async function listLockTests(
  deps: InsuranceDeps,
  auth: RequestAuth,
  insurerPartyId: string,
  query: LockTestListQuery,
): Promise<LockTestList> {
  if (!isUuid(insurerPartyId)) throw new AppError('not_found');
  const { status, page, page_size: pageSize } = query;
  const offset = (page - 1) * pageSize;
  const viewer = await viewerOf(deps.db, auth);
  const audience = insurerAdminAudience(viewer, insurerPartyId);
  if (audience) {
    const { rows, total } = await repository.listLockTestsOfInsurer(deps.db, insurerPartyId, status, {
      limit: pageSize,
      offset,
    });
    if (audience === 'staff') {
      await recordAuditEvent(deps.db, {
        action: 'insurance.lock_tests_listed_by_staff',
        actorPartyId: auth.identityPartyId,
        targetPartyId: null,
        sessionId: auth.sessionId,
        details: { insurer_party_id: insurerPartyId },
      });
    }
    const items = await presentAll(deps, deps.db, rows, audience);
    return { items, total, page, page_size: pageSize };
  }
  // A holder's own lock tests at one insurer are a handful: paged in memory.
  const own = (await repository.listLockTestsOfHolder(deps.db, auth.partyId, insurerPartyId)).filter(
    (row) => status === undefined || row.status === status,
  );
  const items = await presentAll(deps, deps.db, own.slice(offset, offset + pageSize), 'holder');
  return { items, total: own.length, page, page_size: pageSize };
}

/** GET /api/insurance/lock-tests/{id}: for the policy's holder, its insurer's staff and our staff. */
export async function getLockTest(
  deps: InsuranceDeps,
  auth: RequestAuth,
  lockTestId: string,
): Promise<LockTest> {
  const { row, audience } = await findVisible(deps.db, await viewerOf(deps.db, auth), lockTestId);
  if (audience === 'staff') {
    await recordAuditEvent(deps.db, {
      action: 'insurance.lock_test_viewed_by_staff',
      actorPartyId: auth.identityPartyId,
      targetPartyId: (await policies.findPolicyById(deps.db, row.policyId))?.holderPartyId ?? null,
      sessionId: auth.sessionId,
      details: { lock_test_id: row.id },
    });
  }
  return present(deps, deps.db, row, audience);
}

/**
 * PUT /api/insurance/lock-tests/{id}/answer: the holder answers (or corrects the answer) until the
 * insurer decides. The bike must be on the policy; the register compares the certificate's frame
 * number with the bike's and keeps the result with the answer.
 */
export async function answerLockTest(
  deps: InsuranceDeps,
  auth: RequestAuth,
  lockTestId: string,
  answer: LockTestAnswer,
  now = new Date(),
): Promise<LockTest> {
  return deps.db.transaction(async (tx) => {
    const { row, policy, audience } = await findVisible(tx, await viewerOf(tx, auth), lockTestId, true);
    if (audience !== 'holder' || auth.partyId !== auth.identityPartyId) throw new AppError('not_found');
    if (!canAnswerLockTest(row.status as LockTestStatus)) throw new AppError('lock_test_not_answerable');
    const items = await policies.listItemsOfPolicies(tx, [policy.id]);
    const item = items.find((candidate) => candidate.bikeId === answer.bike_id);
    const { accepted } = await approvalsOf(tx, policy);
    const pictureIssues = [];
    for (const [index, fileId] of answer.picture_file_ids.entries()) {
      // The holder's own picture only, never one an earlier owner left (issue 27).
      const file = item
        ? await bikes.findFileOfBikeForOwnership(tx, item.bikeId, policy.holderPartyId, fileId)
        : null;
      if (file?.fileClass !== 'picture') {
        pictureIssues.push({
          loc: ['body', 'picture_file_ids', index],
          type: 'lock_test_picture_not_of_bike',
        });
      }
    }
    const issues = [
      ...(item ? [] : [{ loc: ['body', 'bike_id'], type: 'bike_not_on_policy' }]),
      ...(accepted.includes(answer.approval)
        ? []
        : [{ loc: ['body', 'approval'], type: 'lock_approval_not_accepted' }]),
      ...(item ? pictureIssues : []),
    ];
    if (issues.length > 0) throw new ValidationError(issues);
    const matches = frameNumbersMatch(answer.certificate_frame_number, item?.bike.frameNumber ?? null);
    await repository.updateLockTest(tx, row.id, {
      status: 'answered',
      approval: answer.approval,
      certificateNumber: answer.certificate_number,
      lockName: answer.lock_name,
      keyNumber: answer.key_number,
      bikeId: answer.bike_id,
      certificateFrameNumber: answer.certificate_frame_number,
      frameNumberMatches: matches,
      dealerStamp: answer.dealer_stamp,
      answeredAt: now,
      updatedAt: now,
    });
    await repository.replacePictures(tx, row.id, [...new Set(answer.picture_file_ids)]);
    await recordAuditEventBy(tx, auth, {
      action: 'insurance.lock_test_answered',
      targetPartyId: policy.holderPartyId,
      details: { lock_test_id: row.id, policy_id: policy.id, frame_number_matches: matches },
      now,
    });
    return present(deps, tx, (await repository.findLockTestById(tx, row.id))!, 'holder');
  });
}

/** POST /api/insurance/lock-tests/{id}/decision: that insurer's staff approve or reject an answer. */
export async function decideLockTest(
  deps: InsuranceDeps,
  auth: RequestAuth,
  lockTestId: string,
  decision: LockTestDecision,
  now = new Date(),
): Promise<LockTest> {
  return deps.db.transaction(async (tx) => {
    const { row, policy, audience } = await findVisible(tx, await viewerOf(tx, auth), lockTestId, true);
    if (audience !== 'insurer') throw new AppError('not_found');
    if (row.status !== 'answered') throw new AppError('lock_test_not_decidable');
    const reason = decision.decision === 'rejected' ? decision.reason : decision.reason || null;
    await repository.updateLockTest(tx, row.id, {
      status: decision.decision,
      decisionReason: reason,
      decidedBy: auth.identityPartyId,
      decidedAt: now,
      updatedAt: now,
    });
    const holder = await identity.findPersonById(tx, policy.holderPartyId);
    if (holder) {
      const names = await identity.partyNames(tx, [row.insurerPartyId]);
      await enqueueMail(
        tx,
        lockTestDecidedMail({
          to: holder.email,
          language: holder.language,
          insurer: names.get(row.insurerPartyId) ?? '',
          approved: decision.decision === 'approved',
          reason,
          url: `${deps.publicUrl}/insurance/${row.insurerPartyId}/lock-test-portal/${row.id}`,
        }),
      );
    }
    await recordAuditEventBy(tx, auth, {
      action: 'insurance.lock_test_decided',
      targetPartyId: policy.holderPartyId,
      details: {
        lock_test_id: row.id,
        policy_id: policy.id,
        before: { status: row.status },
        after: { status: decision.decision, reason },
      },
      now,
    });
    return present(deps, tx, (await repository.findLockTestById(tx, row.id))!, 'insurer');
  });
}
