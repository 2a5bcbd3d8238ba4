import { identifierKeys } from '@nbr/domain/identifiers';
import type {
  FileUploader,
  OwnershipVerification,
  OwnershipVerificationQueueItem,
  VerificationFrameStep,
  VerificationOwnerStep,
  VerificationStatus,
} from '@nbr/domain/ownership';
import type { Executor } from '../../db/client.ts';
import { recordAuditEvent } from '../../platform/audit/audit.ts';
import type { RequestAuth } from '../../platform/auth/authenticate.ts';
import { AppError, ValidationError } from '../../platform/errors.ts';
import { isUuid, uuidv7 } from '../../platform/ids.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import * as bikes from '../bikes/bikes.facade.ts';
import * as identity from '../identity/identity.facade.ts';
import type { OwnershipDeps } from './ownership.deps.ts';
import { describeBike, verificationDecidedMail } from './ownership.mails.ts';
import { isVerificationDecidable, isVerificationEditable } from './ownership.policy.ts';
import { presentVerification, presentVerificationQueueItem } from './ownership.presenter.ts';
import type { VerificationRow } from './ownership.repository.ts';
import * as repository from './ownership.repository.ts';

/*
 * Owner verification (issue 5 §4), the state machine of packages/domain ownership.ts:
 * not_started → draft → submitted → approved | rejected → (draft → submitted …). One row per
 * ownership, so a new owner starts over. The owner fills two steps — a frame-number picture with the
 * number read from it, and a proof (receipt picture or document) — and submits; staff decide in the
 * backoffice queue, and approval marks the bike owner-verified.
 */

const QUEUE_LIMIT = 200;
const PROOF_DOCUMENT_KINDS = ['receipt', 'form', 'other'];

function statusOf(row: VerificationRow | null): VerificationStatus {
  return (row?.status as VerificationStatus | undefined) ?? 'not_started';
}

/** GET /api/bikes/{bike_id}/ownership-verification: the owner's verification of their ownership. */
export async function getVerification(
  deps: OwnershipDeps,
  auth: RequestAuth,
  bikeId: string,
): Promise<OwnershipVerification> {
  const bike = await bikes.requireOwnBikeForOwnership(deps.db, auth, bikeId);
  const row = bike.ownershipId
    ? await repository.findVerificationOfOwnership(deps.db, bike.ownershipId)
    : null;
  return presentVerification(bike.bikeId, row);
}

/**
 * Runs one edit of the owner's verification: the bike locked, the row made on first use and locked;
 * 409 verification_not_editable while it is submitted or approved. A rejected one becomes a draft.
 */
async function editVerification(
  deps: OwnershipDeps,
  auth: RequestAuth,
  bikeId: string,
  edit: (
    tx: Executor,
    bike: bikes.BikeForOwnership,
    row: VerificationRow,
    now: Date,
  ) => Promise<Partial<VerificationRow>>,
): Promise<OwnershipVerification> {
  const row = await deps.db.transaction(async (tx) => {
    const bike = await bikes.requireOwnBikeForOwnership(tx, auth, bikeId, true);
    if (!bike.ownershipId) throw new AppError('not_found');
    const now = new Date();
    let current = await repository.findVerificationOfOwnership(tx, bike.ownershipId, true);
    if (current && !isVerificationEditable(statusOf(current)))
      throw new AppError('verification_not_editable');
    if (!current) {
      await repository.insertVerificationIfMissing(tx, {
        id: uuidv7(now.getTime()),
        bikeId: bike.bikeId,
        ownershipId: bike.ownershipId,
        status: 'draft',
        createdAt: now,
        updatedAt: now,
      });
      current = await repository.findVerificationOfOwnership(tx, bike.ownershipId, true);
      if (!current) throw new Error('a verification just created is missing');
    }
    const changes = await edit(tx, bike, current, now);
    return repository.updateVerification(tx, current.id, { ...changes, status: 'draft', updatedAt: now });
  });
  return presentVerification(row.bikeId, row);
}

/**
 * PUT …/ownership-verification/frame: a picture of kind frame_number of this bike (else 422
 * file_not_found) and the number read from it, which must be the bike's (else 422
 * frame_number_mismatch; compared by normalised key, so spaces and dashes do not matter).
 */
