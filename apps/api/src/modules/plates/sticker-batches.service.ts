import { identifierKeys, identifierShapeProblem } from '@nbr/domain/identifiers';
import {
  STICKER_BATCHES_PAGE_SIZE,
  type StickerBatch,
  type StickerBatchCreate,
  type StickerHistory,
  type StickerKind,
  type StickerStatus,
  stickerDigitalLink,
} from '@nbr/domain/plates';
import type { Database } from '../../db/client.ts';
import { recordAuditEventBy } from '../../platform/audit/audit.ts';
import type { RequestAuth } from '../../platform/auth/authenticate.ts';
import { AppError } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { findOrganisationsByIds, searchOrganisationsByName } from '../identity/identity.facade.ts';
import { findSticker } from './plates.repository.ts';
import { createBatch } from './plates.service.ts';
import * as repository from './sticker-batches.repository.ts';
import { renderStickerSheetPdf } from './sticker-sheet-pdf.ts';

/*
 * Our staff's work with printed stickers (issue 17 §1, /backoffice/plates): generate a batch of codes
 * for a kind, hand it to an organisation (a dealer, a business, an insurer), download its sheet of QR
 * codes to print, void codes that were lost (a void code is refused wherever a plate ID is typed),
 * and look up what happened to a code. Every change is audited with what it was before.
 */

export interface StickerBatchesDeps {
  db: Database;
  publicUrl: string;
  stickerGtin: string;
}

type Organisation = { partyId: string; name: string; type: string };

function presentBatch(
  row: repository.StickerBatchWithCounts,
  organisations: Map<string, Organisation>,
): StickerBatch {
  const assignee = row.assignedPartyId ? organisations.get(row.assignedPartyId) : undefined;
  return {
    id: row.id,
    kind: row.kind as StickerKind,
    note: row.note,
    created_at: row.createdAt.toISOString(),
    count: row.count,
    free: row.free,
    registered: row.registered,
    void: row.void,
    assigned_to: assignee ? { party_id: assignee.partyId, name: assignee.name, type: assignee.type } : null,
    assigned_at: row.assignedAt?.toISOString() ?? null,
  };
}

async function presentBatches(
  deps: StickerBatchesDeps,
  rows: repository.StickerBatchWithCounts[],
): Promise<StickerBatch[]> {
  const assigned = rows.flatMap((row) => (row.assignedPartyId ? [row.assignedPartyId] : []));
  const organisations = await findOrganisationsByIds(deps.db, assigned);
  return rows.map((row) => presentBatch(row, organisations));
}

/** GET /api/backoffice/sticker-batches: the newest batches with their counts and organisation. */
export async function listStickerBatches(deps: StickerBatchesDeps): Promise<{ items: StickerBatch[] }> {
  const rows = await repository.listBatches(deps.db, STICKER_BATCHES_PAGE_SIZE);
  return { items: await presentBatches(deps, rows) };
}

async function batchAnswer(deps: StickerBatchesDeps, batchId: string): Promise<StickerBatch> {
  const row = await repository.findBatchWithCounts(deps.db, batchId);
  if (!row) throw new AppError('not_found');
  const [batch] = await presentBatches(deps, [row]);
  if (!batch) throw new AppError('not_found');
  return batch;
}

/** POST /api/backoffice/sticker-batches: a new batch of fresh codes (audited). */
export async function generateStickerBatch(
  deps: StickerBatchesDeps,
  auth: RequestAuth,
  input: StickerBatchCreate,
): Promise<StickerBatch> {
  const batchId = await deps.db.transaction(async (tx) => {
    const batch = await createBatch(tx, {
      count: input.count,
      kind: input.kind,
      note: input.note || null,
      createdByPartyId: auth.identityPartyId,
    });
    await recordAuditEventBy(tx, auth, {
      action: 'plates.batch_created',
      targetPartyId: null,
      details: { batch_id: batch.batchId, kind: input.kind, count: input.count, note: input.note || null },
    });
    return batch.batchId;
  });
  return batchAnswer(deps, batchId);
}

/**
 * PUT /api/backoffice/sticker-batches/{batchId}/assignment: hand the batch to an organisation, or
 * take it back (null). Audited with the organisation before and after.
 */
export async function assignStickerBatch(
  deps: StickerBatchesDeps,
  auth: RequestAuth,
  batchId: string,
  organisationPartyId: string | null,
): Promise<StickerBatch> {
  if (!isUuid(batchId)) throw new AppError('not_found');
  await deps.db.transaction(async (tx) => {
    const batch = await repository.findBatch(tx, batchId, true);
    if (!batch) throw new AppError('not_found');
    if (organisationPartyId !== null) {
      const found = await findOrganisationsByIds(tx, [organisationPartyId]);
      if (!found.has(organisationPartyId)) throw new AppError('not_found');
    }
    if (batch.assignedPartyId === organisationPartyId) return;
    const now = new Date();
    await repository.setBatchAssignment(tx, batchId, organisationPartyId, organisationPartyId ? now : null);
    await recordAuditEventBy(tx, auth, {
      action: 'plates.batch_assigned',
      targetPartyId: null,
      details: {
        batch_id: batchId,
        before: { organisation_party_id: batch.assignedPartyId },
        after: { organisation_party_id: organisationPartyId },
        organisation_party_id: organisationPartyId ?? batch.assignedPartyId,
      },
      now,
    });
  });
  return batchAnswer(deps, batchId);
}

