import {
  type InsuredItemStatus,
  isOpenPolicy,
  isPossessionEditable,
  MAX_OTHER_IMAGES,
  POSSESSION_FILE_KINDS,
  type PolicyStatus,
  type Possession,
  type PossessionUploadInput,
} from '@nbr/domain/insurance';
import type { Executor } from '../../db/client.ts';
import { recordAuditEvent, recordAuditEventBy } from '../../platform/audit/audit.ts';
import type { RequestAuth } from '../../platform/auth/authenticate.ts';
import { AppError, ValidationError } from '../../platform/errors.ts';
import { isUuid, uuidv7 } from '../../platform/ids.ts';
import * as bikes from '../bikes/bikes.facade.ts';
import type { InsuranceDeps } from './insurance.deps.ts';
import { canChangePolicy, policyAudience } from './insurance.policy.ts';
import { viewerOf } from './policies.service.ts';
import { missingOf, presentPossession } from './possession.presenter.ts';
import * as repository from './possession.repository.ts';

/*
 * Proof of possession of an insured bike (issue 16 §2, SPEC §3 registration uploads): the holder
 * uploads pictures and documents through the bike's own file calls (POST /api/bikes/{id}/pictures
 * and /documents: re-encoded without metadata, stored and served by signed address), links each
 * to the insured bike as one kind of the product's required uploads, sets the bike's category and
 * type (PATCH /api/bikes/{id}) and sends it to our staff (needs_uploads | rejected → pending).
 * The holder, the staff of the insurer and our staff see it; everyone else gets 404.
 */

/** The possession answer of one item, with signed addresses of its files. */
export async function possessionOf(
  deps: InsuranceDeps,
  executor: Executor,
  item: repository.ItemFacts,
): Promise<Possession> {
  const uploads = await repository.listUploadsOfItems(executor, [item.id]);
  const [files, [check]] = await Promise.all([
    bikes.signedFileUrls(
      executor,
      deps.fileUrls,
      uploads.map((upload) => upload.bikeFileId),
    ),
    repository.findChecks(executor, [item.id]),
  ]);
  return presentPossession(item, uploads, files, check ?? null);
}

/**
 * GET /api/insurance/insured-items/{id}/possession/: to the holder, the insurer's staff and our
 * staff (whose look is audited: it shows the holder's receipt); 404 for anyone else.
 */
export async function getPossession(
  deps: InsuranceDeps,
  auth: RequestAuth,
  itemId: string,
): Promise<Possession> {
  if (!isUuid(itemId)) throw new AppError('not_found');
  const item = await repository.findItem(deps.db, itemId);
  if (!item) throw new AppError('not_found');
  const audience = policyAudience(await viewerOf(deps.db, auth), item);
  if (!audience) throw new AppError('not_found');
  if (audience === 'staff') {
    await recordAuditEvent(deps.db, {
      action: 'insurance.verification_viewed_by_staff',
      actorPartyId: auth.identityPartyId,
      targetPartyId: item.holderPartyId,
      sessionId: auth.sessionId,
      details: { insured_item_id: item.id, policy_id: item.policyId },
    });
  }
  return possessionOf(deps, deps.db, item);
}

/**
 * Runs one change of the holder's proof: the bike locked first, then the item; 404 unless the
 * caller is the holder themself; 409 policy_not_editable on a closed policy and
 * possession_not_editable once sent (pending) or verified.
 */
async function changePossession(
  deps: InsuranceDeps,
  auth: RequestAuth,
  itemId: string,
  change: (tx: Executor, item: repository.ItemFacts, now: Date) => Promise<void>,
): Promise<Possession> {
  if (!isUuid(itemId)) throw new AppError('not_found');
  return deps.db.transaction(async (tx) => {
    const peeked = await repository.findItem(tx, itemId);
    if (!peeked) throw new AppError('not_found');
    await repository.lockBike(tx, peeked.bikeId);
    const item = await repository.findItem(tx, itemId, true);
    if (!item || !canChangePolicy(await viewerOf(tx, auth), item)) throw new AppError('not_found');
    if (!isOpenPolicy(item.policyStatus as PolicyStatus)) throw new AppError('policy_not_editable');
    if (!isPossessionEditable(item.verificationStatus as InsuredItemStatus)) {
      throw new AppError('possession_not_editable');
    }
    const now = new Date();
    await change(tx, item, now);
    const changed = await repository.findItem(tx, item.id);
    return possessionOf(deps, tx, changed!);
  });
}

