import { z } from 'zod';
import { IdentifierSchema } from './bikes.ts';
import { PlanKindSchema } from './credits.ts';
import { RegionSchema } from './locale.ts';
import { CURRENCY_BY_REGION, type Currency, type Region } from './locale-values.ts';

/*
 * The webshop's rules and contracts (issue 15): the catalogue, prices and VAT, orders and their
 * states, vouchers. Money is always integer minor units (øre) plus a currency; prices to consumers
 * include VAT (payments.md §4.1), so VAT is split out of a gross price, never added on top.
 */

/** DK and NO standard VAT ("alminnelig sats"), both 25 % (payments.md §4.1). */
export const STANDARD_VAT_RATE_PERCENT = 25;

export const PRODUCT_KINDS = ['subscription', 'registration', 'plates', 'bikedna'] as const;
export const ProductKindSchema = z.enum(PRODUCT_KINDS);
export type ProductKind = z.infer<typeof ProductKindSchema>;

/** SPEC §9: stickers and plates are delivered within 7-10 business days. */
export const PLATE_DELIVERY_BUSINESS_DAYS = { min: 7, max: 10 } as const;

export function currencyOfRegion(region: Region): Currency {
  return CURRENCY_BY_REGION[region];
}

/**
 * The VAT inside a gross price: gross × rate / (100 + rate), rounded half up to whole minor units.
 * Integer arithmetic only, so 10000 øre at 25 % is exactly 2000 øre, never 1999.9999.
 */
export function vatOfGross(grossMinor: number, ratePercent: number): number {
  if (!Number.isSafeInteger(grossMinor) || grossMinor < 0)
    throw new RangeError('gross must be whole minor units');
  if (!Number.isInteger(ratePercent) || ratePercent < 0) throw new RangeError('rate must be whole percent');
  const divisor = 100 + ratePercent;
  return Math.floor((2 * grossMinor * ratePercent + divisor) / (2 * divisor));
}

/** A price shown to a consumer: whole kroner including VAT (payments.md §4.1), with the VAT in it. */
export interface PriceParts {
  gross_minor: number;
  vat_minor: number;
  net_minor: number;
}

export function splitGross(grossMinor: number, ratePercent: number): PriceParts {
  const vat = vatOfGross(grossMinor, ratePercent);
  return { gross_minor: grossMinor, vat_minor: vat, net_minor: grossMinor - vat };
}

/** A discount in percent takes this much off a gross amount, rounded to whole kroner down in the buyer's favour. */
export function discountedGross(grossMinor: number, discountPercent: number): number {
  if (!Number.isInteger(discountPercent) || discountPercent < 0 || discountPercent > 100) {
    throw new RangeError('discount must be 0..100 percent');
  }
  const kept = Math.floor((grossMinor * (100 - discountPercent)) / 100);
  // Round the price the buyer pays to whole kroner (100 minor units), never up.
  return kept - (kept % 100);
}

export interface PricedLineInput {
  unitPriceMinor: number;
  quantity: number;
  vatRatePercent: number;
}

export interface PricedLine {
  unitPriceMinor: number;
  quantity: number;
  vatRatePercent: number;
  /** What the buyer pays for the line, VAT included (after the order's discount). */
  totalMinor: number;
  vatMinor: number;
}

export interface OrderTotals {
  lines: PricedLine[];
  /** Before the discount. */
  subtotalMinor: number;
  discountMinor: number;
  totalMinor: number;
  vatMinor: number;
}

/**
 * Prices an order: each line is unit price × quantity, a percentage discount is taken off each
 * line (so every line keeps its own VAT rate), and the VAT of each line is split from what is paid
 * for it. The totals are the sums of the lines, so a receipt's lines always add up to its total.
 */
