import type { Database } from '../db/client.ts';
import * as backoffice from '../modules/backoffice/backoffice.facade.ts';
import * as bikes from '../modules/bikes/bikes.facade.ts';
import * as certificates from '../modules/certificates/certificates.facade.ts';
import * as chats from '../modules/chats/chats.facade.ts';
import * as docks from '../modules/docks/docks.facade.ts';
import * as flows from '../modules/flows/flows.facade.ts';
import * as identity from '../modules/identity/identity.facade.ts';
import * as insurance from '../modules/insurance/insurance.facade.ts';
import * as ownership from '../modules/ownership/ownership.facade.ts';
import * as support from '../modules/support/support.facade.ts';
import * as surveys from '../modules/surveys/surveys.facade.ts';
import * as theft from '../modules/theft/theft.facade.ts';
import * as webshop from '../modules/webshop/webshop.facade.ts';
import { listAuditEventsOfParty } from '../platform/audit/audit.ts';
import type { RequestAuth } from '../platform/auth/authenticate.ts';
import { listMailsTo } from '../platform/mail/outbox.ts';
import type { FileUrlSigner } from '../platform/storage/signed-urls.ts';

export interface ExportDeps {
  db: Database;
  /** Signs the links of the person's files in the export. */
  fileUrls: FileUrlSigner;
}

export const PERSONAL_DATA_FORMAT = 'nbr-personal-data-v2';

/**
 * Which tables each part of the export is read from (docs/personal-data-export.md). Every table of
 * the schema is either here or in NOT_IN_PERSONAL_DATA_EXPORT with the reason, and a test
 * (export-personal-data.test.ts) fails until a new table is placed in one of them.
 */
export const PERSONAL_DATA_EXPORT_TABLES = {
  identity: [
    'parties',
    'identities',
    'consent_events',
    'sessions',
    'tracking_events',
    'national_identity_checks',
    'verification_sessions',
    'external_logins',
    'one_time_codes',
    'staff_members',
    'organisations',
    'organisation_members',
    'organisation_invitations',
  ],
  webshop: [
    'subscriptions',
    'bike_ownership_credits',
    'orders',
    'order_lines',
    'voucher_redemptions',
    'referral_rewards',
  ],
  bikes: ['bikes', 'bike_ownerships', 'stickers', 'bike_equipment', 'bike_files'],
  chats: ['chats', 'chat_participants', 'chat_messages', 'guest_contacts'],
  ownership: ['ownership_transfers', 'ownership_requests', 'ownership_verifications'],
  theft: ['theft_reports', 'item_pickups', 'found_bike_matches'],
  certificates: ['resale_certificates'],
  insurance: [
    'insurance_policies',
    'insured_items',
    'insurance_pre_registrations',
    'insurance_lock_tests',
    'insurance_lock_test_pictures',
    'insurance_plate_orders',
    'insured_item_uploads',
    'insured_item_checks',
    'insurance_onboarding_drafts',
    'insurance_holder_details',
    'insurance_policy_decisions',
    'insurance_payouts',
  ],
  support: ['support_tickets', 'support_ticket_messages'],
  docks: ['lock_parkings', 'lock_commands', 'dock_access_people'],
  surveys: ['survey_answers'],
  flows: ['flow_walks'],
  bulk_imports: ['bulk_import_rows', 'bulk_import_owners'],
  mails: ['mail_outbox'],
  audit_events: ['audit_events'],
} as const;