export function putFrameStep(
  deps: OwnershipDeps,
  auth: RequestAuth,
  bikeId: string,
  input: VerificationFrameStep,
): Promise<OwnershipVerification> {
  return editVerification(deps, auth, bikeId, async (tx, bike) => {
    const picture = await bikes.findFileOfBikeForOwnership(
      tx,
      bike.bikeId,
      bike.ownerPartyId,
      input.picture_id,
    );
    if (picture?.fileClass !== 'picture' || picture.kind !== 'frame_number') {
      throw new ValidationError([{ loc: ['body', 'picture_id'], type: 'file_not_found' }]);
    }
    const typed = identifierKeys(input.frame_number);
    if (!bike.frameNumberKey || typed.key !== bike.frameNumberKey) {
      throw new ValidationError([{ loc: ['body', 'frame_number'], type: 'frame_number_mismatch' }]);
    }
    return { frameNumber: typed.display, framePictureId: picture.fileId };
  });
}

/** PUT …/ownership-verification/owner: a receipt picture, or a receipt, form or other document of this bike. */
export function putOwnerStep(
  deps: OwnershipDeps,
  auth: RequestAuth,
  bikeId: string,
  input: VerificationOwnerStep,
): Promise<OwnershipVerification> {
  return editVerification(deps, auth, bikeId, async (tx, bike) => {
    const file = await bikes.findFileOfBikeForOwnership(tx, bike.bikeId, bike.ownerPartyId, input.file_id);
    const isProof =
      file !== null &&
      ((file.fileClass === 'picture' && file.kind === 'receipt') ||
        (file.fileClass === 'document' && PROOF_DOCUMENT_KINDS.includes(file.kind)));
    if (!file || !isProof) throw new ValidationError([{ loc: ['body', 'file_id'], type: 'file_not_found' }]);
    return { proofFileId: file.fileId, note: input.note ?? null };
  });
}

/** POST …/ownership-verification/submit: to the staff queue; 409 verification_incomplete unless both steps are done. */
export async function submitVerification(
  deps: OwnershipDeps,
  auth: RequestAuth,
  bikeId: string,
): Promise<OwnershipVerification> {
  const row = await deps.db.transaction(async (tx) => {
    const bike = await bikes.requireOwnBikeForOwnership(tx, auth, bikeId, true);
    const current = bike.ownershipId
      ? await repository.findVerificationOfOwnership(tx, bike.ownershipId, true)
      : null;
    if (current && !isVerificationEditable(statusOf(current)))
      throw new AppError('verification_not_editable');
    const view = presentVerification(bike.bikeId, current);
    if (!current || !view.frame_step_done || !view.owner_step_done)
      throw new AppError('verification_incomplete');
    const now = new Date();
    return repository.updateVerification(tx, current.id, {
      status: 'submitted',
      submittedAt: now,
      rejectionReason: null,
      decidedAt: null,
      decidedByPartyId: null,
      updatedAt: now,
    });
  });
  return presentVerification(row.bikeId, row);
}

// --- staff -----------------------------------------------------------------------------------------

