import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { parties } from './identity.ts';

/** A text per product language (da, en, no); the API answers the caller's. */
export type LocalisedText = Record<'da' | 'en' | 'no', string>;

/**
 * What the shop sells, per region in its currency (issue 15 §1). Prices are data, not code: staff
 * change them (backoffice); the seed rows come with the migration. A price is in minor units
 * including VAT (payments.md §4.1) and is whole kroner.
 */
export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey(),
    /** Stable name of the product in its region (`dk-single`), for bundles and the seed. */
    handle: text('handle').notNull(),
    region: text('region').notNull(),
    currency: text('currency').notNull(),
    /** PRODUCT_KINDS: subscription | registration | plates | bikedna. */
    kind: text('kind').notNull(),
    /** Subscriptions: SINGLE | FAMILY | ORGANISATION. */
    plan: text('plan'),
    /** Credits one unit gives (ORGANISATION: per unit bought). */
    credits: integer('credits').notNull().default(0),
    /** Subscriptions: months of one period. */
    periodMonths: integer('period_months'),
    renews: boolean('renews').notNull().default(false),
    physical: boolean('physical').notNull().default(false),
    priceMinor: integer('price_minor').notNull(),
    vatRatePercent: integer('vat_rate_percent').notNull().default(25),
    names: jsonb('names').$type<LocalisedText>().notNull(),
    descriptions: jsonb('descriptions').$type<LocalisedText>().notNull(),
    position: integer('position').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('products_handle_key').on(table.handle),
    index('products_region_idx').on(table.region, table.position),
    check('products_price_whole_kroner', sql`${table.priceMinor} >= 0 and ${table.priceMinor} % 100 = 0`),
  ],
);

/** Vouchers made together by staff (issue 15 §4): what they grant, until when, how often each. */
export const voucherBatches = pgTable(
  'voucher_batches',
  {
    id: uuid('id').primaryKey(),
    note: text('note').notNull(),
    /** The product a code gives for free, or null for a discount. */
    productId: uuid('product_id').references(() => products.id),
    discountPercent: integer('discount_percent'),
    /** Times each code may be used, each time by a different person. */
    maxRedemptions: integer('max_redemptions').notNull().default(1),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdByPartyId: uuid('created_by_party_id').references(() => parties.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'voucher_batches_grants_one_thing',
      sql`(${table.productId} is null) <> (${table.discountPercent} is null)`,
    ),
  ],
);

/**
 * One voucher code, kept only as the sha256 of its normalised form: the table alone gives no code
 * away. `redemptions` counts uses; the conditional increment is what makes a single-use code
 * single-use under concurrency.
 */
export const vouchers = pgTable(
  'vouchers',
  {
    id: uuid('id').primaryKey(),
    batchId: uuid('batch_id')
      .notNull()
      .references(() => voucherBatches.id),
    codeHash: text('code_hash').notNull(),
    redemptions: integer('redemptions').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('vouchers_code_hash_key').on(table.codeHash),
    index('vouchers_batch_idx').on(table.batchId),
  ],
);

/** Who used which voucher (once per person), and the order it made or discounted. */
export const voucherRedemptions = pgTable(
  'voucher_redemptions',
  {
    id: uuid('id').primaryKey(),
    voucherId: uuid('voucher_id')
      .notNull()
      .references(() => vouchers.id),
    partyId: uuid('party_id')
      .notNull()
      .references(() => parties.id),
    orderId: uuid('order_id').notNull(),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('voucher_redemptions_voucher_party_key').on(table.voucherId, table.partyId),
    index('voucher_redemptions_party_idx').on(table.partyId),
  ],
);

export interface StoredShippingAddress {
  name: string;
  street_address: string;
  zip_code: string;
  city: string;
  country: 'DK' | 'NO';
}