/** GET /api/backoffice/sticker-batches/assignees: organisations a batch can be handed to, by name. */
export async function searchAssignees(deps: StickerBatchesDeps, query: string) {
  const rows = await searchOrganisationsByName(deps.db, query);
  return rows.map((row) => ({ party_id: row.partyId, name: row.name, type: row.type }));
}

/** GET /api/backoffice/sticker-batches/{batchId}/sheet: the batch's label sheet as a PDF. */
export async function stickerBatchSheet(
  deps: StickerBatchesDeps,
  batchId: string,
): Promise<{ pdf: Buffer; fileName: string }> {
  if (!isUuid(batchId)) throw new AppError('not_found');
  const batch = await repository.findBatch(deps.db, batchId);
  if (!batch) throw new AppError('not_found');
  const codes = await repository.listCodesOfBatch(deps.db, batchId);
  const pdf = await renderStickerSheetPdf({
    title: `Stickers ${batch.kind} ${batch.createdAt.toISOString().slice(0, 10)}`,
    labels: codes.map((code) => ({ code, link: stickerDigitalLink(deps.publicUrl, deps.stickerGtin, code) })),
  });
  return { pdf, fileName: `stickers-${batch.kind}-${batchId}.pdf` };
}

function stickerKey(code: string): string {
  if (identifierShapeProblem(code)) throw new AppError('not_found');
  return identifierKeys(code).key;
}

/** GET /api/backoffice/stickers/{code}: what happened to a code, oldest first. */
export async function stickerHistory(deps: StickerBatchesDeps, code: string): Promise<StickerHistory> {
  const sticker = await findSticker(deps.db, stickerKey(code));
  if (!sticker) throw new AppError('not_found');
  const batch = sticker.batchId ? await repository.findBatch(deps.db, sticker.batchId) : null;
  const events: StickerHistory['events'] = [
    {
      event: 'created',
      at: (batch?.createdAt ?? sticker.createdAt).toISOString(),
      detail: batch?.note ?? null,
    },
  ];
  if (batch?.assignedPartyId && batch.assignedAt) {
    const organisation = (await findOrganisationsByIds(deps.db, [batch.assignedPartyId])).get(
      batch.assignedPartyId,
    );
    events.push({
      event: 'assigned',
      at: batch.assignedAt.toISOString(),
      detail: organisation?.name ?? null,
    });
  }
  if (sticker.registeredAt) {
    events.push({ event: 'activated', at: sticker.registeredAt.toISOString(), detail: null });
  }
  if (sticker.voidedAt) {
    events.push({ event: 'voided', at: sticker.voidedAt.toISOString(), detail: sticker.voidReason });
  }
  events.sort((a, b) => a.at.localeCompare(b.at));
  return {
    code: sticker.code,
    kind: sticker.kind as StickerKind,
    status: sticker.status as StickerStatus,
    batch_id: sticker.batchId,
    bike_id: sticker.bikeId,
    on_equipment: sticker.equipmentId !== null,
    events,
  };
}

/**
 * POST /api/backoffice/stickers/{code}/void: a lost or damaged code, still free, can never be
 * registered (checkPlateForBike refuses a void sticker); one on a bike or equipment, or void already,
 * is refused (409 sticker_not_voidable). Audited with the status before and after and the reason.
 */
export async function voidSticker(
  deps: StickerBatchesDeps,
  auth: RequestAuth,
  code: string,
  reason: string,
): Promise<StickerHistory> {
  const key = stickerKey(code);
  await deps.db.transaction(async (tx) => {
    const sticker = await findSticker(tx, key, true);
    if (!sticker) throw new AppError('not_found');
    const now = new Date();
    const voided = await repository.voidFreeSticker(tx, key, {
      voidedAt: now,
      voidedByPartyId: auth.identityPartyId,
      voidReason: reason,
    });
    if (!voided) throw new AppError('sticker_not_voidable');
    await recordAuditEventBy(tx, auth, {
      action: 'plates.sticker_voided',
      targetPartyId: null,
      details: {
        code: key,
        batch_id: sticker.batchId,
        before: { status: sticker.status },
        after: { status: 'void' },
        reason,
      },
      now,
    });
  });
  return stickerHistory(deps, key);
}
