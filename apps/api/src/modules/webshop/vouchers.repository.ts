import { createHash } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { voucherBatches, voucherRedemptions, vouchers } from '../../db/schema/webshop.ts';

export type VoucherBatchRow = typeof voucherBatches.$inferSelect;

/** What is stored of a code: the sha256 of its normalised form. */
export function hashVoucherCode(normalisedCode: string): string {
  return createHash('sha256').update(`voucher:${normalisedCode}`).digest('hex');
}

export async function insertBatch(
  executor: Executor,
  batch: typeof voucherBatches.$inferInsert,
  codes: Array<{ id: string; codeHash: string }>,
): Promise<void> {
  await executor.insert(voucherBatches).values(batch);
  await executor
    .insert(vouchers)
    .values(codes.map((code) => ({ ...code, batchId: batch.id, createdAt: batch.createdAt })));
}

/** A voucher by its code's hash, with its batch (what it grants, until when, how often). */
export async function findVoucherByHash(
  executor: Executor,
  codeHash: string,
): Promise<{ id: string; redemptions: number; batch: VoucherBatchRow } | null> {
  const [row] = await executor
    .select({ id: vouchers.id, redemptions: vouchers.redemptions, batch: voucherBatches })
    .from(vouchers)
    .innerJoin(voucherBatches, eq(voucherBatches.id, vouchers.batchId))
    .where(eq(vouchers.codeHash, codeHash));
  return row ?? null;
}

/**
 * Uses the voucher once, if it has uses left and has not expired: one conditional increment, so
 * twenty people redeeming a single-use code at the same moment leave exactly one of them with it.
 */
export async function takeVoucherUse(
  executor: Executor,
  voucherId: string,
  maxRedemptions: number,
  now: Date,
  expiresAt: Date,
): Promise<boolean> {
  if (expiresAt.getTime() <= now.getTime()) return false;
  const rows = await executor
    .update(vouchers)
    .set({ redemptions: sql`${vouchers.redemptions} + 1` })
    .where(and(eq(vouchers.id, voucherId), lt(vouchers.redemptions, maxRedemptions)))
    .returning({ id: vouchers.id });
  return rows.length === 1;
}

export async function hasRedeemed(executor: Executor, voucherId: string, partyId: string): Promise<boolean> {
  const [row] = await executor
    .select({ id: voucherRedemptions.id })
    .from(voucherRedemptions)
    .where(and(eq(voucherRedemptions.voucherId, voucherId), eq(voucherRedemptions.partyId, partyId)));
  return row !== undefined;
}

export async function insertRedemption(
  executor: Executor,
  values: { id: string; voucherId: string; partyId: string; orderId: string; now: Date },
): Promise<void> {
  await executor.insert(voucherRedemptions).values({
    id: values.id,
    voucherId: values.voucherId,
    partyId: values.partyId,
    orderId: values.orderId,
    redeemedAt: values.now,
  });
}

/** Batches still valid (the demo seed checks whether its batch exists). */
export async function hasBatchWithNote(executor: Executor, note: string, now: Date): Promise<boolean> {
  const [row] = await executor
    .select({ id: voucherBatches.id })
    .from(voucherBatches)
    .where(and(eq(voucherBatches.note, note), gt(voucherBatches.expiresAt, now)));
  return row !== undefined;
}
