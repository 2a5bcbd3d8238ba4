import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { stickerBatches, stickers } from '../../db/schema/bikes.ts';

export type StickerBatchRow = typeof stickerBatches.$inferSelect;

export interface StickerBatchWithCounts extends StickerBatchRow {
  count: number;
  free: number;
  registered: number;
  void: number;
}

const counts = {
  count: sql<number>`count(${stickers.code})::int`,
  free: sql<number>`count(*) filter (where ${stickers.status} = 'free')::int`,
  registered: sql<number>`count(*) filter (where ${stickers.status} = 'registered')::int`,
  void: sql<number>`count(*) filter (where ${stickers.status} = 'void')::int`,
};

/** The newest batches first, with how many of their stickers are free, registered and void. */
export async function listBatches(executor: Executor, limit: number): Promise<StickerBatchWithCounts[]> {
  return executor
    .select({
      id: stickerBatches.id,
      kind: stickerBatches.kind,
      note: stickerBatches.note,
      createdAt: stickerBatches.createdAt,
      createdByPartyId: stickerBatches.createdByPartyId,
      assignedPartyId: stickerBatches.assignedPartyId,
      assignedAt: stickerBatches.assignedAt,
      ...counts,
    })
    .from(stickerBatches)
    .leftJoin(stickers, eq(stickers.batchId, stickerBatches.id))
    .groupBy(stickerBatches.id)
    .orderBy(desc(stickerBatches.createdAt), desc(stickerBatches.id))
    .limit(limit);
}

export async function findBatch(
  executor: Executor,
  batchId: string,
  lock = false,
): Promise<StickerBatchRow | null> {
  const query = executor.select().from(stickerBatches).where(eq(stickerBatches.id, batchId));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function findBatchWithCounts(
  executor: Executor,
  batchId: string,
): Promise<StickerBatchWithCounts | null> {
  const [row] = await executor
    .select({
      id: stickerBatches.id,
      kind: stickerBatches.kind,
      note: stickerBatches.note,
      createdAt: stickerBatches.createdAt,
      createdByPartyId: stickerBatches.createdByPartyId,
      assignedPartyId: stickerBatches.assignedPartyId,
      assignedAt: stickerBatches.assignedAt,
      ...counts,
    })
    .from(stickerBatches)
    .leftJoin(stickers, eq(stickers.batchId, stickerBatches.id))
    .where(eq(stickerBatches.id, batchId))
    .groupBy(stickerBatches.id);
  return row ?? null;
}

export async function setBatchAssignment(
  executor: Executor,
  batchId: string,
  assignedPartyId: string | null,
  at: Date | null,
): Promise<void> {
  await executor
    .update(stickerBatches)
    .set({ assignedPartyId, assignedAt: at })
    .where(eq(stickerBatches.id, batchId));
}

/** The codes of a batch in the order they were printed (their code order: stable across downloads). */
export async function listCodesOfBatch(executor: Executor, batchId: string): Promise<string[]> {
  const rows = await executor
    .select({ code: stickers.code })
    .from(stickers)
    .where(eq(stickers.batchId, batchId))
    .orderBy(asc(stickers.code));
  return rows.map((row) => row.code);
}

/** Voids a free sticker; false when it was not free (registered on something, or void already). */
export async function voidFreeSticker(
  executor: Executor,
  code: string,
  values: { voidedAt: Date; voidedByPartyId: string; voidReason: string },
): Promise<boolean> {
  const rows = await executor
    .update(stickers)
    .set({ status: 'void', ...values })
    .where(and(eq(stickers.code, code), eq(stickers.status, 'free')))
    .returning({ code: stickers.code });
  return rows.length === 1;
}