export function priceOrder(lines: PricedLineInput[], discountPercent = 0): OrderTotals {
  const priced = lines.map((line) => {
    if (!Number.isInteger(line.quantity) || line.quantity < 1) throw new RangeError('quantity must be ≥ 1');
    const gross = line.unitPriceMinor * line.quantity;
    const total = discountPercent > 0 ? discountedGross(gross, discountPercent) : gross;
    return {
      unitPriceMinor: line.unitPriceMinor,
      quantity: line.quantity,
      vatRatePercent: line.vatRatePercent,
      totalMinor: total,
      vatMinor: vatOfGross(total, line.vatRatePercent),
    };
  });
  const subtotal = lines.reduce((sum, line) => sum + line.unitPriceMinor * line.quantity, 0);
  const total = priced.reduce((sum, line) => sum + line.totalMinor, 0);
  return {
    lines: priced,
    subtotalMinor: subtotal,
    discountMinor: subtotal - total,
    totalMinor: total,
    vatMinor: priced.reduce((sum, line) => sum + line.vatMinor, 0),
  };
}

// --- orders ----------------------------------------------------------------------------------------

/**
 * Payment state of an order: pending → paid → fulfilled, or failed / cancelled while pending (a
 * failed card may still be paid later: the provider says `invoice_failed` "may later be authorized,
 * settled, cancelled or fail again", payments.md §1.7), and refunded after payment.
 */
export const ORDER_STATUSES = ['pending', 'paid', 'fulfilled', 'failed', 'cancelled', 'refunded'] as const;
export const OrderStatusSchema = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof OrderStatusSchema>;

/** Shipping of physical goods (plates): none for orders without any, else waiting → packed → shipped. */
export const SHIPMENT_STATUSES = ['none', 'waiting', 'packed', 'shipped'] as const;
export const ShipmentStatusSchema = z.enum(SHIPMENT_STATUSES);
export type ShipmentStatus = z.infer<typeof ShipmentStatusSchema>;

const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ['paid', 'failed', 'cancelled'],
  failed: ['paid', 'cancelled'],
  paid: ['fulfilled', 'refunded'],
  fulfilled: ['refunded'],
  cancelled: [],
  refunded: [],
};

