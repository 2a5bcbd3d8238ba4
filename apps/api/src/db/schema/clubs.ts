import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { products } from './webshop.ts';

/**
 * A club whose members buy in the shop at a member price (issue 15 §5: NAF in Norway), paid with
 * the mobile payment app. A club is data, not code: staff add one or change its discount.
 */
export const clubs = pgTable('clubs', {
  /** Its address in the shop (`/webshop/naf/`). */
  slug: text('slug').primaryKey(),
  name: text('name').notNull(),
  region: text('region').notNull(),
  active: boolean('active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** When staff last uploaded the club's member list (club_member_numbers); null: never. */
  memberListUploadedAt: timestamp('member_list_uploaded_at', { withTimezone: true }),
});

/**
 * What a club offers: a product of its region's catalogue in a role (CLUB_OFFER_ROLES: the
 * registration or subscription, and the extra bike registration), with the member discount as a
 * percentage off the catalogue price or as a fixed member price (exactly one of the two).
 */
export const clubOffers = pgTable(
  'club_offers',
  {
    id: uuid('id').primaryKey(),
    club: text('club')
      .notNull()
      .references(() => clubs.slug),
    role: text('role').notNull(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    discountPercent: integer('discount_percent'),
    /** Minor units including VAT, whole kroner. */
    memberPriceMinor: integer('member_price_minor'),
  },
  (table) => [
    uniqueIndex('club_offers_club_role_key').on(table.club, table.role),
    check(
      'club_offers_one_discount',
      sql`(${table.discountPercent} is null) <> (${table.memberPriceMinor} is null)`,
    ),
    check(
      'club_offers_discount_range',
      sql`${table.discountPercent} is null or ${table.discountPercent} between 0 and 100`,
    ),
    check(
      'club_offers_member_price_whole_kroner',
      sql`${table.memberPriceMinor} is null or (${table.memberPriceMinor} >= 0 and ${table.memberPriceMinor} % 100 = 0)`,
    ),
  ],
);

/**
 * The club's member list as staff last uploaded it (a CSV of membership numbers from the club,
 * replaced whole on each upload): a number gets the member price only while it is on a list that
 * is not stale (CLUB_MEMBER_LIST_FRESH_DAYS).
 */
export const clubMemberNumbers = pgTable(
  'club_member_numbers',
  {
    club: text('club')
      .notNull()
      .references(() => clubs.slug),
    memberNumber: text('member_number').notNull(),
  },
  (table) => [primaryKey({ columns: [table.club, table.memberNumber] })],
);
