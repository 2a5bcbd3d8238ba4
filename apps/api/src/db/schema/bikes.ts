import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
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

/**
 * A registered bike. Identifiers are kept three ways (ARCHITECTURE §5): as entered, as the
 * normalised key (unique among registered bikes) and as the look-alike key (search candidates).
 * The current owner is also kept on the row (owner_party_id) so "my bikes" is one index lookup; the
 * history of who owned it when lives in bike_ownerships.
 */
export const bikes = pgTable(
  'bikes',
  {
    id: uuid('id').primaryKey(),
    ownerPartyId: uuid('owner_party_id')
      .notNull()
      .references(() => parties.id),
    nickname: text('nickname').notNull(),
    frameNumber: text('frame_number'),
    frameNumberKey: text('frame_number_key'),
    frameNumberLookAlike: text('frame_number_look_alike'),
    brand: text('brand'),
    model: text('model'),
    productionYear: integer('production_year'),
    /** BIKE_CATEGORIES, BIKE_COLORS, BIKE_TYPES in packages/domain/bikes.ts. */
    category: text('category'),
    color: text('color'),
    type: text('type'),
    isElectric: boolean('is_electric').notNull().default(false),
    /** Minor units (øre) of `currency`; shown and entered in whole kroner. */
    priceMinor: integer('price_minor'),
    currency: text('currency', { enum: ['DKK', 'NOK'] }).notNull(),
    purchaseDate: date('purchase_date'),
    bikeDnaCode: text('bikedna_code'),
    /** active | searchable | private (BIKE_VISIBILITIES). */
    visibility: text('visibility').notNull().default('active'),
    /** registered | stolen (the theft issue sets stolen). */
    status: text('status').notNull().default('registered'),
    /** The region the bike is registered in (the owner's at registration). */
    region: text('region').notNull(),
    ownerVerifiedAt: timestamp('owner_verified_at', { withTimezone: true }),
    /** Set when ownership first moves by transfer; from then on the frame number cannot change. */
    frameNumberLockedAt: timestamp('frame_number_locked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('bikes_frame_number_key')
      .on(table.frameNumberKey)
      .where(sql`${table.frameNumberKey} is not null`),
    index('bikes_frame_number_look_alike_idx')
      .on(table.frameNumberLookAlike)
      .where(sql`${table.frameNumberLookAlike} is not null`),
    index('bikes_owner_idx').on(table.ownerPartyId, table.createdAt),
    check('bikes_price_not_negative', sql`${table.priceMinor} is null or ${table.priceMinor} >= 0`),
  ],
);

/** Who owned a bike when, and how they came to own it; the open row (ended_at null) is the current one. */
export const bikeOwnerships = pgTable(
  'bike_ownerships',
  {
    id: uuid('id').primaryKey(),
    bikeId: uuid('bike_id')
      .notNull()
      .references(() => bikes.id, { onDelete: 'cascade' }),
    ownerPartyId: uuid('owner_party_id')
      .notNull()
      .references(() => parties.id),
    /** registered | transferred | staff (OWNERSHIP_ORIGINS). */
    how: text('how').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** The person who acted (a member of an owning organisation, or staff switched in). */
    createdByPartyId: uuid('created_by_party_id').references(() => parties.id),
  },
  (table) => [
    uniqueIndex('bike_ownerships_current_key').on(table.bikeId).where(sql`${table.endedAt} is null`),
    index('bike_ownerships_owner_idx').on(table.ownerPartyId),
  ],
);

/** A printed batch of QR stickers. */
export const stickerBatches = pgTable('sticker_batches', {
  id: uuid('id').primaryKey(),
  /** bike | insurance | equipment (STICKER_KINDS). */
  kind: text('kind').notNull(),
  note: text('note'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  createdByPartyId: uuid('created_by_party_id').references(() => parties.id),
  /** The organisation (a dealer, a business, an insurer…) the batch was handed to by our staff, if any. */
  assignedPartyId: uuid('assigned_party_id').references(() => parties.id),
  assignedAt: timestamp('assigned_at', { withTimezone: true }),
});

/**
 * A QR sticker; its code is the plate ID. A sticker is on at most one thing: a bike or an item of
 * equipment, never both (check), and one bike has at most one plate. Because the code is the primary
 * key, a plate ID is unique across bikes and equipment by construction.
 */
export const stickers = pgTable(
  'stickers',
  {
    /** The normalised code (normaliseIdentifier), as printed. */
    code: text('code').primaryKey(),
    lookAlike: text('look_alike').notNull(),
    batchId: uuid('batch_id').references(() => stickerBatches.id),
    kind: text('kind').notNull(),
    /** free | registered | void (STICKER_STATUSES). */
    status: text('status').notNull().default('free'),
    /** No cascade: deleting a bike or item must free its sticker first (the check below holds). */
    bikeId: uuid('bike_id').references(() => bikes.id),
    equipmentId: uuid('equipment_id').references(() => bikeEquipment.id),
    registeredAt: timestamp('registered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When our staff voided a lost or damaged sticker (status void), who did, and why. */
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    voidedByPartyId: uuid('voided_by_party_id').references(() => parties.id),
    voidReason: text('void_reason'),
  },
  (table) => [
    index('stickers_batch_idx').on(table.batchId),
    uniqueIndex('stickers_bike_key').on(table.bikeId).where(sql`${table.bikeId} is not null`),
    index('stickers_equipment_idx').on(table.equipmentId).where(sql`${table.equipmentId} is not null`),
    index('stickers_look_alike_idx').on(table.lookAlike),
    check('stickers_one_holder', sql`${table.bikeId} is null or ${table.equipmentId} is null`),
    check(
      'stickers_registered_has_holder',
      sql`(${table.status} = 'registered') = (${table.bikeId} is not null or ${table.equipmentId} is not null)`,
    ),
  ],
);

/** A battery, lock or accessory of a bike (SPEC §3 Equipment); deleted with the bike. */
export const bikeEquipment = pgTable(
  'bike_equipment',
  {
    id: uuid('id').primaryKey(),
    bikeId: uuid('bike_id')
      .notNull()
      .references(() => bikes.id, { onDelete: 'cascade' }),
    /** battery | lock | accessory (EQUIPMENT_TYPES). */
    itemType: text('item_type').notNull(),
    note: text('note'),
    serialNumbers: text('serial_numbers').array().notNull().default(sql`'{}'::text[]`),
    dnaPasteIds: text('dna_paste_ids').array().notNull().default(sql`'{}'::text[]`),
    manufacturerName: text('manufacturer_name'),
    productName: text('product_name'),
    frameNumberMatch: boolean('frame_number_match'),
    hasSignature: boolean('has_signature'),
    varefaktaNumber: text('varefakta_number'),
    lockDate: date('lock_date'),
    physicalKeyNumber: text('physical_key_number'),
    /** padlock | folding | ring | chain | click (LOCK_TYPES). */
    lockType: text('lock_type'),
    accessoryType: text('accessory_type'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('bike_equipment_bike_idx').on(table.bikeId)],
);

/**
 * A picture or document of a bike (or of one item of its equipment). The bytes live in file storage
 * (disk under DATA_DIR or S3) under storage_key; pictures are re-encoded without metadata and get a
 * thumbnail. uploaded_by is the owner party at upload, so an old owner's private pictures can stay
 * behind when the bike changes hands.
 */
export const bikeFiles = pgTable(
  'bike_files',
  {
    id: uuid('id').primaryKey(),
    bikeId: uuid('bike_id')
      .notNull()
      .references(() => bikes.id, { onDelete: 'cascade' }),
    equipmentId: uuid('equipment_id').references(() => bikeEquipment.id, { onDelete: 'cascade' }),
    /** picture | document */
    fileClass: text('file_class').notNull(),
    /** PICTURE_KINDS for pictures, DOCUMENT_KINDS for documents. */
    kind: text('kind').notNull(),
    storageKey: text('storage_key').notNull(),
    thumbnailKey: text('thumbnail_key'),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    width: integer('width'),
    height: integer('height'),
    /** The uploaded file's name (documents show it); pictures get a generated one. */
    fileName: text('file_name').notNull(),
    uploadedByPartyId: uuid('uploaded_by_party_id')
      .notNull()
      .references(() => parties.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('bike_files_bike_idx').on(table.bikeId, table.createdAt)],
);

/** A subscription of a party (SPEC §3 Subscription): a plan with credits and a paid period. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey(),
    partyId: uuid('party_id')
      .notNull()
      .references(() => parties.id),
    /** SINGLE | FAMILY | ORGANISATION (PLAN_KINDS). */
    plan: text('plan').notNull(),
    /** Null: no paid period (VIP, granted credits). */
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    /** The subscription's id at the card payment provider; null for granted ones. */
    externalId: text('external_id'),
    /** seed | dev | legacy | purchase | voucher | staff */
    source: text('source').notNull(),
    /** The order that paid for it (purchase, voucher); unique, so an order is fulfilled once. */
    orderId: uuid('order_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('subscriptions_party_idx').on(table.partyId),
    uniqueIndex('subscriptions_order_key').on(table.orderId).where(sql`${table.orderId} is not null`),
  ],
);

/**
 * A bike-ownership credit (SPEC §3 Credit): free while bike_ownership_id is null, used once attached.
 * A bike ownership holds at most one credit (unique).
 */
export const bikeOwnershipCredits = pgTable(
  'bike_ownership_credits',
  {
    id: uuid('id').primaryKey(),
    partyId: uuid('party_id')
      .notNull()
      .references(() => parties.id),
    subscriptionId: uuid('subscription_id').references(() => subscriptions.id),
    bikeOwnershipId: uuid('bike_ownership_id').references(() => bikeOwnerships.id, { onDelete: 'set null' }),
    createdOn: timestamp('created_on', { withTimezone: true }).notNull().defaultNow(),
    modifiedOn: timestamp('modified_on', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('bike_ownership_credits_ownership_key')
      .on(table.bikeOwnershipId)
      .where(sql`${table.bikeOwnershipId} is not null`),
    index('bike_ownership_credits_party_idx').on(table.partyId),
  ],
);

/**
 * The Danish manufacturer and importer codes (fabrikantmærker) the frame-number check reads
 * (packages/domain/src/frame-number.ts), seeded by migration from the researched built-in list
 * (packages/domain/src/manufacturer-codes.ts); admins add and edit them in /backoffice/v2/diverse
 * (audited). Codes are never deleted: a frame stamped with one keeps it.
 */
export const manufacturerCodes = pgTable('manufacturer_codes', {
  /** The letters stamped before the serial, upper case (1–5 letters). */
  code: text('code').primaryKey(),
  holder: text('holder').notNull(),
  /** Brand names in lower case, as users type them. */
  brands: jsonb('brands').$type<string[]>().notNull(),
  /** high | medium | low */
  confidence: text('confidence').notNull(),
  source: text('source').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Close-serial search (issue 32 §3, migration 0048): each frame number key as its nine tokens of
 * segments (packages/domain/src/close-serial.ts). Written only by the triggers on bikes, so every
 * path that writes a frame number keeps it right; the key rides in the primary key's index.
 */
export const bikeCloseSerialKeys = pgTable(
  'bike_close_serial_keys',
  {
    token: text('token').notNull(),
    bikeId: uuid('bike_id').notNull(),
    frameNumberKey: text('frame_number_key').notNull(),
  },
  (table) => [primaryKey({ name: 'bike_close_serial_keys_pkey', columns: [table.token, table.bikeId] })],
);
