import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { bikes } from './bikes.ts';
import { parties } from './identity.ts';
import { organisations } from './organisations.ts';
import type { LocalisedText } from './webshop.ts';

/**
 * An insurer's tariff as data (TariffSchema in packages/domain/insurance.ts): an annual premium per
 * bike price band, surcharges per bike type and for electric bikes.
 */
export interface TariffData {
  price_bands: Array<{ max_price: number | null; annual_premium_minor: number }>;
  category_surcharge_percent: Record<string, number>;
  electric_surcharge_percent: number;
}

/**
 * What an insurer sells (issue 16 §1): a bike-theft policy or the bike add-on to its contents cover,
 * in its region and currency, priced by its tariff, on its terms, for bikes locked with the locks it
 * accepts (Varefakta in dk, FG in no) and proven with the uploads it requires. Data, not code: the
 * insurer's admin changes them (issue 16 §4); the demo insurer's come with the demo seed.
 */
export const insuranceProducts = pgTable(
  'insurance_products',
  {
    id: uuid('id').primaryKey(),
    insurerPartyId: uuid('insurer_party_id')
      .notNull()
      .references(() => organisations.partyId),
    region: text('region').notNull(),
    currency: text('currency').notNull(),
    /** COVER_KINDS: bike_theft | contents_addon. */
    coverKind: text('cover_kind').notNull(),
    names: jsonb('names').$type<LocalisedText>().notNull(),
    terms: jsonb('terms').$type<LocalisedText>().notNull(),
    tariff: jsonb('tariff').$type<TariffData>().notNull(),
    /** LOCK_APPROVALS: varefakta | fg. */
    acceptedLocks: jsonb('accepted_locks').$type<string[]>().notNull(),
    /** REQUIRED_UPLOADS the holder must give per insured bike. */
    requiredUploads: jsonb('required_uploads').$type<string[]>().notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // One live product per insurer and cover kind: an application names the cover, not the product.
    uniqueIndex('insurance_products_active_cover_key')
      .on(table.insurerPartyId, table.coverKind)
      .where(sql`${table.active}`),
  ],
);

/**
 * A person's policy with an insurer (issue 16 §1): an application until the insurer accepts it and
 * gives its own policy number, then active until cancelled or expired. The premium is the tariff's
 * at the time of the application or of the last change of the number of bikes.
 */