/**
 * An order (issue 15 §2). Paid only on the provider's word (a verified webhook, then the invoice
 * re-read, or the reconciliation pass). Kept 5 years for bookkeeping (payments.md §4.2) also after
 * the account is deleted: then the buyer's address and shipping address are erased
 * (`pseudonymised_at`) and only the party id remains.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey(),
    partyId: uuid('party_id')
      .notNull()
      .references(() => parties.id),
    region: text('region').notNull(),
    currency: text('currency').notNull(),
    /** ORDER_STATUSES */
    status: text('status').notNull().default('pending'),
    /** SHIPMENT_STATUSES: none without physical goods. */
    shipmentStatus: text('shipment_status').notNull().default('none'),
    subtotalMinor: integer('subtotal_minor').notNull(),
    discountMinor: integer('discount_minor').notNull().default(0),
    totalMinor: integer('total_minor').notNull(),
    vatMinor: integer('vat_minor').notNull(),
    voucherId: uuid('voucher_id').references(() => vouchers.id),
    /** reepay | vipps | voucher (a voucher that covered everything). */
    paymentMethod: text('payment_method').notNull(),
    /** The invoice (order) handle at the provider. */
    providerReference: text('provider_reference'),
    paymentUrl: text('payment_url'),
    shippingAddress: jsonb('shipping_address').$type<StoredShippingAddress>(),
    /** Where the receipt goes; erased when the account is deleted. */
    buyerEmail: text('buyer_email'),
    language: text('language').notNull().default('da'),
    /** The buyer's explicit consent that a registration starts at once (payments.md §4.3). */
    immediateStartConsentAt: timestamp('immediate_start_consent_at', { withTimezone: true }),
    /** Sequential per region from the first paid order (payments.md §4.2). */
    receiptNumber: integer('receipt_number'),
    /**
     * The card the order was paid with as the card provider reports it (card type and masked number,
     * `visa 411111XXXXXX1111`), kept to refuse a referral reward paid with the inviter's own card
     * (issue 30 §1); erased when the account is deleted.
     */
    paidWithCard: text('paid_with_card'),
    /** The carrier's tracking number, when staff gave one on shipping the plates. */
    trackingNumber: text('tracking_number'),
    /**
     * A sticker the buyer had already activated (scanned) when subscribing: it goes on the first bike
     * they register after paying (SPEC §7 already_activated_plate_id); taken when that bike is.
     */
    waitingPlateCode: text('waiting_plate_code'),
    waitingPlateTakenAt: timestamp('waiting_plate_taken_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    fulfilledAt: timestamp('fulfilled_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    pseudonymisedAt: timestamp('pseudonymised_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('orders_party_idx').on(table.partyId, table.createdAt),
    index('orders_awaiting_payment_idx')
      .on(table.createdAt)
      .where(sql`${table.status} in ('pending', 'failed')`),
    uniqueIndex('orders_receipt_number_key').on(table.region, table.receiptNumber),
    uniqueIndex('orders_provider_reference_key').on(table.paymentMethod, table.providerReference),
  ],
);

/** A line of an order, with the price and VAT it was sold at (the product may change later). */
export const orderLines = pgTable(
  'order_lines',
  {
    id: uuid('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    /** ORDER_LINE_KINDS: a product kind, or subscription_credit (credits added to a subscription). */
    kind: text('kind').notNull(),
    description: text('description').notNull(),
    quantity: integer('quantity').notNull(),
    unitPriceMinor: integer('unit_price_minor').notNull(),
    vatRatePercent: integer('vat_rate_percent').notNull(),
    totalMinor: integer('total_minor').notNull(),
    vatMinor: integer('vat_minor').notNull(),
    /** An add-on bought for one bike; no foreign key: the order outlives a deleted bike. */
    bikeId: uuid('bike_id'),
    /** `subscription_credit` lines: the subscription the credits are added to. */
    subscriptionId: uuid('subscription_id'),
  },
  (table) => [
    index('order_lines_order_idx').on(table.orderId, table.position),
    index('order_lines_bike_idx').on(table.bikeId),
  ],
);

/** The last receipt number given per region: one gap-free series each (payments.md §4.2). */
export const receiptSequences = pgTable('receipt_sequences', {
  region: text('region').primaryKey(),
  lastNumber: integer('last_number').notNull().default(0),
});

/**
 * Webhook deliveries of the payment providers, kept by the provider's event id: an event is
 * processed once, whatever the number and order of its deliveries.
 */
export const paymentWebhookEvents = pgTable(
  'payment_webhook_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    /** The invoice (or subscription) the event is about. */
    objectReference: text('object_reference'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.provider, table.eventId] })],
);

/**
 * A referral's reward (issue 30 §1): decided once per invited person when their first paid
 * registration settles, in the transaction that settles it. The unique key on the invited person is
 * what makes it once: a replayed webhook, a second event of the payment or a concurrent settlement
 * cannot commit a second row. `granted` holds the credit given (its subscription, source
 * `referral`); a refund of the order takes it back while unused (`taken_back`) or leaves it
 * (`kept_after_refund`); `refused` names why (REFERRAL_REFUSALS). Every change is audited too.
 */
export const referralRewards = pgTable(
  'referral_rewards',
  {
    id: uuid('id').primaryKey(),
    referrerPartyId: uuid('referrer_party_id')
      .notNull()
      .references(() => parties.id),
    referredPartyId: uuid('referred_party_id')
      .notNull()
      .references(() => parties.id),
    /** The settled order that decided it. */
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    /** REFERRAL_REWARD_STATUSES */
    status: text('status').notNull(),
    /** REFERRAL_REFUSALS, when refused. */
    refusal: text('refusal'),
    /** The subscription holding the credit given (source `referral`), when granted. */
    subscriptionId: uuid('subscription_id'),
    decidedAt: timestamp('decided_at', { withTimezone: true }).notNull(),
    /** When a refund took the credit back or left it. */
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /** When the inviter saw the news of the grant or take-back in the app (null: still shown). */
    referrerSeenAt: timestamp('referrer_seen_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('referral_rewards_referred_key').on(table.referredPartyId),
    index('referral_rewards_referrer_idx').on(table.referrerPartyId, table.decidedAt),
    index('referral_rewards_order_idx').on(table.orderId),
  ],
);
