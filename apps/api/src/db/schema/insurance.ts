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
import { bikeFiles, bikes } from './bikes.ts';
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
    // The insurer's list, newest first (issue 16 §4): a page is read off the index, not sorted.
    index('insurance_policies_insurer_created_idx').on(table.insurerPartyId, table.createdAt, table.id),
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
 * An insurer's request that a holder prove an approved lock (issue 16 §3): asked by e-mail and
 * policy, answered with what the lock certificate says, decided by the insurer. `frame_number_matches`
 * is the register's own comparison of the certificate's frame number with the bike's, kept as it was
 * at the answer. The policy going (its holder's account deleted) takes its lock tests with it.
 */
export const insuranceLockTests = pgTable(
  'insurance_lock_tests',
  {
    id: uuid('id').primaryKey(),
    insurerPartyId: uuid('insurer_party_id')
      .notNull()
      .references(() => organisations.partyId),
    policyId: uuid('policy_id')
      .notNull()
      .references(() => insurancePolicies.id, { onDelete: 'cascade' }),
    /** The address the insurer asked, lower-case (the policy holder's at the time). */
    requestedEmail: text('requested_email').notNull(),
    /** The insurer's staff member who asked (their own identity). */
    requestedBy: uuid('requested_by').references(() => parties.id, { onDelete: 'set null' }),
    /** LOCK_TEST_STATUSES: requested | answered | approved | rejected. */
    status: text('status').notNull(),
    /** LOCK_APPROVALS: varefakta | fg. */
    approval: text('approval'),
    certificateNumber: text('certificate_number'),
    lockName: text('lock_name'),
    keyNumber: text('key_number'),
    bikeId: uuid('bike_id').references(() => bikes.id, { onDelete: 'set null' }),
    certificateFrameNumber: text('certificate_frame_number'),
    frameNumberMatches: boolean('frame_number_matches'),
    dealerStamp: boolean('dealer_stamp'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    decisionReason: text('decision_reason'),
    decidedBy: uuid('decided_by').references(() => parties.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('insurance_lock_tests_insurer_idx').on(table.insurerPartyId, table.status, table.createdAt),
    index('insurance_lock_tests_policy_idx').on(table.policyId, table.createdAt),
    // One request waiting at a time per policy: a second is refused until the first is decided.
    uniqueIndex('insurance_lock_tests_open_key')
      .on(table.policyId)
      .where(sql`${table.status} in ('requested', 'answered')`),
    check(
      'insurance_lock_tests_status',
      sql`${table.status} in ('requested', 'answered', 'approved', 'rejected')`,
    ),
  ],
);

/**
 * The holder's proof of possession of an insured bike (issue 16 §2): files of the bike (uploaded
 * through the register's own file handling, re-encoded without metadata), each linked as one kind
 * of REQUIRED_UPLOADS. The bike's file going (deleted by its owner, or with the bike) takes the link
 * with it; so does the insured item.
 */
export const insuredItemUploads = pgTable(
  'insured_item_uploads',
  {
    id: uuid('id').primaryKey(),
    insuredItemId: uuid('insured_item_id')
      .notNull()
      .references(() => insuredItems.id, { onDelete: 'cascade' }),
    /** REQUIRED_UPLOADS: main_image | other_images | frame_number | receipt | lock_proof. */
    kind: text('kind').notNull(),
    bikeFileId: uuid('bike_file_id')
      .notNull()
      .references(() => bikeFiles.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('insured_item_uploads_item_file_key').on(table.insuredItemId, table.bikeFileId),
    index('insured_item_uploads_file_idx').on(table.bikeFileId),
  ],
);

/**
 * Plates an insurer ordered by e-mail (issue 16 §4): the quantity read from a mail of one of its
 * members to the plate-order address, kept once per mail (Mailgun retries a forward it thinks
 * failed); our staff send them, or the insurer cancels a mail that was not meant as an order.
 */
export const insurancePlateOrders = pgTable(
  'insurance_plate_orders',
  {
    id: uuid('id').primaryKey(),
    insurerPartyId: uuid('insurer_party_id')
      .notNull()
      .references(() => organisations.partyId),
    quantity: integer('quantity').notNull(),
    /** PLATE_ORDER_STATUSES: requested | sent | cancelled. */
    status: text('status').notNull(),
    /** The member's address the mail came from, lower-case. */
    requestedByEmail: text('requested_by_email').notNull(),
    requestedBy: uuid('requested_by').references(() => parties.id, { onDelete: 'set null' }),
    subject: text('subject').notNull(),
    /** The mail's Message-Id: one order per mail, however often it is delivered. */
    messageId: text('message_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('insurance_plate_orders_message_key').on(table.messageId),
    index('insurance_plate_orders_insurer_idx').on(table.insurerPartyId, table.createdAt),
    check('insurance_plate_orders_status', sql`${table.status} in ('requested', 'sent', 'cancelled')`),
    check('insurance_plate_orders_quantity', sql`${table.quantity} between 1 and 5000`),
  ],
);

/**
 * Our staff's check of an insured bike (issue 16 §5), one row per insured item once its holder has
 * sent the proof: the step decisions (null: not decided yet), and the last decision with its reason
 * when sent back. The item's verification_status stays the one status.
 */
export const insuredItemChecks = pgTable('insured_item_checks', {
  insuredItemId: uuid('insured_item_id')
    .primaryKey()
    .references(() => insuredItems.id, { onDelete: 'cascade' }),
  submittedAt: timestamp('submitted_at', { withTimezone: true }),
  frameNumberMatches: boolean('frame_number_matches'),
  plateFitted: boolean('plate_fitted'),
  receiptMatches: boolean('receipt_matches'),
  rejectionReason: text('rejection_reason'),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
  decidedByPartyId: uuid('decided_by_party_id').references(() => parties.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Pictures a holder gave with a lock-test answer (issue 16 §3): files of the answered bike (the
 * lock certificate, the lock on the bike), uploaded through the register's own file handling as
 * private lock-proof pictures. The file going takes the link with it; so does the lock test.
 */
export const insuranceLockTestPictures = pgTable(
  'insurance_lock_test_pictures',
  {
    lockTestId: uuid('lock_test_id')
      .notNull()
      .references(() => insuranceLockTests.id, { onDelete: 'cascade' }),
    bikeFileId: uuid('bike_file_id')
      .notNull()
      .references(() => bikeFiles.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.lockTestId, table.bikeFileId] }),
    index('insurance_lock_test_pictures_file_idx').on(table.bikeFileId),
  ],
);

// --- issue 16 §2: sign-up and purchase -----------------------------------------------------------

/**
 * A person's insurance onboarding draft (SPEC §3), saved as the wizard goes: one per person, the
 * fields of OnboardingDraftFields (packages/domain/insurance-signup.ts) in `fields`. It never holds
 * a national id number or a bank account. Applying for a policy removes it.
 */
export const insuranceOnboardingDrafts = pgTable('insurance_onboarding_drafts', {
  partyId: uuid('party_id')
    .primaryKey()
    .references(() => parties.id, { onDelete: 'cascade' }),
  fields: jsonb('fields').notNull().default(sql`'{}'::jsonb`),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The holder's checkout details of a policy (SPEC §3 insurance purchase checkout): where the plates
 * go and what the insurer needs to insure and pay out. The national id number is kept encrypted
 * (platform/crypto/field-encryption.ts), never in clear; its masked form is kept beside it. A row made from the onboarding's
 * shipping address has no national id and no bank account until the holder completes the checkout
 * (completed_at).
 */
export const insuranceHolderDetails = pgTable(
  'insurance_holder_details',
  {
    policyId: uuid('policy_id')
      .primaryKey()
      .references(() => insurancePolicies.id, { onDelete: 'cascade' }),
    holderPartyId: uuid('holder_party_id')
      .notNull()
      .references(() => parties.id),
    name: text('name'),
    email: text('email'),
    nationalIdEncrypted: text('national_id_encrypted'),
    /** The number as shown to the holder and in their export: its last 4 digits only (maskNationalId). */
    nationalIdMasked: text('national_id_masked'),
    streetAddress: text('street_address'),
    city: text('city'),
    zipCode: text('zip_code'),
    floor: text('floor'),
    side: text('side'),
    door: text('door'),
    mobilePhone: text('mobile_phone'),
    otherPhone: text('other_phone'),
    bankRegister: text('bank_register'),
    bankAccount: text('bank_account'),
    /** The webshop order of the plates for the insured bikes, placed when the checkout completed. */
    plateOrderId: uuid('plate_order_id'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('insurance_holder_details_holder_idx').on(table.holderPartyId)],
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
