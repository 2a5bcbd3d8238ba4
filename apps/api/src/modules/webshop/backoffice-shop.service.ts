import type { StaffProduct, StaffVoucherBatch } from '@nbr/domain/webshop';
import { recordAuditEventBy } from '../../platform/audit/audit.ts';
import type { RequestAuth } from '../../platform/auth/authenticate.ts';
import { AppError } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import * as repository from './backoffice-shop.repository.ts';
import type { WebshopDeps } from './webshop.service.ts';

/*
 * The shop's side of backoffice /v2/diverse (issue 17 §1): the price list, a price changed (an
 * order keeps the price it was sold at, order_lines), and the voucher batches made so far (making
 * one is POST /api/webshop/voucher-batches).
 */

type ProductRow = Awaited<ReturnType<typeof repository.listAllProducts>>[number];

function presentProduct(row: ProductRow): StaffProduct {
  return {
    id: row.id,
    handle: row.handle,
    region: row.region as StaffProduct['region'],
    currency: row.currency as StaffProduct['currency'],
    kind: row.kind,
    names: row.names,
    price_minor: row.priceMinor,
    vat_rate_percent: row.vatRatePercent,
    active: row.active,
  };
}

/** GET /api/backoffice/products */
export async function listProductsForStaff(deps: WebshopDeps): Promise<StaffProduct[]> {
  return (await repository.listAllProducts(deps.db)).map(presentProduct);
}

/** PUT /api/backoffice/products/{productId}/price: audited with the price before and after. */
export async function changeProductPrice(
  deps: WebshopDeps,
  auth: RequestAuth,
  productId: string,
  priceMinor: number,
): Promise<StaffProduct> {
  if (!isUuid(productId)) throw new AppError('not_found');
  return deps.db.transaction(async (tx) => {
    const product = await repository.lockProduct(tx, productId);
    if (!product) throw new AppError('not_found');
    if (product.priceMinor === priceMinor) return presentProduct(product);
    const now = new Date();
    await repository.setProductPrice(tx, productId, priceMinor, now);
    await recordAuditEventBy(tx, auth, {
      action: 'webshop.product_price_changed',
      targetPartyId: null,
      details: {
        product_id: productId,
        handle: product.handle,
        before: { price_minor: product.priceMinor },
        after: { price_minor: priceMinor },
      },
      now,
    });
    return presentProduct({ ...product, priceMinor, updatedAt: now });
  });
}

/** GET /api/backoffice/voucher-batches: the newest 100. */
export async function listVoucherBatchesForStaff(deps: WebshopDeps): Promise<StaffVoucherBatch[]> {
  const rows = await repository.listVoucherBatches(deps.db, 100);
  return rows.map((row) => ({
    batch_id: row.id,
    note: row.note,
    product_id: row.productId,
    product_handle: row.productHandle,
    discount_percent: row.discountPercent,
    max_redemptions: row.maxRedemptions,
    expires_at: row.expiresAt.toISOString(),
    created_at: row.createdAt.toISOString(),
    codes: row.codes,
    redemptions: row.redemptions,
  }));
}
