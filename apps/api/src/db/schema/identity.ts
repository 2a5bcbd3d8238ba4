import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * A party is someone who can own things: a person now, organisations in the next issue.
 * The token's `party_id` is the party a user acts as; `identity_party_id` is the person behind it.
 */
export const parties = pgTable('parties', {
  id: uuid('id').primaryKey(),
  /** person | organisation | guest (someone who wrote to an owner without an account, schema/theft.ts). */
  kind: text('kind', { enum: ['person', 'organisation', 'guest'] }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** Set when the account was deleted; the row stays so retained records (payments) keep their owner. */
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
});

/** A person who can sign in, with the profile of SPEC §3 User. */
export const identities = pgTable(
  'identities',
  {
    partyId: uuid('party_id')
      .primaryKey()
      .references(() => parties.id),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /**
     * Set by a sign-up until its mailed link is followed: no password sign-in before that, so signing
     * up with an address and then signing in with the chosen password tells nobody whether the
     * address already had an account (issue 14).
     */
    awaitingSignUpConfirmation: boolean('awaiting_sign_up_confirmation').notNull().default(false),
    /** A new e-mail address that takes effect once its confirmation link is followed. */
    pendingEmail: text('pending_email'),
    /** When the national digital identity (MitID/BankID) was verified. */
    verifiedOn: timestamp('verified_on', { withTimezone: true }),
    birthDate: date('birth_date'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    streetAddress: text('street_address'),
    floor: text('floor'),
    side: text('side'),
    door: text('door'),
    zipCode: text('zip_code'),
    city: text('city'),
    mobile: text('mobile'),
    phone: text('phone'),
    language: text('language').notNull().default('da'),
    region: text('region').notNull().default('dk'),
    clubMembershipNumber: text('club_membership_number'),
    /**
     * What the sign-up's `friend_ref` said: the referral code of whoever invited the person, as typed
     * (issue 30 §1). `user_ref` is a free campaign tag kept as given and read by nothing.
     */
    friendRef: text('friend_ref'),
    userRef: text('user_ref'),
    /**
     * The person's own referral code (packages/domain referrals.ts): random, unique, made at sign-up
     * or the first time the person opens their referrals. Their invitation link carries it.
     */
    referralCode: text('referral_code'),
    /** Whose referral code `friend_ref` was, when it was one at sign-up: the person who invited them. */
    referredByPartyId: uuid('referred_by_party_id').references(() => parties.id),
    signedUpAt: timestamp('signed_up_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The party a new session acts for: an organisation for a business user (so an insurer's staff
     * land in the insurer's admin), otherwise null, meaning the person themself.
     */
    defaultPartyId: uuid('default_party_id').references(() => parties.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /**
     * Set when backoffice staff blocked the account: no sign-in and no live session until unblocked.
     * Who did it and why is in the audit trail (`identity.blocked`).
     */
    blockedAt: timestamp('blocked_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('identities_email_key').on(table.email),
    uniqueIndex('identities_referral_code_key')
      .on(table.referralCode)
      .where(sql`${table.referralCode} is not null`),
    index('identities_referred_by_idx')
      .on(table.referredByPartyId)
      .where(sql`${table.referredByPartyId} is not null`),
  ],
);

/** A signed-in session. Tokens carry its id; revoking the row ends every token of the session. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    partyId: uuid('party_id')
      .notNull()
      .references(() => parties.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    refreshedAt: timestamp('refreshed_at', { withTimezone: true }).notNull().defaultNow(),
    /** Absolute end of the session; refreshing never extends past it. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason', {
      enum: [
        'logout',
        'password_changed',
        'password_reset',
        'account_deleted',
        'switch_ended',
        'organisation_left',
        'account_blocked',
        'organisation_suspended',
      ],
    }),
    userAgent: text('user_agent'),
    /** The party the session acts for (an organisation the person is a member of); null is the person. */
    actingPartyId: uuid('acting_party_id').references(() => parties.id),
    /** Set on a switch-user session: the staff member who switched into this person's account. */
    impersonatorPartyId: uuid('impersonator_party_id').references(() => parties.id),
    /** The staff member's own session that a switch-user session returns to. */
    parentSessionId: uuid('parent_session_id'),
  },
  (table) => [index('sessions_party_id_idx').on(table.partyId)],
);

/**
 * A national digital identity check (MitID in Denmark, BankID in Norway) in progress or done.
 * `identity_verification` sets verified_on; an `approval` is bound to one action on one object and is
 * consumed once by the use case that asked for it (report found, delete a bike with identifiers).
 * The OIDC `state` is the row id; the PKCE verifier and nonce never leave the server.
 */
export const verificationSessions = pgTable(
  'verification_sessions',
  {
    id: uuid('id').primaryKey(),
    partyId: uuid('party_id')
      .notNull()
      .references(() => parties.id),
    sessionType: text('session_type', { enum: ['identity_verification', 'approval'] }).notNull(),
    /** For approvals: what is approved, e.g. `report_found` or `delete_bike`. */
    approvalAction: text('approval_action'),
    /** For approvals: the id of the object the action is approved for. */
    approvalObjectId: text('approval_object_id'),
    /** Which national identity: `mitid` (dk) or `bankid` (no). */
    provider: text('provider').notNull(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    successUrl: text('success_url').notNull(),
    failureUrl: text('failure_url').notNull(),
    status: text('status', { enum: ['pending', 'completed', 'failed'] })
      .notNull()
      .default('pending'),
    failureReason: text('failure_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** When the use case that asked for an approval used it up; an approval works once. */
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (table) => [index('verification_sessions_party_id_idx').on(table.partyId, table.createdAt)],
);

/**
 * Every successful national identity check, kept as evidence of who verified the account and when.
 * `subject` is the broker's stable pseudonymous id of the person (never the national id number).
 */
export const nationalIdentityChecks = pgTable(
  'national_identity_checks',
  {
    id: uuid('id').primaryKey(),
    partyId: uuid('party_id')
      .notNull()
      .references(() => parties.id),
    verificationSessionId: uuid('verification_session_id').references(() => verificationSessions.id),
    provider: text('provider').notNull(),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    name: text('name'),
    birthDate: date('birth_date'),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('national_identity_checks_party_id_idx').on(table.partyId, table.checkedAt),
    index('national_identity_checks_subject_idx').on(table.issuer, table.subject),
  ],
);

/** A sign-in linked from another provider (Google): its stable subject identifies the person. */
export const externalLogins = pgTable(
  'external_logins',
  {
    partyId: uuid('party_id')
      .notNull()
      .references(() => parties.id),
    provider: text('provider', { enum: ['google'] }).notNull(),
    subject: text('subject').notNull(),
    /** The provider's address at link time, for support; the account's own e-mail may differ. */
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('external_logins_provider_subject_key').on(table.provider, table.subject),
    uniqueIndex('external_logins_party_provider_key').on(table.partyId, table.provider),
  ],
);

/**
 * Single-use codes mailed to a user: e-mail verification, e-mail change and password reset.
 * Only a SHA-256 hash of the code is stored, so a database leak does not leak working links.
 */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    partyId: uuid('party_id')
      .notNull()
      .references(() => parties.id),
    purpose: text('purpose', { enum: ['email_verification', 'email_change', 'password_reset'] }).notNull(),
    /** The address the code was sent to (for an e-mail change: the new address). */
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('one_time_codes_party_id_idx').on(table.partyId)],
);

/** Every consent decision ever made; the current state is the newest row per type. */
export const consentEvents = pgTable(
  'consent_events',
  {
    id: uuid('id').primaryKey(),
    partyId: uuid('party_id')
      .notNull()
      .references(() => parties.id),
    type: text('type').notNull(),
    action: text('action', { enum: ['grant', 'revoke'] }).notNull(),
    /** Where the decision was made: `signup` (implied by signing up) or `user`. */
    source: text('source').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('consent_events_party_type_idx').on(table.partyId, table.type, table.createdAt)],
);

/** Product analytics events from POST /actions/{kind}/{name}. */
export const trackingEvents = pgTable(
  'tracking_events',
  {
    id: uuid('id').primaryKey(),
    partyId: uuid('party_id').references(() => parties.id),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    installed: boolean('installed').notNull().default(false),
    appVersion: text('app_version'),
    clientSessionId: text('client_session_id'),
    properties: jsonb('properties'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('tracking_events_created_at_idx').on(table.createdAt)],
);

/** Kept after an account is deleted: what was erased, when, and until when legal records are retained. */
export const accountDeletions = pgTable('account_deletions', {
  partyId: uuid('party_id')
    .primaryKey()
    .references(() => parties.id),
  deletedAt: timestamp('deleted_at', { withTimezone: true }).notNull().defaultNow(),
  /** Bookkeeping law: payment records are kept five years after the deletion. */
  retainUntil: timestamp('retain_until', { withTimezone: true })
    .notNull()
    .default(sql`now() + interval '5 years'`),
});
