import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { products, voucherBatches, vouchers } from '../../db/schema/webshop.ts';

/** Every product, by region and position (the staff's price list). */
export async function listAllProducts(executor: Executor) {
  return executor
    .select()
    .from(products)
    .orderBy(asc(products.region), asc(products.position), asc(products.handle));
}

export async function lockProduct(executor: Executor, productId: string) {
  const [row] = await executor.select().from(products).where(eq(products.id, productId)).for('update');
  return row ?? null;
}

export async function setProductPrice(executor: Executor, productId: string, priceMinor: number, now: Date) {
  await executor.update(products).set({ priceMinor, updatedAt: now }).where(eq(products.id, productId));
}

/** Voucher batches, newest first, with their number of codes and of uses. */
export async function listVoucherBatches(executor: Executor, limit: number) {
  return executor
    .select({
      id: voucherBatches.id,
      note: voucherBatches.note,
      productId: voucherBatches.productId,
      productHandle: products.handle,
      discountPercent: voucherBatches.discountPercent,
      maxRedemptions: voucherBatches.maxRedemptions,
      expiresAt: voucherBatches.expiresAt,
      createdAt: voucherBatches.createdAt,
      codes: sql<number>`count(${vouchers.id})::int`,
      redemptions: sql<number>`coalesce(sum(${vouchers.redemptions}), 0)::int`,
    })
    .from(voucherBatches)
    .leftJoin(products, eq(products.id, voucherBatches.productId))
    .leftJoin(vouchers, eq(vouchers.batchId, voucherBatches.id))
    .groupBy(voucherBatches.id, products.handle)
    .orderBy(desc(voucherBatches.createdAt), desc(voucherBatches.id))
    .limit(limit);
}
