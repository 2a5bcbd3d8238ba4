import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { stickerBatches, stickers } from '../../db/schema/bikes.ts';

export type StickerRow = typeof stickers.$inferSelect;

export async function insertBatch(
  executor: Executor,
  batch: { id: string; kind: string; note: string | null; createdByPartyId: string | null },
  codes: Array<{ code: string; lookAlike: string }>,
): Promise<void> {
  await executor.insert(stickerBatches).values(batch);
  if (codes.length === 0) return;
  await executor
    .insert(stickers)
    .values(codes.map(({ code, lookAlike }) => ({ code, lookAlike, batchId: batch.id, kind: batch.kind })));
}

export async function hasBatchWithNote(executor: Executor, note: string): Promise<boolean> {
  const [row] = await executor
    .select({ id: stickerBatches.id })
    .from(stickerBatches)
    .where(eq(stickerBatches.note, note))
    .limit(1);
  return row !== undefined;
}

/** The codes among these that already exist (a freshly drawn code must not collide). */
export async function existingCodes(executor: Executor, codes: string[]): Promise<Set<string>> {
  if (codes.length === 0) return new Set();
  const rows = await executor
    .select({ code: stickers.code })
    .from(stickers)
    .where(inArray(stickers.code, codes));
  return new Set(rows.map((row) => row.code));
}

export async function findSticker(
  executor: Executor,
  code: string,
  lock = false,
): Promise<StickerRow | null> {
  const query = executor.select().from(stickers).where(eq(stickers.code, code));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function findStickerOfBike(executor: Executor, bikeId: string): Promise<StickerRow | null> {
  const [row] = await executor.select().from(stickers).where(eq(stickers.bikeId, bikeId));
  return row ?? null;
}

export async function findStickersOfBikes(executor: Executor, bikeIds: string[]): Promise<StickerRow[]> {
  if (bikeIds.length === 0) return [];
  return executor.select().from(stickers).where(inArray(stickers.bikeId, bikeIds));
}

export async function findStickersOfEquipment(
  executor: Executor,
  equipmentIds: string[],
): Promise<StickerRow[]> {
  if (equipmentIds.length === 0) return [];
  return executor.select().from(stickers).where(inArray(stickers.equipmentId, equipmentIds));
}

/** Marks a free sticker as registered on a bike; false when it was not free any more (a race lost). */
export async function assignToBike(
  executor: Executor,
  code: string,
  bikeId: string,
  at: Date,
): Promise<boolean> {
  const rows = await executor
    .update(stickers)
    .set({ status: 'registered', bikeId, registeredAt: at })
    .where(and(eq(stickers.code, code), eq(stickers.status, 'free')))
    .returning({ code: stickers.code });
  return rows.length === 1;
}

export async function assignToEquipment(
  executor: Executor,
  code: string,
  equipmentId: string,
  at: Date,
): Promise<boolean> {
  const rows = await executor
    .update(stickers)
    .set({ status: 'registered', equipmentId, registeredAt: at })
    .where(and(eq(stickers.code, code), eq(stickers.status, 'free')))
    .returning({ code: stickers.code });
  return rows.length === 1;
}

/** Frees every sticker on a bike (its plate) so the bike can be deleted or its plate changed. */
export async function releaseFromBike(executor: Executor, bikeId: string): Promise<void> {
  await executor
    .update(stickers)
    .set({ status: 'free', bikeId: null, registeredAt: null })
    .where(eq(stickers.bikeId, bikeId));
}

export async function releaseFromEquipment(executor: Executor, equipmentIds: string[]): Promise<void> {
  if (equipmentIds.length === 0) return;
  await executor
    .update(stickers)
    .set({ status: 'free', equipmentId: null, registeredAt: null })
    .where(inArray(stickers.equipmentId, equipmentIds));
}

export async function countStickers(executor: Executor): Promise<number> {
  const [row] = await executor.select({ count: sql<number>`count(*)::int` }).from(stickers);
  return row?.count ?? 0;
}

/**
 * Bulk import of an existing register: the plates of imported bikes, as registered stickers. A code
 * that exists already is taken only when it is a free bike sticker. Answers the codes now on a bike.
 */
/**
 * importBikeStickers for the rows a source query answers (code, look_alike, bike_id): one
 * INSERT … SELECT with the same rule (a plate is taken only when free and for bikes).
 */
export async function importBikeStickersFrom(executor: Executor, source: SQL, at: Date): Promise<void> {
  await executor.execute(sql`
    insert into stickers (code, look_alike, kind, status, bike_id, registered_at)
    select code, look_alike, 'bike', 'registered', bike_id, ${at.toISOString()}::timestamptz
      from (${source}) as imported
    on conflict (code) do update
      set status = 'registered', bike_id = excluded.bike_id, registered_at = excluded.registered_at
      where stickers.status = 'free' and stickers.kind = 'bike'
  `);
}

export async function importBikeStickers(
  executor: Executor,
  rows: Array<{ code: string; lookAlike: string; bikeId: string }>,
  at: Date,
): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const result = await executor.execute(sql`
    insert into stickers (code, look_alike, kind, status, bike_id, registered_at)
    select code, look_alike, 'bike', 'registered', bike_id, ${at.toISOString()}::timestamptz
      from unnest(
        ${sql.param(rows.map((row) => row.code))}::text[],
        ${sql.param(rows.map((row) => row.lookAlike))}::text[],
        ${sql.param(rows.map((row) => row.bikeId))}::uuid[]
      ) as imported(code, look_alike, bike_id)
    on conflict (code) do update
      set status = 'registered', bike_id = excluded.bike_id, registered_at = excluded.registered_at
      where stickers.status = 'free' and stickers.kind = 'bike'
    returning code
  `);
  return new Set((result as unknown as { rows: Array<{ code: string }> }).rows.map((row) => row.code));
}