/** Tables the export leaves out, and why none of them holds data a person could ask for. */
export const NOT_IN_PERSONAL_DATA_EXPORT: Record<string, string> = {
  sticker_batches:
    'printing batches of QR stickers; the plate on a person’s bike is exported with the bike (stickers)',
  idempotency_keys:
    'a one-day replay cache of answers the person already received; no data of its own, erased with the account',
  guest_contact_confirmations:
    'a visitor’s unconfirmed message, tied to no account and deleted within the confirmation period; once confirmed it is in the chats',
  products: 'the shop’s catalogue and prices; what a person bought is exported with their orders',
  voucher_batches:
    'batches of voucher codes made by staff; a voucher a person used is in voucher_redemptions and its order',
  vouchers: 'hashes of voucher codes and their use counts; tied to no person',
  clubs:
    'the clubs whose members get a member price in the shop; a person’s membership number is in their profile',
  club_offers: 'what each club offers at which member discount; tied to no person',
  receipt_sequences: 'the last receipt number per region; a person’s receipt numbers are in their orders',
  payment_webhook_events:
    'the payment provider’s delivery ids and event types, kept to process each once; the order they paid is exported',
  insurance_products:
    'insurers’ products, tariffs and terms; tied to no person (a person’s policy names the product it was priced by)',
  content_page_texts:
    'staff’s texts of the public content pages; who changed them is in the audit trail, tied to no person',
  region_pages: 'the region landing pages staff publish (region and address); tied to no person',
  region_page_texts:
    'staff’s texts of the region pages per language, draft and published; who changed them is in the audit trail, tied to no person',
  manufacturer_codes: 'the manufacturer and importer codes the frame-number check reads; tied to no person',
  account_deletions:
    'exists only once the account is deleted, when there is no one left to export for; holds the party id and dates only',
  used_tokens:
    'hashes of single-use tokens (websocket tickets, inbound mail signatures) until they expire; tied to no person',
  club_member_numbers:
    'the member numbers a club uploads to confirm its member price, tied to no account here; a person’s own membership number is in their profile, which is exported',
  docks:
    'the docks organisations run (name, address, opening hours, who may use them); a dock a person parked in is named with each parking',
  dock_access_organisations: 'which organisations’ members may use a dock; tied to no person',
  lock_devices:
    'the lock controllers of a dock and their credentials’ hashes, connections and firmware; tied to no person',
  locks:
    'the locks of a dock, their labels and last reported state; a lock a person used is named with each parking',
  flows: 'the campaigns staff define (their drafts); who changed them is in the audit trail',
  flow_versions:
    'the published versions of the campaigns; tied to no person but the staff member who published',
  surveys:
    'the commuter surveys organisations run (title, dates, workplaces); a survey a person answered is named with each answer',
  bulk_import_jobs:
    'the registers staff imported (issue 32 §5): whose register, the file name, counts and status; the rows naming a person and the person’s entry are exported from bulk_import_rows and bulk_import_owners',
  bike_close_serial_keys:
    'pieces of each bike’s frame number kept for the close-serial search of the police and staff (issue 32 §3): derived from the frame number, which the export holds with the bike, and removed with it',
  organisation_api_keys:
    'an organisation’s API keys for checks by API (name, hash, first characters, last use): the organisation’s credential, not a person’s data; who created or revoked one is in the audit trail',
  organisation_bike_checks:
    'the latest check by API of each organisation and bike and the identifier sent, for the organisations’ webhooks (issue 32 §1: a report within 30 days of it becomes an event); each check is an audit event about the owner, which the export holds (their access log), and the rows go with the bike',
  organisation_webhooks:
    'an organisation’s webhook (address, sealed signing secret): the organisation’s, not a person’s data',
  organisation_webhook_events:
    'events sent to organisations’ webhooks: the identifier the organisation itself checked, stolen, dates; never who owns the bike',
  organisation_webhook_attempts: 'when each webhook event was tried and the HTTP status; tied to no person',
  lock_events:
    'a lock’s history for its operator (status reports, connections, service marks); it never names who parked, and the person’s own commands are exported from lock_commands',
};

/**
 * GET /api/identities/me/export (GDPR Art. 15 and 20): everything the register holds about the
 * signed-in person, each module contributing its section through its facade, read in one
 * transaction so the parts agree with each other. Other people appear only by role.
 */
export async function exportPersonalData(deps: ExportDeps, auth: RequestAuth) {
  identity.checkPersonalDataExport(auth);
  const partyId = auth.identityPartyId;
  return deps.db.transaction(async (tx) => {
    const person = await identity.identityPersonalData(tx, partyId, auth.staffRole);
    const addresses = [person.profile.email, person.profile.pending_email].filter(
      (address): address is string => Boolean(address),
    );
    return {
      format: PERSONAL_DATA_FORMAT,
      exported_at: new Date().toISOString(),
      ...person,
      ...(await webshop.webshopPersonalData(tx, partyId)),
      ...(await bikes.bikesPersonalData(tx, deps.fileUrls, partyId)),
      ...(await chats.chatsPersonalData(tx, partyId)),
      ...(await ownership.ownershipPersonalData(tx, partyId)),
      ...(await theft.theftPersonalData(tx, partyId)),
      // The resale certificates they issued, as signed (issue 32 §4).
      ...(await certificates.certificatesPersonalData(tx, partyId)),
      ...(await insurance.insurancePersonalData(tx, partyId, addresses)),
      ...(await support.supportPersonalData(tx, partyId, addresses)),
      // Where they locked their bikes, their lock and unlock commands, the operator's openings (issue 28).
      ...(await docks.docksPersonalData(tx, partyId, addresses)),
      // Their commuter survey answers (issue 29 §1).
      ...(await surveys.surveysPersonalData(tx, partyId)),
      // The campaigns they walked while signed in, with their answers (issue 29 §2).
      ...(await flows.flowsPersonalData(tx, partyId)),
      // Rows of imported registers that named their addresses, and their entry as a person of one (issue 32 §5).
      ...(await backoffice.bulkImportPersonalData(tx, partyId, addresses)),
      mails: await listMailsTo(tx, addresses),
      audit_events: await listAuditEventsOfParty(tx, partyId),
      // Who looked the person or their bikes up, as their settings show it (issue 17 §3).
      access_log: await identity.accessLogPersonalData(tx, partyId),
    };
  });
}

export type PersonalDataExport = Awaited<ReturnType<typeof exportPersonalData>>;
