import { and, desc, eq, gte, inArray, isNotNull, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { auditEvents } from '../../db/schema/backoffice.ts';
import type { RequestAuth } from '../auth/authenticate.ts';
import { uuidv7 } from '../ids.ts';
import { ACCESS_LOG_ACTIONS } from './access-log-actions.ts';

/** Dotted names of what is audited; a closed list so a typo never files an event nobody looks for. */
export const AUDIT_ACTIONS = [
  'switch_user.start',
  'switch_user.end',
  'staff.grant',
  'staff.revoke',
  /** Staff looked people up: who searched for what is kept, as for any access to personal data. */
  'backoffice.identity_search',
  'organisation.create',
  'organisation.invitation_sent',
  'organisation.invitation_revoked',
  'organisation.member_joined',
  'organisation.member_role_changed',
  'organisation.member_removed',
  /** A bike deleted by its owner (after the identity approval) or with its owner's account. */
  'bike.deleted',
  /** Staff opened the owner's view of someone's bike (private pictures and documents included). */
  'bike.viewed_by_staff',
  /** Ownership (issue 5): an offer made, and what became of it; staff decisions on verifications. */
  'ownership.transfer_created',
  'ownership.transfer_accepted',
  'ownership.transfer_rejected',
  'ownership.transfer_cancelled',
  'ownership.verification_approved',
  'ownership.verification_rejected',
  /** Theft (issue 6): a bike reported stolen, and reported found after the identity approval. */
  'theft.report_submitted',
  'theft.bike_found',
  /** Our staff's printed stickers (issue 17 §1): a batch generated, handed to an organisation, a code voided. */
  'plates.batch_created',
  'plates.batch_assigned',
  'plates.sticker_voided',
  'webshop.order_shipment_moved',
  /** Staff searched the shop's orders (the answer shows buyers' addresses). */
  'webshop.orders_searched_by_staff',
  'webshop.order_refunded',
  'webshop.voucher_batch_created',
  /** Our staff changed a product's price (backoffice /v2/diverse). */
  'webshop.product_price_changed',
  /** Admins stored a public content page's text, or reset it to the built-in one (details.before/after). */
  'content.page_text_changed',
  'content.page_text_reset',
  /** Admins added a manufacturer code or changed one (details.code, before/after). */
  'bikes.manufacturer_code_added',
  'bikes.manufacturer_code_changed',
  /** Insurance (issue 16): an application, a change of its number of bikes, a pre-registration linked. */
  'insurance.policy_applied',
  'insurance.policy_bikes_changed',
  'insurance.policy_bike_added',
  'insurance.pre_registration_linked',
  /** Staff opened someone's policy (it names the holder): kept like any access to personal data. */
  'insurance.policy_viewed_by_staff',
  'insurance.lock_test_requested',
  'insurance.lock_test_answered',
  'insurance.lock_test_decided',
  'insurance.lock_test_viewed_by_staff',
  'insurance.lock_tests_listed_by_staff',
  'insurance.plate_order_received',
  'insurance.plate_order_mail_refused',
  'insurance.plate_order_cancelled',
  'insurance.plate_order_sent',
  /** Issue 16 §2 and §5: the holder's proof of possession, and our staff's check of it step by step. */
  'insurance.possession_upload_added',
  'insurance.possession_upload_removed',
  'insurance.possession_submitted',
  'insurance.verification_viewed_by_staff',
  'insurance.verification_step_decided',
  'insurance.verification_approved',
  'insurance.verification_rejected',
  /** Insurance sign-up (issue 16 §2): the holder's checkout details saved; read by the insurer or our staff. */
  'insurance.holder_details_saved',
  'insurance.holder_details_viewed',
  /** The holder's national id number shown in full to the insurer's staff or ours, on their explicit ask. */
  'insurance.national_id_revealed',
  /**
   * The insurer's admin (issue 16 §4): its decisions on policies, its upload of existing customers,
   * what it opened of a holder's bike or shared theft report, and the claims it paid.
   */
  'insurance.policy_accepted',
  'insurance.policy_rejected',
  'insurance.policy_cancelled',
  'insurance.pre_registrations_uploaded',
  'insurance.insured_bike_viewed',
  'insurance.theft_report_viewed',
  'insurance.claim_paid',
  /**
   * Our staff's review of theft reports (issue 17 §1): opening one's private data (with a reason),
   * reviewing it, marking it suspicious, linking the found bike's pickup, writing to its owner.
   */
  'theft.report_viewed_by_staff',
  'theft.report_reviewed',
  'theft.report_suspicion_changed',
  'theft.report_found_linked',
  'theft.owner_contacted_by_staff',
  /** The insurer's admin changed a cover: terms, accepted locks, required uploads, tariff (before and after). */
  'insurance.product_changed',
  /** The owner withdrew their acknowledgement that the theft report may be shared with their insurer. */
  'theft.data_share_withdrawn',
  /**
   * Support (issue 17 §2): staff opened a ticket (once per opening: support-staff.service.ts),
   * answered it, changed its status, took it (target: the person).
   */
  'support.ticket_viewed',
  'support.ticket_answered',
  'support.ticket_status_changed',
  'support.ticket_assigned',
  /**
   * Backoffice people (issue 17 §1): staff opened a person's view, corrected their details (before
   * and after), blocked or unblocked them, mailed a link again, or read private data with a reason.
   */
  'backoffice.person_viewed',
  'backoffice.person_updated',
  'backoffice.person_blocked',
  'backoffice.person_unblocked',
  'backoffice.mail_resent',
  'backoffice.private_data_read',
  /** Backoffice organisations: details changed (before and after), suspended and lifted. */
  'organisation.updated',
  'organisation.suspended',
  'organisation.unsuspended',
  /**
   * Organisations at work (issue 17 §3): the police, a municipality or an insurer opened a bike in
   * /org-bike-search, the police revealed its owner's contact details (with a case number), one of
   * them wrote to the owner through the register; a bike held for its owner by the police or a
   * municipality, and released when unclaimed after the deadline.
   */
  'org_search.bike_viewed',
  'org_search.owner_contact_revealed',
  'org_search.owner_messaged',
  'item_pickup.registered_by_organisation',
  'item_pickup.released',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export interface AuditEventInput {
  action: AuditAction;
  /** Who did it; null for the system (the command-line tool run by an operator). */
  actorPartyId: string | null;
  targetPartyId: string | null;
  sessionId: string | null;
  details?: Record<string, unknown> | null;
  now?: Date;
}

/**
 * The one way an audit event is written. Pass the transaction of the change it records, so the
 * change and its audit row commit together or not at all.
 */
export async function recordAuditEvent(executor: Executor, input: AuditEventInput): Promise<string> {
  const now = input.now ?? new Date();
  const id = uuidv7(now.getTime());
  await executor.insert(auditEvents).values({
    id,
    action: input.action,
    actorPartyId: input.actorPartyId,
    targetPartyId: input.targetPartyId,
    sessionId: input.sessionId,
    details: input.details ?? null,
    createdAt: now,
  });
  return id;
}

/**
 * An audit event of what the signed-in caller did: the person is the actor, with their session,
 * and the details name the staff member when one was switched into the account.
 */
export async function recordAuditEventBy(
  executor: Executor,
  auth: Pick<RequestAuth, 'identityPartyId' | 'sessionId' | 'switchedBy'>,
  input: Omit<AuditEventInput, 'actorPartyId' | 'sessionId' | 'details'> & {
    details: Record<string, unknown>;
  },
): Promise<string> {
  const { details, ...event } = input;
  return recordAuditEvent(executor, {
    ...event,
    actorPartyId: auth.identityPartyId,
    sessionId: auth.sessionId,
    details: { ...details, ...(auth.switchedBy ? { switched_by: auth.switchedBy } : {}) },
  });
}

/**
 * Whether the actor's event of this action about this subject (`subject`: details it holds, such as
 * `{ ticket_id }`) was recorded since `since`: for a look-up audited once per opening rather than
 * once per request. The actor index keeps it to the actor's recent events.
 */
export async function wasAuditedSince(
  executor: Executor,
  input: { action: AuditAction; actorPartyId: string; subject: Record<string, string>; since: Date },
): Promise<boolean> {
  const [row] = await executor
    .select({ id: auditEvents.id })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.actorPartyId, input.actorPartyId),
        gte(auditEvents.createdAt, input.since),
        eq(auditEvents.action, input.action),
        sql`${auditEvents.details} @> ${JSON.stringify(input.subject)}::jsonb`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * The audit events about a person or done by them, for their personal data export: what and when,
 * and which side they were on. Details stay out: they may name other people (whom they invited).
 */
export function listAuditEventsOfParty(executor: Executor, partyId: string) {
  return executor
    .select({
      action: auditEvents.action,
      about_you: sql<boolean>`${auditEvents.targetPartyId} is not distinct from ${partyId}`,
      by_you: sql<boolean>`${auditEvents.actorPartyId} is not distinct from ${partyId}`,
      created_at: auditEvents.createdAt,
    })
    .from(auditEvents)
    .where(or(eq(auditEvents.targetPartyId, partyId), eq(auditEvents.actorPartyId, partyId)))
    .orderBy(desc(auditEvents.createdAt));
}

/**
 * Account deletion: the details of events about the person, and of any event that spells out one of
 * their addresses, are erased; what was done and when stays (the event rows are the audit trail).
 */
export async function eraseAuditDetailsAbout(
  executor: Executor,
  partyId: string,
  addresses: readonly string[],
): Promise<void> {
  const mentions = addresses
    .filter((address) => address.length > 0)
    .map((address) => sql`position(${address.toLowerCase()} in lower(${auditEvents.details}::text)) > 0`);
  await executor
    .update(auditEvents)
    .set({ details: null })
    .where(or(eq(auditEvents.targetPartyId, partyId), ...mentions));
}

export interface AccessLogEventRow {
  id: string;
  action: string;
  details: Record<string, unknown> | null;
  createdAt: Date;
}

/**
 * The person's access log (issue 17 §3, access-log-actions.ts): events of ACCESS_LOG_ACTIONS about
 * them done by someone else, newest first; `after` is the id of the last entry of the previous page
 * (an unknown id answers nothing more). Answers at most `limit` rows.
 */
export function listAccessLogEvents(
  executor: Executor,
  partyId: string,
  options: { after?: string | undefined; limit?: number } = {},
): Promise<AccessLogEventRow[]> {
  const conditions = [
    eq(auditEvents.targetPartyId, partyId),
    isNotNull(auditEvents.actorPartyId),
    ne(auditEvents.actorPartyId, partyId),
    inArray(auditEvents.action, [...ACCESS_LOG_ACTIONS]),
  ];
  if (options.after) {
    conditions.push(
      sql`(${auditEvents.createdAt}, ${auditEvents.id}) < (select a.created_at, a.id from audit_events a where a.id = ${options.after})`,
    );
  }
  const query = executor
    .select({
      id: auditEvents.id,
      action: auditEvents.action,
      details: sql<Record<string, unknown> | null>`${auditEvents.details}`,
      createdAt: auditEvents.createdAt,
    })
    .from(auditEvents)
    .where(and(...conditions))
    .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id));
  return options.limit === undefined ? query : query.limit(options.limit);
}
