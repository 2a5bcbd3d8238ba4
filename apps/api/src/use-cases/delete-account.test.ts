import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as backofficeSchema from '../db/schema/backoffice.ts';
import * as bikesSchema from '../db/schema/bikes.ts';
import * as chatsSchema from '../db/schema/chats.ts';
import * as clubsSchema from '../db/schema/clubs.ts';
import * as docksSchema from '../db/schema/docks.ts';
import * as identitySchema from '../db/schema/identity.ts';
import * as insuranceSchema from '../db/schema/insurance.ts';
import * as mailSchema from '../db/schema/mail.ts';
import * as organisationsSchema from '../db/schema/organisations.ts';
import * as ownershipSchema from '../db/schema/ownership.ts';
import * as platformSchema from '../db/schema/platform.ts';
import * as supportSchema from '../db/schema/support.ts';
import * as surveysSchema from '../db/schema/surveys.ts';
import * as theftSchema from '../db/schema/theft.ts';
import * as webshopSchema from '../db/schema/webshop.ts';
import { createTestApp, type TestApp } from '../test/helper.ts';
import { bearer, TEST_PASSWORD } from '../test/identity-helpers.ts';
import { type PersonEverywhere, personWithDataEverywhere } from '../test/personal-data-fixtures.ts';

const TABLES = [
  backofficeSchema,
  bikesSchema,
  chatsSchema,
  clubsSchema,
  docksSchema,
  identitySchema,
  insuranceSchema,
  mailSchema,
  organisationsSchema,
  ownershipSchema,
  platformSchema,
  supportSchema,
  surveysSchema,
  theftSchema,
  webshopSchema,
]
  .flatMap((module) => Object.values(module))
  .filter((value): value is PgTable => is(value, PgTable));

/**
 * Issue 14: deleting an account leaves nothing that identifies the person in any table (payment rows
 * stay, by party id only). A person with data in every table the API reaches is deleted, the mail
 * that was due is delivered, and then every row of every table is searched for what identifies them.
 */