export function canOrderMove(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

/** Whether the provider may still turn the order into a paid one (reconciliation asks about these). */
export function isAwaitingPayment(status: OrderStatus): boolean {
  return status === 'pending' || status === 'failed';
}

/** Whether the order has been paid (and possibly fulfilled or refunded since). */
export function wasPaid(status: OrderStatus): boolean {
  return status === 'paid' || status === 'fulfilled' || status === 'refunded';
}

const SHIPMENT_TRANSITIONS: Record<ShipmentStatus, readonly ShipmentStatus[]> = {
  none: [],
  waiting: ['packed'],
  packed: ['shipped'],
  shipped: [],
};

/** Plates are packed and shipped only once the order is paid. */
export function canShipmentMove(order: OrderStatus, from: ShipmentStatus, to: ShipmentStatus): boolean {
  return order === 'fulfilled' && SHIPMENT_TRANSITIONS[from].includes(to);
}

// --- vouchers ----------------------------------------------------------------------------------------

/** Letters and digits a person cannot mistake for each other (no 0/O, 1/I/L). */
export const VOUCHER_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const VOUCHER_CODE_LENGTH = 12;

/** A code as typed ("abcd-efgh ijkl") → its stored form ("ABCDEFGHIJKL"): case, spaces and dashes do not matter. */
export function normaliseVoucherCode(code: string): string {
  return code.replace(/[\s-]/g, '').toUpperCase();
}

/** A code as printed: groups of four joined by dashes. */
export function formatVoucherCode(code: string): string {
  return (
    normaliseVoucherCode(code)
      .match(/.{1,4}/g)
      ?.join('-') ?? ''
  );
}

// --- contracts ---------------------------------------------------------------------------------------

export const ProductsQuerySchema = z.object({ region: RegionSchema.optional() });

const MoneySchema = z.object({
  /** Minor units (øre) including VAT. */
  amount_minor: z.number().int(),
  /** Whole kroner including VAT, as shown to consumers. */
  amount: z.number().int(),
  vat_minor: z.number().int(),
  currency: z.enum(['DKK', 'NOK']),
});
export type Money = z.infer<typeof MoneySchema>;

export const ProductSchema = z.object({
  id: z.uuid(),
  handle: z.string(),
  region: RegionSchema,
  kind: ProductKindSchema,
  name: z.string(),
  description: z.string(),
  plan: PlanKindSchema.nullable(),
  /** Credits (bike registrations) one unit gives; 0 for goods. */
  credits: z.number().int(),
  /** Months a subscription period lasts; null for one-time products. */
  period_months: z.number().int().nullable(),
  renews: z.boolean(),
  physical: z.boolean(),
  /** Physical goods: delivered within this many business days. */
  delivery_business_days: z.object({ min: z.number().int(), max: z.number().int() }).nullable(),
  vat_rate_percent: z.number().int(),
  price: MoneySchema,
});
export type Product = z.infer<typeof ProductSchema>;
export const ProductListSchema = z.array(ProductSchema);

export const BikeServicesParamsSchema = z.object({ bike_id: z.string() });
export const BikeServicesSchema = z.object({ has_products: z.boolean() });

export const ShippingAddressSchema = z.object({
  name: z.string().trim().min(1).max(200),
  street_address: z.string().trim().min(1).max(200),
  zip_code: z.string().trim().min(3).max(12),
  city: z.string().trim().min(1).max(100),
  country: z.enum(['DK', 'NO']),
});
export type ShippingAddress = z.infer<typeof ShippingAddressSchema>;

/** What a line sells: a product, or credits added to a running subscription (prorated). */
export const ORDER_LINE_KINDS = [...PRODUCT_KINDS, 'subscription_credit'] as const;
export const OrderLineKindSchema = z.enum(ORDER_LINE_KINDS);
export type OrderLineKind = z.infer<typeof OrderLineKindSchema>;

export const OrderLineSchema = z.object({
  product_id: z.uuid(),
  kind: OrderLineKindSchema,
  description: z.string(),
  quantity: z.number().int(),
  unit_price_minor: z.number().int(),
  vat_rate_percent: z.number().int(),
  total_minor: z.number().int(),
  vat_minor: z.number().int(),
  bike_id: z.uuid().nullable(),
});

export const OrderSchema = z.object({
  id: z.uuid(),
  status: OrderStatusSchema,
  shipment_status: ShipmentStatusSchema,
  region: RegionSchema,
  currency: z.enum(['DKK', 'NOK']),
  subtotal_minor: z.number().int(),
  discount_minor: z.number().int(),
  total_minor: z.number().int(),
  vat_minor: z.number().int(),
  /** How it was paid: the card provider, or a voucher that covered it. */
  payment_method: z.string(),
  /** Sequential per region once paid (payments.md §4.2); null before. */
  receipt_number: z.string().nullable(),
  /** The receipt as a PDF (GET, with the buyer's bearer token) once paid; null before. */
  receipt_url: z.string().nullable(),
  /** The carrier's tracking number of shipped plates, when staff gave one. */
  tracking_number: z.string().nullable(),
  /**
   * A sticker activated before subscribing that goes on the first bike registered after paying;
   * null when there is none or it is on a bike already.
   */
  waiting_plate_id: z.string().nullable(),
  lines: z.array(OrderLineSchema),
  shipping_address: ShippingAddressSchema.nullable(),
  /** Physical goods: delivered within this many business days of payment. */
  delivery_business_days: z.object({ min: z.number().int(), max: z.number().int() }).nullable(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  fulfilled_at: z.string().nullable(),
});
export type Order = z.infer<typeof OrderSchema>;
export const OrderListSchema = z.array(OrderSchema);
export const OrderParamsSchema = z.object({ order_id: z.string() });

export const VoucherCodeSchema = z
  .string()
  .trim()
  .min(4, { error: 'invalid_value' })
  .max(40, { error: 'invalid_value' });

/** POST /api/webshop/vouchers/redemptions */
export const VoucherRedemptionSchema = z.object({
  code: VoucherCodeSchema,
  /** A registration voucher may go straight onto this bike of the caller (it has no credit yet). */
  bike_id: z.uuid().optional(),
});
export const VoucherRedemptionResultSchema = z.object({
  order: OrderSchema,
  /** Credits the voucher gave (free until used on a bike). */
  credits_granted: z.number().int(),
  /** The bike the credit went onto, when one was given and had none. */
  bike_id: z.uuid().nullable(),
});

/** POST /api/webshop/voucher-batches (backoffice admins): either a product or a discount. */
export const VoucherBatchCreateSchema = z
  .object({
    note: z.string().trim().min(1).max(200),
    count: z.number().int().min(1).max(1000),
    /** Times each code can be used (by different people); 1 = single use. */
    max_redemptions: z.number().int().min(1).max(10_000).default(1),
    expires_at: z.iso.datetime({ offset: true }),
    product_id: z.uuid().optional(),
    discount_percent: z.number().int().min(1).max(100).optional(),
  })
  .refine((batch) => (batch.product_id === undefined) !== (batch.discount_percent === undefined), {
    error: 'product_or_discount',
    path: ['product_id'],
  });
export type VoucherBatchCreate = z.infer<typeof VoucherBatchCreateSchema>;

export const VoucherBatchSchema = z.object({
  batch_id: z.uuid(),
  note: z.string(),
  expires_at: z.string(),
  max_redemptions: z.number().int(),
  product_id: z.uuid().nullable(),
  discount_percent: z.number().int().nullable(),
  /** The codes in clear text: shown this once, only their hashes are kept. */
  codes: z.array(z.string()),
});

export const OrderItemSchema = z.object({
  product_id: z.uuid({ error: 'invalid_value' }),
  quantity: z.number().int().min(1).max(100),
  /** An add-on bought for one bike (BikeDNA, a registration for it). */
  bike_id: z.uuid().optional(),
});

/** POST /api/webshop/orders/reepay */
export const OrderCreateSchema = z.object({
  items: z.array(OrderItemSchema).min(1).max(20),
  shipping_address: ShippingAddressSchema.optional(),
  voucher_code: VoucherCodeSchema.optional(),
  /**
   * The buyer asks for a registration to start at once and accepts that the 14-day right of
   * withdrawal ends once it is fully delivered (payments.md §4.3); an active choice, never preset.
   */
  immediate_start_consent: z.boolean().default(false),
});
export type OrderCreate = z.infer<typeof OrderCreateSchema>;

export const OrderCheckoutSchema = z.object({ order_id: z.uuid(), payment_url: z.string() });

/**
 * Bundles an order can start from (POST /api/webshop/orders/initiations?config_id=): products by
 * kind, taken from the buyer's region's catalogue. "register-bike": a registration for a bike plus a
 * pack of plates for it.
 */
export const ORDER_BUNDLES = {
  'register-bike': [
    { kind: 'registration', quantity: 1, perBike: true },
    { kind: 'plates', quantity: 1, perBike: false },
  ],
  'single-with-plates': [
    { kind: 'subscription', plan: 'SINGLE', quantity: 1, perBike: false },
    { kind: 'plates', quantity: 1, perBike: false },
  ],
} as const satisfies Record<
  string,
  ReadonlyArray<{ kind: ProductKind; plan?: string; quantity: number; perBike: boolean }>
>;
export type OrderBundleId = keyof typeof ORDER_BUNDLES;
export const OrderBundleIdSchema = z.enum(Object.keys(ORDER_BUNDLES) as [OrderBundleId, ...OrderBundleId[]]);

export const OrderInitiationQuerySchema = z.object({ config_id: OrderBundleIdSchema });
export const OrderInitiationSchema = z.object({
  /** The bike a per-bike product of the bundle is for. */
  bike_id: z.uuid().optional(),
  shipping_address: ShippingAddressSchema.optional(),
  voucher_code: VoucherCodeSchema.optional(),
  immediate_start_consent: z.boolean().default(false),
});
export type OrderInitiation = z.infer<typeof OrderInitiationSchema>;

export const WebhookAnswerSchema = z.object({ outcome: z.string() });

// --- subscriptions at the card provider ----------------------------------------------------------------

/** POST /api/webshop/subscriptions/sessions */
export const SubscriptionSessionCreateSchema = z.object({
  plan: PlanKindSchema,
  /** ORGANISATION: credits (bikes) bought; the other plans have a fixed number. */
  quantity: z.number().int().min(1).max(1000).default(1),
  /**
   * As for POST /api/webshop/orders/reepay: the buyer asks for the registration to start at once and
   * accepts that the right of withdrawal ends when it is used (payments.md §4.3); stored on the order.
   */
  immediate_start_consent: z.boolean().default(false),
  /**
   * A sticker the person already activated (scanned) before having a subscription: checked now, and
   * put on the first bike they register after paying (SPEC §7).
   */
  already_activated_plate_id: IdentifierSchema.optional(),
});
export type SubscriptionSessionCreate = z.infer<typeof SubscriptionSessionCreateSchema>;

/** POST /api/webshop/customers/sessions: what the person does with their subscription at the provider. */
export const CustomerSessionCreateSchema = z.object({
  /** change_card: only the card page; cancel: ends at the period's end; resume: undoes a cancellation. */
  action: z.enum(['change_card', 'cancel', 'resume']).default('change_card'),
});

export const CustomerSessionSchema = z.object({
  /** The provider's page where the person changes the card. */
  url: z.string().nullable(),
  plan: PlanKindSchema,
  /** Cancelled subscriptions stay active until the period ends (payments.md §1.4, §4.4). */
  cancelled: z.boolean(),
  current_period_end: z.string().nullable(),
  active: z.boolean(),
});

/** POST /api/webshop/customer-session-for-pricing-table */
export const PricingTableSchema = z.object({
  region: RegionSchema,
  currency: z.enum(['DKK', 'NOK']),
  plans: z.array(ProductSchema),
  current_plan: PlanKindSchema.nullable(),
  subscription_active: z.boolean(),
  current_period_end: z.string().nullable(),
  /** The person's subscription at the provider is cancelled and ends with the period. */
  cancel_at_period_end: z.boolean(),
  /**
   * The current subscription is one at the card provider, so it renews by itself (unless
   * cancel_at_period_end) and can be cancelled, resumed and have its card changed. False for a
   * one-time registration (or a voucher's credit): nothing renews and there is nothing to cancel.
   */
  renews: z.boolean(),
});

/**
 * The price of one more credit in a running subscription: the plan's price per credit for the part
 * of the period that is left, in whole kroner rounded down (never below 1 kr while time is left).
 */
export function proratedCreditPrice(
  plan: { priceMinor: number; credits: number; periodMonths: number },
  periodEnd: Date,
  now: Date,
): number {
  const periodMs = plan.periodMonths * 30.4375 * 24 * 60 * 60 * 1000;
  const leftMs = Math.min(Math.max(periodEnd.getTime() - now.getTime(), 0), periodMs);
  if (leftMs === 0) return 0;
  const perCredit = plan.priceMinor / Math.max(plan.credits, 1);
  const kroner = Math.floor((perCredit * leftMs) / periodMs / 100);
  return Math.max(kroner, 1) * 100;
}

/** POST /api/webshop/subscriptions/bikes */
export const SubscriptionBikesCreateSchema = z.object({
  /** Credits (bikes) to add to the active subscription. */
  quantity: z.number().int().min(1).max(100).default(1),
});

/** POST /api/webshop/orders/{order_id}/shipment (staff): the next step of a plate shipment. */
export const ShipmentUpdateSchema = z
  .object({
    status: z.enum(['packed', 'shipped']),
    /** The carrier's tracking number, shown to the buyer; only when shipping. */
    tracking_number: z.string().trim().min(1).max(100).optional(),
  })
  .refine((update) => update.tracking_number === undefined || update.status === 'shipped', {
    error: 'invalid_value',
    path: ['tracking_number'],
  });

/** What POST /api/webshop/subscriptions/bikes answers. */
export const SubscriptionCreditsStartedSchema = z.object({
  /** A card payment to make (SINGLE, FAMILY); null when the stored card is billed (ORGANISATION). */
  order_id: z.uuid().nullable(),
  payment_url: z.string().nullable(),
  credits_added: z.number().int(),
});

/** GET /api/backoffice/orders (staff): the shop's orders, newest first, 50 to a page. */
export const STAFF_ORDERS_PAGE_SIZE = 50;
export const StaffOrderQuerySchema = z.object({
  /** An order number (DK-000042 or 42), an order id, or part of the buyer's e-mail address. */
  query: z.string().trim().max(100, { error: 'too_long' }).optional().default(''),
  status: OrderStatusSchema.optional(),
  shipment_status: ShipmentStatusSchema.optional(),
  page: z.coerce.number({ error: 'invalid_value' }).int().min(1).max(100).optional().default(1),
});
export type StaffOrderQuery = z.infer<typeof StaffOrderQuerySchema>;

export const StaffOrderSchema = OrderSchema.extend({
  /** Where the buyer's mails go; null once their account was deleted. */
  buyer_email: z.string().nullable(),
  buyer_party_id: z.uuid(),
});
export type StaffOrder = z.infer<typeof StaffOrderSchema>;
export const StaffOrderListSchema = z.object({ items: z.array(StaffOrderSchema), has_more: z.boolean() });
export type StaffOrderList = z.infer<typeof StaffOrderListSchema>;

/*
 * Backoffice /v2/diverse (issue 17 §1): the shop's prices and its voucher batches.
 */

/** GET /api/backoffice/products (staff): every product of both regions, inactive ones too. */
export const StaffProductSchema = z.object({
  id: z.uuid(),
  handle: z.string(),
  region: RegionSchema,
  currency: z.enum(['DKK', 'NOK']),
  kind: z.string(),
  names: z.object({ da: z.string(), en: z.string(), no: z.string() }),
  price_minor: z.number().int(),
  vat_rate_percent: z.number().int(),
  active: z.boolean(),
});
export type StaffProduct = z.infer<typeof StaffProductSchema>;
export const StaffProductListSchema = z.array(StaffProductSchema);

export const StaffProductParamsSchema = z.object({ productId: z.string() });

/** PUT /api/backoffice/products/{productId}/price (admins): a new price incl. VAT, in whole kroner. */
export const ProductPriceUpdateSchema = z.object({
  price_minor: z
    .number({ error: 'invalid_value' })
    .int({ error: 'invalid_value' })
    .min(0, { error: 'invalid_value' })
    .max(10_000_000, { error: 'invalid_value' })
    .refine((value) => value % 100 === 0, { error: 'invalid_value' }),
});

/** GET /api/backoffice/voucher-batches (admins): batches, newest first, with how much they were used. */
export const StaffVoucherBatchSchema = z.object({
  batch_id: z.uuid(),
  note: z.string(),
  product_id: z.uuid().nullable(),
  product_handle: z.string().nullable(),
  discount_percent: z.number().int().nullable(),
  max_redemptions: z.number().int(),
  expires_at: z.string(),
  created_at: z.string(),
  codes: z.number().int(),
  redemptions: z.number().int(),
});
export type StaffVoucherBatch = z.infer<typeof StaffVoucherBatchSchema>;
export const StaffVoucherBatchListSchema = z.array(StaffVoucherBatchSchema);

/** Who buys: a private person, or an organisation (its admin acting for it). */
export type BuyerKind = 'person' | 'organisation';

/**
 * Who may buy which product (issue 27): the ORGANISATION plan is priced per bike for organisations
 * and bought by their admins on the organisation's page; a private person buys SINGLE or FAMILY
 * (and the one-time products), never the organisation plan.
 */
export function mayBuyProduct(buyer: BuyerKind, product: { kind: string; plan?: string | null }): boolean {
  if (product.kind === 'subscription' && product.plan === 'ORGANISATION') return buyer === 'organisation';
  return true;
}