/** GET /api/backoffice/ownership-verifications: submitted verifications, oldest first, with their proofs. */
export async function listVerificationQueue(deps: OwnershipDeps): Promise<OwnershipVerificationQueueItem[]> {
  const rows = await repository.listSubmittedVerificationsWithOwner(deps.db, QUEUE_LIMIT);
  const fileIds = rows.flatMap(({ verification }) =>
    [verification.framePictureId, verification.proofFileId].filter((id): id is string => id !== null),
  );
  const [bikeViews, files] = await Promise.all([
    bikes.describeBikesForOwnership(
      deps.db,
      deps.fileUrls,
      rows.map(({ verification }) => verification.bikeId),
      'transfer',
    ),
    bikes.signedFileUrls(deps.db, deps.fileUrls, fileIds),
  ]);
  // Staff see whose each proof is: the owner's own, or (from before proofs had to be) someone else's.
  const names = await identity.partyNames(deps.db, [
    ...rows.map((row) => row.ownerPartyId),
    ...[...files.values()].map((file) => file.uploadedByPartyId),
  ]);
  const uploaderOf = (fileId: string | null, ownerPartyId: string): FileUploader | null => {
    const file = fileId ? files.get(fileId) : undefined;
    if (!file) return null;
    return {
      name: names.get(file.uploadedByPartyId) ?? null,
      is_owner: file.uploadedByPartyId === ownerPartyId,
    };
  };
  return rows.map(({ verification, ownerPartyId }) =>
    presentVerificationQueueItem(verification, {
      bike: bikeViews.get(verification.bikeId),
      ownerName: names.get(ownerPartyId) ?? null,
      framePictureUrl: verification.framePictureId
        ? (files.get(verification.framePictureId)?.url ?? null)
        : null,
      proofFileUrl: verification.proofFileId ? (files.get(verification.proofFileId)?.url ?? null) : null,
      framePictureUploader: uploaderOf(verification.framePictureId, ownerPartyId),
      proofFileUploader: uploaderOf(verification.proofFileId, ownerPartyId),
    }),
  );
}

/**
 * POST /api/backoffice/ownership-verifications/{id}/approve | reject: staff decide a submitted
 * verification (else 409 conflict). Approval marks the bike owner-verified — only while the
 * ownership it proves is still the current one. The owner gets a mail; the decision is audited.
 */
async function decideVerification(
  deps: OwnershipDeps,
  auth: RequestAuth,
  verificationId: string,
  decision: 'approved' | 'rejected',
  reason: string | null,
): Promise<OwnershipVerification> {
  const row = await deps.db.transaction(async (tx) => {
    // The bike first, then the verification: the order of the owner's edits, so a decision racing
    // an edit queues instead of deadlocking.
    const peeked = isUuid(verificationId) ? await repository.findVerification(tx, verificationId) : null;
    if (peeked) await bikes.findBikeForOwnership(tx, peeked.bikeId, true);
    const found = peeked ? await repository.findVerification(tx, peeked.id, true) : null;
    if (!found) throw new AppError('not_found');
    if (!isVerificationDecidable(statusOf(found))) throw new AppError('conflict');
    const now = new Date();
    if (
      decision === 'approved' &&
      !(await bikes.markOwnerVerified(tx, found.bikeId, found.ownershipId, now))
    ) {
      // The bike changed hands since: the proof was about someone else's ownership.
      throw new AppError('conflict');
    }
    const updated = await repository.updateVerification(tx, found.id, {
      status: decision,
      rejectionReason: decision === 'rejected' ? reason : null,
      decidedAt: now,
      decidedByPartyId: auth.identityPartyId,
      updatedAt: now,
    });
    const ownerPartyId = await repository.findOwnerOfOwnership(tx, found.ownershipId);
    await recordAuditEvent(tx, {
      action: decision === 'approved' ? 'ownership.verification_approved' : 'ownership.verification_rejected',
      actorPartyId: auth.identityPartyId,
      targetPartyId: ownerPartyId,
      sessionId: auth.sessionId,
      details: { verification_id: found.id, bike_id: found.bikeId },
      now,
    });
    const owner = ownerPartyId ? await identity.findPersonById(tx, ownerPartyId) : null;
    const bike = await bikes.findBikeForOwnership(tx, found.bikeId);
    if (owner && !owner.deletedAt && bike) {
      await enqueueMail(
        tx,
        verificationDecidedMail({
          to: owner.email,
          language: owner.language,
          bike: describeBike(bike),
          link: `${deps.publicUrl}/app/bikes/verify-ownership`,
          decision,
          reason,
        }),
      );
    }
    return updated;
  });
  return presentVerification(row.bikeId, row);
}

export function approveVerification(deps: OwnershipDeps, auth: RequestAuth, verificationId: string) {
  return decideVerification(deps, auth, verificationId, 'approved', null);
}

export function rejectVerification(
  deps: OwnershipDeps,
  auth: RequestAuth,
  verificationId: string,
  reason: string,
) {
  return decideVerification(deps, auth, verificationId, 'rejected', reason);
}