/**
 * POST …/possession/uploads/: links a file of the insured bike as one kind of upload (422
 * file_not_found for a file not of this bike, upload_kind_mismatch for a file of another kind). A
 * kind holds one file, which a new one replaces; other_images holds up to MAX_OTHER_IMAGES. A file
 * proves one thing: linked as another kind before, it moves to this one.
 */
export function addUpload(
  deps: InsuranceDeps,
  auth: RequestAuth,
  itemId: string,
  input: PossessionUploadInput,
): Promise<Possession> {
  return changePossession(deps, auth, itemId, async (tx, item, now) => {
    // The holder's own file only: an earlier owner's receipt proves nothing of theirs (issue 27).
    const file = await bikes.findFileOfBikeForOwnership(tx, item.bikeId, item.holderPartyId, input.file_id);
    if (!file) throw new ValidationError([{ loc: ['body', 'file_id'], type: 'file_not_found' }]);
    const accepted = POSSESSION_FILE_KINDS[input.kind];
    const kinds: readonly string[] = file.fileClass === 'picture' ? accepted.picture : accepted.document;
    if (!kinds.includes(file.kind)) {
      throw new ValidationError([{ loc: ['body', 'file_id'], type: 'upload_kind_mismatch' }]);
    }
    const sameKind = (await repository.listUploadsOfItems(tx, [item.id])).filter(
      (upload) => upload.kind === input.kind,
    );
    if (sameKind.some((upload) => upload.bikeFileId === file.fileId)) return;
    if (input.kind === 'other_images') {
      if (sameKind.length >= MAX_OTHER_IMAGES) throw new AppError('too_many_files');
    } else {
      await repository.deleteUploads(
        tx,
        item.id,
        sameKind.map((upload) => upload.id),
      );
    }
    await repository.deleteUploadsOfFile(tx, item.id, file.fileId);
    await repository.insertUpload(tx, {
      id: uuidv7(now.getTime()),
      insuredItemId: item.id,
      kind: input.kind,
      bikeFileId: file.fileId,
      createdAt: now,
    });
    await recordAuditEventBy(tx, auth, {
      action: 'insurance.possession_upload_added',
      targetPartyId: item.holderPartyId,
      details: { insured_item_id: item.id, kind: input.kind, file_id: file.fileId },
      now,
    });
  });
}

/** DELETE …/possession/uploads/{upload_id}/: unlinks an upload (the file stays among the bike's). */
export function removeUpload(
  deps: InsuranceDeps,
  auth: RequestAuth,
  itemId: string,
  uploadId: string,
): Promise<Possession> {
  return changePossession(deps, auth, itemId, async (tx, item, now) => {
    const removed = isUuid(uploadId) ? await repository.deleteUploads(tx, item.id, [uploadId]) : [];
    if (removed.length === 0) throw new AppError('not_found');
    await recordAuditEventBy(tx, auth, {
      action: 'insurance.possession_upload_removed',
      targetPartyId: item.holderPartyId,
      details: { insured_item_id: item.id, upload_id: uploadId, kind: removed[0] },
      now,
    });
  });
}

/**
 * POST …/possession/submit/: to our staff's queue (status pending) once every upload the product
 * requires is there and the bike has its category and type; else 409 possession_incomplete. A
 * rejected proof is sent again the same way; the previous decision is cleared.
 */
export function submitPossession(
  deps: InsuranceDeps,
  auth: RequestAuth,
  itemId: string,
): Promise<Possession> {
  return changePossession(deps, auth, itemId, async (tx, item, now) => {
    const uploads = await repository.listUploadsOfItems(tx, [item.id]);
    const missing = missingOf(
      item.verificationStatus as InsuredItemStatus,
      item.requiredUploads,
      uploads.map((upload) => upload.kind),
      item.bike,
    );
    if (missing.uploads.length > 0 || missing.details.length > 0) {
      throw new AppError('possession_incomplete');
    }
    await repository.updateItemStatus(tx, item.id, 'pending', now);
    await repository.upsertCheck(tx, item.id, {
      submittedAt: now,
      frameNumberMatches: null,
      plateFitted: null,
      receiptMatches: null,
      rejectionReason: null,
      decidedAt: null,
      decidedByPartyId: null,
      updatedAt: now,
    });
    await recordAuditEventBy(tx, auth, {
      action: 'insurance.possession_submitted',
      targetPartyId: item.holderPartyId,
      details: {
        insured_item_id: item.id,
        policy_id: item.policyId,
        from: item.verificationStatus,
        to: 'pending',
      },
      now,
    });
  });
}
