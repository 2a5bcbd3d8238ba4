import type { Language } from '@nbr/domain/locale';
import {
  currencyOfRegion,
  mayBuyProduct,
  normaliseVoucherCode,
  type Order,
  type OrderCreate,
  priceOrder,
} from '@nbr/domain/webshop';
import type { Executor } from '../../db/client.ts';
import type { RequestAuth } from '../../platform/auth/authenticate.ts';
import { AppError } from '../../platform/errors.ts';
import { isUuid, uuidv7 } from '../../platform/ids.ts';
import { localised } from './catalogue.presenter.ts';
import * as catalogue from './catalogue.repository.ts';
import { presentOrder } from './orders.presenter.ts';
import * as repository from './orders.repository.ts';
import * as vouchers from './vouchers.repository.ts';
import type { WebshopDeps } from './webshop.service.ts';

/*
 * Orders (issue 15 §2): priced on the server from the catalogue (never from the browser), with a
 * voucher's discount, the buyer's address for the receipt and a shipping address for goods.
 */

/** GET /api/webshop/orders: the acting party's orders, newest first. */
export async function listOrders(deps: WebshopDeps, auth: RequestAuth): Promise<Order[]> {
  return (await repository.listOrdersOfParty(deps.db, auth.partyId)).map(presentOrder);
}

/** GET /api/webshop/orders/{order_id}: one of the caller's orders; anyone else's answers 404. */
export async function getOrder(deps: WebshopDeps, auth: RequestAuth, orderId: string): Promise<Order> {
  if (!isUuid(orderId)) throw new AppError('not_found');
  const order = await repository.findOrder(deps.db, orderId);
  if (!order || order.partyId !== auth.partyId) throw new AppError('not_found');
  return presentOrder(order);
}

/** Product kinds bought for one bike, once. */
const PER_BIKE_KINDS = new Set(['registration', 'bikedna']);

export interface PlaceOrderInput {
  items: OrderCreate['items'];
  shippingAddress?: OrderCreate['shipping_address'];
  voucherCode?: string;
  immediateStartConsent: boolean;
  /** A checked sticker for the first bike registered after paying (subscription sessions). */
  waitingPlateCode?: string;
  /** insurance: plates for insured bikes, included with the policy (issue 16 §2; nothing to pay). */
  paymentMethod: 'reepay' | 'vipps' | 'voucher' | 'insurance';
  /** A voucher that grants the product: the whole order is covered (100 %). */
  discountPercent?: number;
  voucherId?: string;
  /** Club member prices: product id → unit price (minor units incl. VAT) instead of the catalogue's. */
  unitPrices?: Readonly<Record<string, number>>;
  /** A line's name instead of the catalogue's (a club's one-time purchase is no subscription). */
  lineDescriptions?: Readonly<Record<string, string>>;
  language: Language;
  buyerEmail: string | null;
  now: Date;
}

/**
 * Prices and stores a pending order, in the caller's transaction. Every product must be on sale
 * and of one region; goods need a shipping address; an add-on names a bike of the buyer that does
 * not have it yet; a discount voucher is used up here (once per person, its count and expiry).
 */
