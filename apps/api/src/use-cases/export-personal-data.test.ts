import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as backofficeSchema from '../db/schema/backoffice.ts';
import * as bikesSchema from '../db/schema/bikes.ts';
import * as certificatesSchema from '../db/schema/certificates.ts';
import * as chatsSchema from '../db/schema/chats.ts';
import * as clubsSchema from '../db/schema/clubs.ts';
import * as docksSchema from '../db/schema/docks.ts';
import * as flowsSchema from '../db/schema/flows.ts';
import * as identitySchema from '../db/schema/identity.ts';
import * as insuranceSchema from '../db/schema/insurance.ts';
import * as mailSchema from '../db/schema/mail.ts';
import * as onboardingSchema from '../db/schema/onboarding.ts';
import * as organisationsSchema from '../db/schema/organisations.ts';
import * as ownershipSchema from '../db/schema/ownership.ts';
import * as platformSchema from '../db/schema/platform.ts';
import * as supportSchema from '../db/schema/support.ts';
import * as surveysSchema from '../db/schema/surveys.ts';
import * as theftSchema from '../db/schema/theft.ts';
import * as webshopSchema from '../db/schema/webshop.ts';
import { createTestApp, type TestApp } from '../test/helper.ts';
import { bearer } from '../test/identity-helpers.ts';
import {
  FIXTURE_CPR,
  type PersonEverywhere,
  personWithDataEverywhere,
} from '../test/personal-data-fixtures.ts';
import {
  NOT_IN_PERSONAL_DATA_EXPORT,
  PERSONAL_DATA_EXPORT_TABLES,
  PERSONAL_DATA_FORMAT,
} from './export-personal-data.ts';

/** The schema's modules, one per file of src/db/schema (a test below checks none is missing). */
const SCHEMA_MODULES: Record<string, object> = {
  backoffice: backofficeSchema,
  bikes: bikesSchema,
  certificates: certificatesSchema,
  chats: chatsSchema,
  clubs: clubsSchema,
  docks: docksSchema,
  flows: flowsSchema,
  identity: identitySchema,
  insurance: insuranceSchema,
  mail: mailSchema,
  onboarding: onboardingSchema,
  organisations: organisationsSchema,
  ownership: ownershipSchema,
  platform: platformSchema,
  support: supportSchema,
  surveys: surveysSchema,
  theft: theftSchema,
  webshop: webshopSchema,
};

/** Every table of the Drizzle schema, by its SQL name. */
export function schemaTableNames(): string[] {
  const modules = Object.values(SCHEMA_MODULES);
  return modules
    .flatMap((module) => Object.values(module))
    .filter((value) => is(value, PgTable))
    .map((table) => getTableName(table as PgTable))
    .sort();
}

describe('which tables the personal data export covers', () => {
  it('reads every file of the schema', () => {
    const files = readdirSync(fileURLToPath(new URL('../db/schema/', import.meta.url)))
      .filter((file) => file.endsWith('.ts'))
      .map((file) => file.replace(/\.ts$/, ''))
      .sort();
    expect(Object.keys(SCHEMA_MODULES).sort()).toEqual(files);
  });

  it('places every table of the schema: in the export, or left out with a reason', () => {
    const exported: string[] = Object.values(PERSONAL_DATA_EXPORT_TABLES).flat();
    const leftOut = Object.keys(NOT_IN_PERSONAL_DATA_EXPORT);
    const tables = schemaTableNames();
    // A new table fails here until someone decides whether it holds a person's data.
    expect(tables.filter((table) => !exported.includes(table) && !leftOut.includes(table))).toEqual([]);
    expect(exported.filter((table) => leftOut.includes(table))).toEqual([]);
    expect(new Set(exported).size).toBe(exported.length);
    // No stale names: every classified table exists.
    expect([...exported, ...leftOut].filter((table) => !tables.includes(table))).toEqual([]);
    for (const [table, reason] of Object.entries(NOT_IN_PERSONAL_DATA_EXPORT)) {
      expect(reason.length, table).toBeGreaterThan(20);
    }
    expect(tables.length).toBe(exported.length + leftOut.length);
  });
});