export const insurancePolicies = pgTable(
  'insurance_policies',
  {
    id: uuid('id').primaryKey(),
    insurerPartyId: uuid('insurer_party_id')
      .notNull()
      .references(() => organisations.partyId),
    holderPartyId: uuid('holder_party_id')
      .notNull()
      .references(() => parties.id),
    productId: uuid('product_id')
      .notNull()
      .references(() => insuranceProducts.id),
    /** The insurer's own number; null while an application. */
    insurerPolicyNumber: text('insurer_policy_number'),
    /** COVER_KINDS: the cover applied for. */
    coverage: text('coverage').notNull(),
    numberOfBikes: integer('number_of_bikes').notNull(),
    /** POLICY_STATUSES: application | active | cancelled | expired. */
    status: text('status').notNull().default('application'),
    annualPremiumMinor: integer('annual_premium_minor').notNull(),
    currency: text('currency').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (table) => [
    index('insurance_policies_holder_idx').on(table.holderPartyId, table.createdAt),
    index('insurance_policies_insurer_idx').on(table.insurerPartyId, table.status),
    uniqueIndex('insurance_policies_insurer_number_key')
      .on(table.insurerPartyId, table.insurerPolicyNumber)
      .where(sql`${table.insurerPolicyNumber} is not null`),
    check('insurance_policies_number_of_bikes', sql`${table.numberOfBikes} between 1 and 10`),
    check(
      'insurance_policies_status',
      sql`${table.status} in ('application', 'active', 'cancelled', 'expired')`,
    ),
  ],
);

/**
 * A registered bike on a policy, with the check of the holder's proof of possession. The bike going
 * out of the register (deleted) takes its insured item with it, as it does its theft reports.
 */
export const insuredItems = pgTable(
  'insured_items',
  {
    id: uuid('id').primaryKey(),
    policyId: uuid('policy_id')
      .notNull()
      .references(() => insurancePolicies.id, { onDelete: 'cascade' }),
    bikeId: uuid('bike_id')
      .notNull()
      .references(() => bikes.id, { onDelete: 'cascade' }),
    /** INSURED_ITEM_STATUSES: needs_uploads | pending | verified | rejected. */
    verificationStatus: text('verification_status').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('insured_items_policy_bike_key').on(table.policyId, table.bikeId),
    index('insured_items_bike_idx').on(table.bikeId),
  ],
);

/**
 * An insurer's existing contents customer, uploaded by the insurer (issue 16 §1; the CSV upload is
 * the insurer admin's, §4): someone applying at that insurer with this confirmed address is sent to
 * confirm instead of buying (SPEC §8), and links it to their policy by the insurer's policy id.
 */
export const insurancePreRegistrations = pgTable(
  'insurance_pre_registrations',
  {
    id: uuid('id').primaryKey(),
    insurerPartyId: uuid('insurer_party_id')
      .notNull()
      .references(() => organisations.partyId),
    insurerPolicyId: text('insurer_policy_id').notNull(),
    /** Lower-case, compared with the applicant's confirmed address. */
    holderEmail: text('holder_email').notNull(),
    holderName: text('holder_name'),
    matchedPolicyId: uuid('matched_policy_id').references(() => insurancePolicies.id, {
      onDelete: 'set null',
    }),
    matchedAt: timestamp('matched_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('insurance_pre_registrations_insurer_policy_key').on(
      table.insurerPartyId,
      table.insurerPolicyId,
    ),
    index('insurance_pre_registrations_email_idx').on(table.insurerPartyId, table.holderEmail),
    uniqueIndex('insurance_pre_registrations_matched_key')
      .on(table.matchedPolicyId)
      .where(sql`${table.matchedPolicyId} is not null`),
  ],
);

/**
 * What an insurer decided about a policy (issue 16 §4): accepted (with its policy number), rejected
 * (an application, with the reason) or cancelled (an active policy). Kept as a history with who
 * decided; the holder is mailed each decision. Goes with the policy.
 */
export const insurancePolicyDecisions = pgTable(
  'insurance_policy_decisions',
  {
    id: uuid('id').primaryKey(),
    policyId: uuid('policy_id')
      .notNull()
      .references(() => insurancePolicies.id, { onDelete: 'cascade' }),
    /** accepted | rejected | cancelled (POLICY_DECISIONS). */
    decision: text('decision').notNull(),
    reason: text('reason'),
    /** The insurer's staff member (identity party) who decided. */
    decidedByPartyId: uuid('decided_by_party_id').references(() => parties.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('insurance_policy_decisions_policy_idx').on(table.policyId, table.decidedAt),
    check(
      'insurance_policy_decisions_decision',
      sql`${table.decision} in ('accepted', 'rejected', 'cancelled')`,
    ),
  ],
);

/**
 * A claim the insurer paid for a stolen insured bike (issue 16 §4): one per theft report. When the
 * owner had acknowledged that the registration moves to the insurer on compensation, it did
 * (registration_transferred); the bike stays stolen in the register. The policy and bike links are
 * cleared when they go (the holder's account deleted), the insurer's figures stay.
 */
export const insurancePayouts = pgTable(
  'insurance_payouts',
  {
    id: uuid('id').primaryKey(),
    insurerPartyId: uuid('insurer_party_id')
      .notNull()
      .references(() => organisations.partyId),
    policyId: uuid('policy_id').references(() => insurancePolicies.id, { onDelete: 'set null' }),
    bikeId: uuid('bike_id').references(() => bikes.id, { onDelete: 'set null' }),
    /** The theft report the claim is about (theft_reports.id; no key: theft's rows are theft's). */
    theftReportId: uuid('theft_report_id').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    registrationTransferred: boolean('registration_transferred').notNull(),
    paidByPartyId: uuid('paid_by_party_id').references(() => parties.id, { onDelete: 'set null' }),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('insurance_payouts_report_key').on(table.theftReportId),
    index('insurance_payouts_insurer_idx').on(table.insurerPartyId, table.paidAt),
    check('insurance_payouts_amount', sql`${table.amountMinor} >= 0`),
  ],
);