describe('DELETE /api/identities/{partyId}/ leaves no personal data behind', () => {
  let t: TestApp;
  let fixture: PersonEverywhere;
  let tablesWithRowsBefore: string[];

  beforeAll(async () => {
    t = await createTestApp();
    fixture = await personWithDataEverywhere(t.app);
    tablesWithRowsBefore = [];
    for (const table of TABLES) {
      const rows = await t.app.db.select().from(table);
      if (JSON.stringify(rows).includes(fixture.person.partyId))
        tablesWithRowsBefore.push(getTableName(table));
    }
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/identities/${fixture.person.partyId}/`,
      headers: bearer(fixture.person.token),
      payload: {
        confirm_data_copy: true,
        confirm_legal_retention: true,
        confirm_insurance_consequences: true,
        confirm_permanent: true,
        password: TEST_PASSWORD,
      },
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    await t.app.mailWorker.runOnce();
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('had the person in most tables before', () => {
    // So the scan below looks where the data was: the fixture reaches this many tables.
    expect(tablesWithRowsBefore.length, tablesWithRowsBefore.join(', ')).toBeGreaterThanOrEqual(24);
  });

  it('finds no e-mail, name, phone, address or national identity of the person in any table', async () => {
    const needles = Object.entries(fixture.identifying)
      .filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1].length > 0)
      .map(([what, value]) => [what, value.toLowerCase()] as const);
    const found: string[] = [];
    // An operator's list of people who may use its dock is the operator's own (issue 28): it typed
    // the address, and removing it would tell the operator the person had an account here. It is
    // checked on its own below.
    for (const table of TABLES.filter((table) => table !== docksSchema.dockAccessPeople)) {
      const rows = await t.app.db.select().from(table);
      for (const row of rows) {
        const text = JSON.stringify(row).toLowerCase();
        for (const [what, needle] of needles) {
          if (text.includes(needle)) found.push(`${getTableName(table)}: ${what} in ${JSON.stringify(row)}`);
        }
      }
    }
    expect(found).toEqual([]);
  });

  it('forgets where the person locked their bikes; their commands stay in the lock’s history without them; a bike still locked stays parked (issue 28)', async () => {
    // The bike still standing in the lock stays parked for the operator (left behind, opened by
    // them), by the erased party's id only and without its bike, which went with the account.
    const parkings = await t.app.db.select().from(docksSchema.lockParkings);
    expect(parkings.filter((row) => row.dockId === fixture.dock.dockId)).toEqual([
      expect.objectContaining({ partyId: fixture.person.partyId, bikeId: null, unlockedAt: null }),
    ]);
    const locksOfTheDock = (await t.app.db.select().from(docksSchema.locks)).filter(
      (row) => row.dockId === fixture.dock.dockId,
    );
    const lockIds = new Set(locksOfTheDock.map((row) => row.id));
    const commands = await t.app.db.select().from(docksSchema.lockCommands);
    const kept = commands.filter((row) => lockIds.has(row.lockId));
    // The person's lock and unlock, and the operator's remote opening: none points at them any more.
    expect(kept).toHaveLength(3);
    for (const command of kept) {
      expect(command.requestedByPartyId).not.toBe(fixture.person.partyId);
      expect(command.parkingId).toBeNull();
      expect(command.bikeId).toBeNull();
    }
    // The operator's own list keeps the address it typed, and names nobody else's account.
    const named = await t.app.db.select().from(docksSchema.dockAccessPeople);
    expect(named.filter((row) => row.dockId === fixture.dock.dockId)).toEqual([
      { dockId: fixture.dock.dockId, email: fixture.person.email.toLowerCase() },
    ]);
  });

  it('forgets the person’s insurance: their policies, insured bikes and what insurers uploaded about them', async () => {
    const { insurancePolicies, insurancePreRegistrations, insuredItems } = insuranceSchema;
    const policies = await t.app.db.select().from(insurancePolicies);
    expect(policies.filter((row) => row.holderPartyId === fixture.person.partyId)).toEqual([]);
    const items = await t.app.db.select().from(insuredItems);
    expect(items.filter((row) => row.policyId === fixture.insurance.policyId)).toEqual([]);
    const lockTests = await t.app.db.select().from(insuranceSchema.insuranceLockTests);
    expect(lockTests.filter((row) => row.policyId === fixture.insurance.policyId)).toEqual([]);
    const uploaded = await t.app.db.select().from(insurancePreRegistrations);
    expect(uploaded.filter((row) => row.insurerPolicyId === fixture.insurance.insurerPolicyId)).toEqual([]);
    // The checkout details (sealed national id and bank account) and the onboarding draft go too.
    const { insuranceHolderDetails, insuranceOnboardingDrafts } = insuranceSchema;
    const details = await t.app.db.select().from(insuranceHolderDetails);
    expect(details.filter((row) => row.holderPartyId === fixture.person.partyId)).toEqual([]);
    const drafts = await t.app.db.select().from(insuranceOnboardingDrafts);
    expect(drafts.filter((row) => row.partyId === fixture.person.partyId)).toEqual([]);
  });

  it('keeps the payment records, detached from everything that names the person', async () => {
    const rows = await t.app.db.select().from(bikesSchema.subscriptions);
    expect(rows.some((row) => row.partyId === fixture.person.partyId)).toBe(true);
    // Orders stay 5 years for bookkeeping (payments.md §4.2), by party id, without addresses.
    const kept = (await t.app.db.select().from(webshopSchema.orders)).filter(
      (row) => row.partyId === fixture.person.partyId,
    );
    // The webshop order, and the plates that came with the insurance checkout (issue 16 §2).
    expect(kept.map((row) => row.paymentMethod).sort()).toEqual(['insurance', 'reepay']);
    for (const order of kept) {
      expect(order).toMatchObject({ buyerEmail: null, shippingAddress: null, status: 'fulfilled' });
      expect(order.pseudonymisedAt).not.toBeNull();
    }
  });

  it('keeps the orders of the organisation they administered, without their address (issue 27)', async () => {
    const [order] = (await t.app.db.select().from(webshopSchema.orders)).filter(
      (row) => row.id === fixture.organisation.orderId,
    );
    // The organisation's order stays its own, for bookkeeping, with the organisation's own address.
    expect(order).toMatchObject({
      partyId: fixture.organisation.partyId,
      buyerEmail: fixture.organisation.invoiceAddress,
    });
  });
});
