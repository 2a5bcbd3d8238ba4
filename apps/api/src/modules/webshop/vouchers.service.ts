import { randomInt } from 'node:crypto';
import type { Language } from '@nbr/domain/locale';
import {
  formatVoucherCode,
  normaliseVoucherCode,
  VOUCHER_ALPHABET,
  VOUCHER_CODE_LENGTH,
  type VoucherBatchCreate,
} from '@nbr/domain/webshop';
import type { Executor } from '../../db/client.ts';
import { recordAuditEventBy } from '../../platform/audit/audit.ts';
import type { RequestAuth } from '../../platform/auth/authenticate.ts';
import { AppError } from '../../platform/errors.ts';
import { type IdempotencyClaim, keepAnswer } from '../../platform/http/idempotency.ts';
import { uuidv7 } from '../../platform/ids.ts';
import * as catalogue from './catalogue.repository.ts';
import { settleOrder } from './order-fulfilment.service.ts';
import { presentOrder } from './orders.presenter.ts';
import * as orders from './orders.repository.ts';
import { buyerEmailOf, placeOrder, useVoucher } from './orders.service.ts';
import * as repository from './vouchers.repository.ts';
import { isUniqueViolation } from './webshop.repository.ts';
import type { WebshopDeps } from './webshop.service.ts';

/*
 * Vouchers (issue 15 §4): codes made in batches by staff, each granting a product or a discount,
 * single-use or with a count, until an expiry. Only a hash of each code is stored.
 */

/** A new random code: 12 characters of an alphabet without look-alikes (~59 bits). */
export function newVoucherCode(): string {
  return Array.from(
    { length: VOUCHER_CODE_LENGTH },
    () => VOUCHER_ALPHABET[randomInt(VOUCHER_ALPHABET.length)],
  ).join('');
}

/**
 * Stores a batch of codes, in the caller's transaction, and answers them in clear text (the only
 * time they are seen). `codes` may be given (the demo seed's known codes); else they are drawn.
 */
export async function storeVoucherBatch(
  executor: Executor,
  input: VoucherBatchCreate & { createdByPartyId: string | null; codes?: string[]; now: Date },
) {
  if (input.product_id) {
    const product = await catalogue.findProductById(executor, input.product_id);
    if (!product?.active) throw new AppError('product_unavailable');
  }
  const batchId = uuidv7(input.now.getTime());
  const codes = input.codes?.map(normaliseVoucherCode) ?? Array.from({ length: input.count }, newVoucherCode);
  await repository.insertBatch(
    executor,
    {
      id: batchId,
      note: input.note,
      productId: input.product_id ?? null,
      discountPercent: input.discount_percent ?? null,
      maxRedemptions: input.max_redemptions,
      expiresAt: new Date(input.expires_at),
      createdByPartyId: input.createdByPartyId,
      createdAt: input.now,
    },
    codes.map((code) => ({ id: uuidv7(input.now.getTime()), codeHash: repository.hashVoucherCode(code) })),
  );
  return {
    batch_id: batchId,
    note: input.note,
    expires_at: new Date(input.expires_at).toISOString(),
    max_redemptions: input.max_redemptions,
    product_id: input.product_id ?? null,
    discount_percent: input.discount_percent ?? null,
    codes: codes.map(formatVoucherCode),
  };
}

/** POST /api/webshop/voucher-batches (backoffice admins). */
export async function createVoucherBatch(deps: WebshopDeps, auth: RequestAuth, input: VoucherBatchCreate) {
  const now = new Date();
  if (new Date(input.expires_at).getTime() <= now.getTime()) throw new AppError('voucher_expiry_in_past');
  return deps.db.transaction(async (tx) => {
    const batch = await storeVoucherBatch(tx, { ...input, createdByPartyId: auth.identityPartyId, now });
    await recordAuditEventBy(tx, auth, {
      action: 'webshop.voucher_batch_created',
      targetPartyId: null,
      details: { batch_id: batch.batch_id, count: batch.codes.length, product_id: batch.product_id },
      now,
    });
    return batch;
  });
}

/** Products a voucher can give on its own, without a card or an address: registrations. */
const REDEEMABLE_KINDS = new Set(['subscription', 'registration']);

/**
 * POST /api/webshop/vouchers/redemptions: a voucher that grants a registration (or a subscription)
 * becomes a paid-by-voucher order, fulfilled at once — the credits, and the subscription period
 * SPEC §4 needs for them to be usable — in one transaction, without a card. Unknown, expired,
 * used-up and wrong-kind codes (a discount code, a code for goods) answer alike (voucher_invalid),
 * checked before anything else, so a guess learns nothing of a code; a person redeems a code once.
 */
export async function redeemVoucher(
  deps: WebshopDeps,
  auth: RequestAuth,
  input: { code: string; bike_id?: string | undefined },
  language: Language,
  /** The request's Idempotency-Key: the answer commits with the redemption. */
  idempotency: IdempotencyClaim | null,
) {
  const now = new Date();
  try {
    return await deps.db.transaction(async (tx) => {
      const voucher = await repository.findVoucherByHash(
        tx,
        repository.hashVoucherCode(normaliseVoucherCode(input.code)),
      );
      if (!voucher) throw new AppError('voucher_invalid');
      const productId = voucher.batch.productId;
      const product = productId ? await catalogue.findProductById(tx, productId) : null;
      if (!product || !REDEEMABLE_KINDS.has(product.kind)) throw new AppError('voucher_invalid');
      if (input.bike_id && product.kind !== 'registration') throw new AppError('bike_service_unavailable');
      const placed = await placeOrder(tx, auth.partyId, {
        items: [
          { product_id: product.id, quantity: 1, ...(input.bike_id ? { bike_id: input.bike_id } : {}) },
        ],
        immediateStartConsent: true,
        paymentMethod: 'voucher',
        discountPercent: 100,
        voucherId: voucher.id,
        language,
        buyerEmail: await buyerEmailOf(tx, auth),
        now,
      });
      await useVoucher(tx, voucher, auth.partyId, placed.id, now);
      const outcome = await settleOrder(tx, placed.id, now);
      if (outcome !== 'settled') throw new Error(`a new voucher order was ${outcome}`);
      const order = await orders.findOrder(tx, placed.id);
      if (!order) throw new Error('the voucher order vanished');
      const bike = input.bike_id ? await catalogue.findOwnedBike(tx, auth.partyId, input.bike_id) : null;
      return keepAnswer(tx, idempotency, {
        order: presentOrder(order),
        credits_granted: product.credits,
        bike_id: bike?.hasCredit ? bike.bikeId : null,
      });
    });
  } catch (error) {
    // The same person redeeming the same code twice at once: the second meets the unique index.
    if (isUniqueViolation(error)) throw new AppError('voucher_already_redeemed');
    throw error;
  }
}