describe('GET /api/identities/me/export', () => {
  let t: TestApp;
  let fixture: PersonEverywhere;
  // biome-ignore lint/suspicious/noExplicitAny: the export is checked as the JSON a person downloads
  let data: any;
  let body: string;

  beforeAll(async () => {
    t = await createTestApp();
    fixture = await personWithDataEverywhere(t.app);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/identities/me/export',
      headers: bearer(fixture.person.token),
    });
    expect(response.statusCode, response.body).toBe(200);
    body = response.body;
    data = response.json();
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('holds a section of every kind of data the person has', () => {
    const { person, identifying, bikeIds } = fixture;
    expect(data.format).toBe(PERSONAL_DATA_FORMAT);
    expect(data.party).toMatchObject({ id: person.partyId, kind: 'person' });
    expect(data.profile).toMatchObject({ email: person.email, first_name: identifying.firstName });
    expect(data.consents.find((consent: { type: string }) => consent.type === 'newsletter').granted).toBe(
      true,
    );
    expect(data.sessions.length).toBeGreaterThan(0);
    expect(data.tracking_events).toHaveLength(1);
    expect(data.national_identity_checks).toEqual([
      expect.objectContaining({ subject: identifying.nationalSubject, name: identifying.nationalName }),
    ]);
    expect(data.verification_sessions[0]).toMatchObject({
      session_type: 'identity_verification',
      status: 'completed',
    });
    expect(data.mailed_codes.map((code: { purpose: string }) => code.purpose)).toContain(
      'email_verification',
    );
    expect(data.subscriptions.length).toBeGreaterThan(0);
    // The webshop order, and the plates the insurance checkout sent to the holder (issue 16 §2).
    expect(data.orders).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          status: 'fulfilled',
          shipment_status: 'waiting',
          buyer_email: person.email,
        }),
        expect.objectContaining({
          status: 'fulfilled',
          shipment_status: 'waiting',
          payment_method: 'insurance',
        }),
      ]),
    );
    expect(data.orders).toHaveLength(2);
    // A receipt for what was paid; the plates cost nothing, so they have none.
    for (const order of data.orders) {
      if (order.payment_method === 'insurance') expect(order.receipt_url).toBeNull();
      else expect(order.receipt_url).toMatch(new RegExp(`/api/webshop/orders/${order.id}/receipt$`));
    }
    expect(
      data.credits.filter((credit: { bike_ownership_id: string | null }) => credit.bike_ownership_id),
    ).toHaveLength(3);
    expect(data.bikes.map((bike: { id: string }) => bike.id).sort()).toEqual(Object.values(bikeIds).sort());
    expect(data.bikes.every((bike: { plate: string | null }) => bike.plate)).toBe(true);
    expect(data.bike_ownerships).toHaveLength(3);
    // The other person's chat with the owner, the pickup's chat, the request's and the offer's.
    expect(data.chats.map((chat: { subject_kind: string }) => chat.subject_kind).sort()).toEqual([
      'bike',
      'bike',
      'request',
      'transfer',
    ]);
    expect(data.transfers).toEqual([
      expect.objectContaining({ bike_id: bikeIds.offered, your_role: 'sender', recipient_email: null }),
    ]);
    expect(data.requests).toEqual([
      expect.objectContaining({ bike_id: bikeIds.withChat, your_role: 'owner' }),
    ]);
    expect(data.theft_reports).toEqual([
      expect.objectContaining({ bike_id: bikeIds.stolen, status: 'submitted' }),
    ]);
    expect(data.item_pickups).toEqual([expect.objectContaining({ your_role: 'holder', status: 'waiting' })]);
    expect(data.resale_certificates).toEqual([
      expect.objectContaining({ bike_id: bikeIds.stolen, revoked_at: null, signature: expect.any(String) }),
    ]);
    expect(data.insurance_policies).toEqual([
      expect.objectContaining({
        id: fixture.insurance.policyId,
        insurer_policy_number: fixture.insurance.insurerPolicyId,
        status: 'active',
        holder: null,
        insured_items: [
          expect.objectContaining({ bike_id: bikeIds.withChat, verification_status: 'needs_uploads' }),
        ],
      }),
    ]);
    // The checkout details with the national id masked: the export never carries it in clear.
    expect(data.insurance_holder_details).toEqual([
      expect.objectContaining({
        policy_id: fixture.insurance.policyId,
        identitySocialNumber: '******-1234',
        streetAddress: identifying.streetAddress,
        bankAccount: '0012345678',
      }),
    ]);
    expect(body).not.toContain(FIXTURE_CPR.replace('-', ''));
    expect(data.insurance_onboarding_draft).toMatchObject({
      fields: { acknowledgement_privacy: true, street_address: identifying.streetAddress },
    });
    expect(data.insurance_pre_registrations).toEqual([
      expect.objectContaining({
        insurer_policy_id: fixture.insurance.insurerPolicyId,
        holder_email: person.email,
        holder_name: identifying.fullName,
        matched_policy_id: fixture.insurance.policyId,
      }),
    ]);
    expect(data.insurance_lock_tests).toEqual([
      expect.objectContaining({
        policy_id: fixture.insurance.policyId,
        requested_email: person.email.toLowerCase(),
        status: 'answered',
        certificate_number: 'VK 4410',
        bike_id: bikeIds.withChat,
      }),
    ]);
    expect(data.organisations.memberships).toEqual([expect.objectContaining({ role: 'admin' })]);
    expect(data.organisations.created).toHaveLength(1);
    expect(data.mails.map((mail: { template: string }) => mail.template)).toContain('email_verification');
    expect(data.audit_events).toEqual(
      expect.arrayContaining([expect.objectContaining({ action: 'switch_user.start', about_you: true })]),
    );
  });

  it('holds the person’s support tickets, signed in and as a visitor, with staff as "support"', () => {
    const tickets = data.support_tickets as Array<{
      subject_kind: string;
      bike_id: string | null;
      written_as_visitor_from: string | null;
      messages: Array<{ from: string; content: string }>;
    }>;
    expect(tickets).toHaveLength(2);
    const aboutBike = tickets.find((ticket) => ticket.subject_kind === 'bike');
    expect(aboutBike?.bike_id).toBe(fixture.bikeIds.withChat);
    expect(aboutBike?.messages.map((message) => message.from)).toEqual(['you', 'support']);
    expect(tickets.find((ticket) => ticket.written_as_visitor_from)?.written_as_visitor_from).toBe(
      fixture.person.email,
    );
  });

  it('holds the person’s walks through campaigns with their answers (issue 29 §2)', () => {
    expect(data.flow_walks).toEqual([
      expect.objectContaining({
        flow: fixture.flowMemo,
        version: 1,
        answers: { email: fixture.person.email },
        steps_done: ['kontakt'],
        finished_at: expect.any(String),
      }),
    ]);
  });

  it('holds the person’s commuter survey answers (issue 29 §1)', () => {
    expect(data.survey_answers).toEqual([
      expect.objectContaining({
        survey_id: fixture.surveyId,
        survey_title: 'Fixturens pendlerundersøgelse',
        home_postcode: '8000',
        days: [1, 2, 3, 4, 5],
        finished_at: expect.any(String),
      }),
    ]);
  });

  it('holds where the person locked their bikes, their commands and the operator’s openings (issue 28)', () => {
    const { bikeIds } = fixture;
    const section = data.docks;
    expect(
      section.parkings.map((parking: Record<string, unknown>) => [
        parking.dock_name,
        parking.lock_label,
        parking.bike_id,
        parking.unlocked_by,
      ]),
    ).toEqual([
      ['Fixturens Cykelhus', 'F1', bikeIds.offered, null],
      ['Fixturens Cykelhus', 'F1', bikeIds.withChat, 'operator'],
      ['Fixturens Cykelhus', 'F1', bikeIds.stolen, 'owner'],
    ]);
    for (const parking of section.parkings) expect(parking.locked_at).toEqual(expect.any(String));
    expect(
      section.commands.map((command: Record<string, unknown>) => [
        command.action,
        command.status,
        command.by,
        command.reason,
      ]),
    ).toEqual([
      ['unlock', 'accepted', 'operator', 'The lock jammed; the owner called us'],
      ['unlock', 'accepted', 'you', null],
      ['lock', 'accepted', 'you', null],
    ]);
    expect(section.named_in_dock_access).toEqual([
      { dock_id: fixture.dock.dockId, dock_name: 'Fixturens Cykelhus', email: fixture.person.email },
    ]);
    // The operator's staff member who opened the lock is never named.
    expect(JSON.stringify(section)).not.toMatch(/requested_by|operator_party/);
  });

  it('gives the files as signed links that work', async () => {
    expect(data.files).toHaveLength(1);
    const [file] = data.files;
    expect(file.url).toMatch(/^\/api\/files\/.+\?expires=\d+&signature=/);
    const download = await t.app.inject({ method: 'GET', url: file.url });
    expect(download.statusCode).toBe(200);
  });

  it('keeps a conversation whole but other people anonymous: their words, never their name or address', () => {
    const bikeChat = data.chats.find((chat: { subject_kind: string }) => chat.subject_kind === 'bike');
    expect(
      bikeChat.messages.map((message: { from: string; content: string }) => [message.from, message.content]),
    ).toEqual(
      expect.arrayContaining([
        ['contact', 'Hej, er det din cykel der står ved stationen?'],
        ['you', 'Ja, tak for beskeden!'],
      ]),
    );
    expect(body).not.toContain(fixture.other.email);
    expect(body).not.toContain(fixture.other.partyId);
    expect(body).not.toMatch(
      /code_hash|codeHash|code_verifier|nonce|password_hash|argon2|national_id_encrypted/,
    );
  });
});