export async function placeOrder(
  executor: Executor,
  partyId: string,
  input: PlaceOrderInput,
): Promise<repository.OrderWithLines> {
  const products = await catalogue.findProductsByIds(executor, [
    ...new Set(input.items.map((item) => item.product_id)),
  ]);
  const productOf = (id: string) => {
    const product = products.find((candidate) => candidate.id === id);
    if (!product?.active) throw new AppError('product_unavailable');
    return product;
  };
  const lines = input.items.map((item) => ({ item, product: productOf(item.product_id) }));
  const regions = new Set(lines.map(({ product }) => product.region));
  if (regions.size !== 1) throw new AppError('product_unavailable');
  const region = lines[0]?.product.region ?? 'dk';
  if (lines.filter(({ product }) => product.kind === 'subscription').length > 1) {
    throw new AppError('one_subscription_per_order');
  }
  // Who may buy which product: the organisation plan only for an organisation (issue 27).
  const buyer = await catalogue.findBuyerKind(executor, partyId);
  if (lines.some(({ product }) => !mayBuyProduct(buyer, product)))
    throw new AppError('plan_for_organisations');
  if (lines.some(({ product }) => product.physical) && !input.shippingAddress) {
    throw new AppError('shipping_address_required');
  }
  for (const { item, product } of lines) {
    if (!item.bike_id) {
      if (product.kind === 'bikedna') throw new AppError('bike_service_unavailable');
      continue;
    }
    if (!PER_BIKE_KINDS.has(product.kind) || item.quantity !== 1)
      throw new AppError('bike_service_unavailable');
    const bike = await catalogue.findOwnedBike(executor, partyId, item.bike_id);
    if (!bike) throw new AppError('not_found');
    const paid = await catalogue.paidKindsForBike(executor, bike.bikeId);
    if (paid.includes(product.kind) || (product.kind === 'registration' && bike.hasCredit)) {
      throw new AppError('bike_service_unavailable');
    }
  }

  const orderId = uuidv7(input.now.getTime());
  let discountPercent = input.discountPercent ?? 0;
  let voucherId = input.voucherId ?? null;
  if (input.voucherCode) {
    const voucher = await vouchers.findVoucherByHash(
      executor,
      vouchers.hashVoucherCode(normaliseVoucherCode(input.voucherCode)),
    );
    if (!voucher) throw new AppError('voucher_invalid');
    // A code that grants a product is no discount: answered as an unknown code, so it is not probed.
    if (voucher.batch.discountPercent === null) throw new AppError('voucher_invalid');
    await useVoucher(executor, voucher, partyId, orderId, input.now);
    discountPercent = voucher.batch.discountPercent;
    voucherId = voucher.id;
  }

  const unitPriceOf = (product: { id: string; priceMinor: number }) =>
    input.unitPrices?.[product.id] ?? product.priceMinor;
  const totals = priceOrder(
    lines.map(({ item, product }) => ({
      unitPriceMinor: unitPriceOf(product),
      quantity: item.quantity,
      vatRatePercent: product.vatRatePercent,
    })),
    discountPercent,
  );
  await repository.insertOrder(
    executor,
    {
      id: orderId,
      partyId,
      region,
      currency: currencyOfRegion(region as 'dk' | 'no'),
      status: 'pending',
      shipmentStatus: 'none',
      subtotalMinor: totals.subtotalMinor,
      discountMinor: totals.discountMinor,
      totalMinor: totals.totalMinor,
      vatMinor: totals.vatMinor,
      voucherId,
      paymentMethod: input.paymentMethod,
      shippingAddress: input.shippingAddress ?? null,
      buyerEmail: input.buyerEmail,
      language: input.language,
      immediateStartConsentAt: input.immediateStartConsent ? input.now : null,
      waitingPlateCode: input.waitingPlateCode ?? null,
      createdAt: input.now,
      updatedAt: input.now,
    },
    lines.map(({ item, product }, index) => {
      const priced = totals.lines[index];
      if (!priced) throw new Error('a priced line is missing');
      return {
        id: uuidv7(input.now.getTime()),
        orderId,
        position: index + 1,
        productId: product.id,
        kind: product.kind,
        description: input.lineDescriptions?.[product.id] ?? localised(product.names, input.language),
        quantity: item.quantity,
        unitPriceMinor: unitPriceOf(product),
        vatRatePercent: product.vatRatePercent,
        totalMinor: priced.totalMinor,
        vatMinor: priced.vatMinor,
        bikeId: item.bike_id ?? null,
      };
    }),
  );
  const order = await repository.findOrder(executor, orderId);
  if (!order) throw new Error('the order vanished while placing it');
  return order;
}

/**
 * Uses a voucher for an order: once per person, then one of its uses (expired or used up answers
 * voucher_invalid, like an unknown code, so codes cannot be probed for their state).
 */
export async function useVoucher(
  executor: Executor,
  voucher: NonNullable<Awaited<ReturnType<typeof vouchers.findVoucherByHash>>>,
  partyId: string,
  orderId: string,
  now: Date,
): Promise<void> {
  if (await vouchers.hasRedeemed(executor, voucher.id, partyId))
    throw new AppError('voucher_already_redeemed');
  const taken = await vouchers.takeVoucherUse(
    executor,
    voucher.id,
    voucher.batch.maxRedemptions,
    now,
    voucher.batch.expiresAt,
  );
  if (!taken) throw new AppError('voucher_invalid');
  await vouchers.insertRedemption(executor, {
    id: uuidv7(now.getTime()),
    voucherId: voucher.id,
    partyId,
    orderId,
    now,
  });
}

/** The signed-in person's address, for the receipt. */
export async function buyerEmailOf(executor: Executor, auth: RequestAuth): Promise<string | null> {
  return catalogue.findEmailOfPerson(executor, auth.identityPartyId);
}
