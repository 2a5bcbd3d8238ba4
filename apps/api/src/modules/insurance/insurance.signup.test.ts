import { fodselsnummerCheckDigits } from '@nbr/domain/national-id';
import { NATIONAL_ID_REVEALS_PER_DAY } from '@nbr/domain/sensitive-reads';
import { and, asc, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/backoffice.ts';
import { consentEvents, identities } from '../../db/schema/identity.ts';
import { insuranceHolderDetails, insurancePolicies } from '../../db/schema/insurance.ts';
import { orderLines, orders } from '../../db/schema/webshop.ts';
import { registerBike, signUpOwner } from '../../test/bike-api-helpers.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { bearer, mailsTo, type TestUser } from '../../test/identity-helpers.ts';
import {
  appliedPolicy,
  createInsurer,
  DANISH_CHECKOUT,
  issuesOf,
  type TestInsurer,
  testProduct,
} from '../../test/insurance-helpers.ts';
import { signUpStaff } from '../../test/organisation-helpers.ts';
import { switchInto } from '../../test/role-fixtures.ts';

/*
 * Issue 16 §2 through HTTP: the onboarding draft, the covers to choose from and the holder's
 * checkout details, tried as the holder, another person, the staff of the policy's insurer and of
 * another insurer, our staff and a visitor.
 */

let t: TestApp;
let support: TestUser;
let staffAdmin: TestUser;
let insurerA: TestInsurer;
let insurerB: TestInsurer;
let norwegian: TestInsurer;
let holder: TestUser;
let other: TestUser;
let bike: string;

/** A valid fødselsnummer (or D-number) of a birth date DDMMYY: the first individual number with check digits. */
function norwegianNumber(ddmmyy: string): string {
  for (let individual = 100; individual < 1000; individual++) {
    const checks = fodselsnummerCheckDigits(`${ddmmyy}${individual}`);
    if (checks) return `${ddmmyy}${individual}${checks}`;
  }
  throw new Error(`no valid number for ${ddmmyy}`);
}

beforeAll(async () => {
  t = await createTestApp();
  staffAdmin = await signUpStaff(t.app, 'admin');
  support = await signUpStaff(t.app, 'support');
  insurerA = await createInsurer(t.app, staffAdmin.token);
  insurerB = await createInsurer(t.app, staffAdmin.token);
  norwegian = await createInsurer(t.app, staffAdmin.token, {
    region: 'no',
    products: [testProduct('bike_theft', { accepted_locks: ['fg'] })],
  });
  holder = await signUpOwner(t.app, 3);
  await t.app.db
    .update(identities)
    .set({ firstName: 'Hanne', lastName: 'Holder', streetAddress: 'Holdervej 1', zipCode: '5000' })
    .where(eq(identities.partyId, holder.partyId));
  other = await signUpOwner(t.app, 1);
  bike = (await registerBike(t.app, holder.token, { category: 'city', price: 8_000 })).bike_id;
}, 120_000);

afterAll(async () => {
  await t?.close();
});

function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  token: string | null,
  payload?: unknown,
) {
  return t.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });
}

const DRAFT = '/api/insurance/onboarding-draft';

/** The audited ask for the holder's national id in full, with a reason. */
function reveal(holderDetailsUrl: string, token: string | null, reason: unknown = 'Premium collection') {
  return call('POST', `${holderDetailsUrl}/national-id-reveal`, token, { reason });
}

describe('GET /api/insurance/products', () => {
  it('lists the covers on offer to anyone, with the insurer and the tariff to price a basket', async () => {
    const response = await call('GET', '/api/insurance/products?region=dk', null);
    expect(response.statusCode, response.body).toBe(200);
    const offers = response.json() as Array<{
      insurer: { party_id: string };
      cover_kind: string;
      region: string;
    }>;
    expect(
      offers.filter((offer) => offer.insurer.party_id === insurerA.partyId).map((offer) => offer.cover_kind),
    ).toEqual(['bike_theft', 'contents_addon']);
    expect(offers.every((offer) => offer.region === 'dk')).toBe(true);
    expect(offers.some((offer) => offer.insurer.party_id === norwegian.partyId)).toBe(false);
    expect(response.json()[0].tariff.price_bands.length).toBeGreaterThan(0);
  });

  it('answers a region’s covers only and refuses an unknown region', async () => {
    const norwegianOffers = (await call('GET', '/api/insurance/products?region=no', null)).json() as Array<{
      insurer: { party_id: string };
    }>;
    expect(norwegianOffers.map((offer) => offer.insurer.party_id)).toContain(norwegian.partyId);
    expect(norwegianOffers.map((offer) => offer.insurer.party_id)).not.toContain(insurerA.partyId);
    expect((await call('GET', '/api/insurance/products?region=se', null)).statusCode).toBe(422);
  });
});

describe('the onboarding draft', () => {
  it('starts pre-filled from the person’s profile, saves as the wizard goes and answers it after a reload', async () => {
    const fresh = await call('GET', DRAFT, holder.token);
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(fresh.json()).toMatchObject({
      party_id: holder.partyId,
      first_name: 'Hanne',
      street_address: 'Holdervej 1',
      acknowledgement_privacy: null,
      unlocked_steps: ['consent'],
      saved_at: null,
    });

    const saved = await call('PUT', `${DRAFT}/`, holder.token, {
      acknowledgement_privacy: true,
      acknowledgement_data_share: false,
      insurer_party_id: insurerA.partyId,
      number_of_bikes: 2,
      bike_ids: [bike],
      insurance_coverage: 'bike_theft',
      first_name: 'Hanne',
      last_name: 'Holder',
      email: 'Hanne@Example.com',
      street_address: ' Holdervej 1 ',
      city: 'Odense',
      zip_code: '5000',
      mobile: '+45 20 00 00 01',
      unlocked_steps: ['insurance-details', 'insurance-type'],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      email: 'hanne@example.com',
      street_address: 'Holdervej 1',
      mobile: '+4520000001',
      unlocked_steps: ['consent', 'insurance-details', 'insurance-type'],
    });
    expect(saved.json().saved_at).not.toBeNull();
    expect((await call('GET', DRAFT, holder.token)).json()).toEqual(saved.json());
  });

  it('keeps a step once unlocked when a save typed before “next” arrives after it', async () => {
    const before = (await call('GET', DRAFT, holder.token)).json();
    // The wizard's save-as-you-type of the first step, answered after the save that moved on.
    const late = await call('PUT', DRAFT, holder.token, {
      ...before,
      party_id: undefined,
      saved_at: undefined,
      unlocked_steps: ['consent'],
    });
    expect(late.statusCode, late.body).toBe(200);
    expect(late.json().unlocked_steps).toEqual(['consent', 'insurance-details', 'insurance-type']);
    expect((await call('GET', DRAFT, holder.token)).json().unlocked_steps).toEqual([
      'consent',
      'insurance-details',
      'insurance-type',
    ]);
  });

  it('is the person’s own: another person sees theirs, not the holder’s', async () => {
    const theirs = await call('GET', DRAFT, other.token);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json()).toMatchObject({ party_id: other.partyId, saved_at: null, insurer_party_id: null });
  });

  it('refuses bad input with 422 and keeps what was saved', async () => {
    const before = (await call('GET', DRAFT, holder.token)).json();
    const bad = await call('PUT', DRAFT, holder.token, {
      zip_code: '50',
      number_of_bikes: 1,
      bike_ids: [bike, '0191d3c4-0000-7000-8000-000000000001'],
      insurance_coverage: 'car',
    });
    expect(bad.statusCode).toBe(422);
    expect(issuesOf(bad)).toEqual(
      expect.arrayContaining([
        ['body.zip_code', 'invalid_zip_code'],
        ['body.insurance_coverage', 'invalid_value'],
      ]),
    );
    const unknownInsurer = await call('PUT', DRAFT, holder.token, {
      insurer_party_id: other.partyId,
    });
    expect(unknownInsurer.statusCode).toBe(422);
    expect(issuesOf(unknownInsurer)).toEqual([['body.insurer_party_id', 'insurer_unknown']]);
    const tooManyBikes = await call('PUT', DRAFT, holder.token, {
      number_of_bikes: 1,
      bike_ids: [bike, other.partyId],
    });
    expect(issuesOf(tooManyBikes)).toEqual([['body.bike_ids', 'insured_bikes_exceed_number']]);
    // A national id or bank account has no place in the draft.
    const nationalId = await call('PUT', DRAFT, holder.token, { cpr_number: '0101901234' });
    expect(nationalId.statusCode).toBe(422);
    expect((await call('GET', DRAFT, holder.token)).json()).toEqual(before);
  });

  it('is refused to a visitor (401), an insurer’s staff (403) and staff switched into the person (for writing)', async () => {
    expect((await call('GET', DRAFT, null)).statusCode).toBe(401);
    expect((await call('PUT', DRAFT, null, {})).statusCode).toBe(401);
    expect((await call('GET', DRAFT, insurerA.staff.token)).statusCode).toBe(403);
    expect((await call('PUT', DRAFT, insurerA.staff.token, {})).statusCode).toBe(403);
    const switched = await switchInto(t.app, support.token, holder.partyId);
    expect((await call('PUT', DRAFT, switched, {})).json().code).toBe('not_allowed_while_switched');
    expect((await call('DELETE', DRAFT, switched)).json().code).toBe('not_allowed_while_switched');
  });

  it('is thrown away on DELETE (204), and deleting again changes nothing (204)', async () => {
    const person = await signUpOwner(t.app, 0);
    expect((await call('PUT', DRAFT, person.token, { acknowledgement_privacy: true })).statusCode).toBe(200);
    expect((await call('DELETE', DRAFT, person.token)).statusCode).toBe(204);
    expect((await call('GET', DRAFT, person.token)).json().saved_at).toBeNull();
    expect((await call('DELETE', DRAFT, person.token)).statusCode).toBe(204);
    expect((await call('GET', DRAFT, person.token)).json().saved_at).toBeNull();
  });

  it('logs the consents given and taken back, and withdrawing them deletes the draft; all in the export', async () => {
    const person = await signUpOwner(t.app, 0);
    const history = async () =>
      (
        await t.app.db
          .select()
          .from(consentEvents)
          .where(eq(consentEvents.partyId, person.partyId))
          .orderBy(asc(consentEvents.createdAt), asc(consentEvents.id))
      )
        .filter((event) => event.type.startsWith('insurance_'))
        .map((event) => [event.type, event.action, event.source]);
    await call('PUT', DRAFT, person.token, {
      acknowledgement_privacy: true,
      acknowledgement_data_share: true,
    });
    // Saving the same again logs nothing new; taking one back logs its revocation.
    await call('PUT', DRAFT, person.token, {
      acknowledgement_privacy: true,
      acknowledgement_data_share: true,
    });
    await call('PUT', DRAFT, person.token, {
      acknowledgement_privacy: true,
      acknowledgement_data_share: false,
      acknowledgement_ownership_transfer: true,
    });
    // Events of one save share its time: compared in any order within it.
    const given = await history();
    expect(given.slice(0, 2).sort()).toEqual([
      ['insurance_data_share', 'grant', 'user'],
      ['insurance_privacy', 'grant', 'user'],
    ]);
    expect(given.slice(2).sort()).toEqual([
      ['insurance_data_share', 'revoke', 'user'],
      ['insurance_ownership_transfer', 'grant', 'user'],
    ]);
    // Another person, an insurer's staff and a visitor cannot withdraw them.
    expect((await call('DELETE', DRAFT, insurerA.staff.token)).statusCode).toBe(403);
    expect((await call('DELETE', DRAFT, null)).statusCode).toBe(401);
    expect((await call('DELETE', DRAFT, other.token)).statusCode).toBe(204);
    expect((await call('GET', DRAFT, person.token)).json().saved_at).not.toBeNull();

    expect((await call('DELETE', DRAFT, person.token)).statusCode).toBe(204);
    expect((await call('GET', DRAFT, person.token)).json()).toMatchObject({
      saved_at: null,
      acknowledgement_privacy: null,
    });
    expect((await history()).slice(4).sort()).toEqual([
      ['insurance_ownership_transfer', 'revoke', 'user'],
      ['insurance_privacy', 'revoke', 'user'],
    ]);
    const exported = await call('GET', '/api/identities/me/export', person.token);
    expect(
      exported
        .json()
        .insurance_onboarding_consents.map((event: { type: string; action: string }) => [
          event.type,
          event.action,
        ]),
    ).toHaveLength(6);
  });

  it('becomes the application: applying at the draft’s insurer takes its shipping address onto the policy and clears it', async () => {
    const person = await signUpOwner(t.app, 0);
    await call('PUT', DRAFT, person.token, {
      acknowledgement_privacy: true,
      insurer_party_id: insurerA.partyId,
      number_of_bikes: 1,
      insurance_coverage: 'contents_addon',
      first_name: 'Sara',
      last_name: 'Sender',
      email: 'sara@example.com',
      street_address: 'Pladevej 3',
      city: 'Aarhus',
      zip_code: '8000',
      mobile: '+4520000002',
    });
    // An application elsewhere leaves the draft alone.
    await appliedPolicy(t.app, person.token, {
      insurer_party_id: insurerB.partyId,
      coverage: 'contents_addon',
      number_of_bikes: 1,
    });
    expect((await call('GET', DRAFT, person.token)).json().saved_at).not.toBeNull();

    const policy = await appliedPolicy(t.app, person.token, {
      insurer_party_id: insurerA.partyId,
      coverage: 'contents_addon',
      number_of_bikes: 1,
    });
    expect((await call('GET', DRAFT, person.token)).json().saved_at).toBeNull();
    // What the person acknowledged stays with the application's audit event.
    const [applied] = await t.app.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.targetPartyId, person.partyId))
      .orderBy(desc(auditEvents.createdAt))
      .limit(1);
    expect(applied?.details).toMatchObject({
      policy_id: policy.id,
      consents: { privacy: true, data_share: null, ownership_transfer: null },
    });
    const details = await call('GET', `/api/insurance/policies/${policy.id}/holder-details`, person.token);
    expect(details.json()).toMatchObject({
      name: 'Sara Sender',
      streetAddress: 'Pladevej 3',
      zipCode: '8000',
      identitySocialNumber: null,
      bankAccount: null,
      completed_at: null,
    });
  });
});

describe('the holder’s checkout details', () => {
  let policyId: string;
  const url = () => `/api/insurance/policies/${policyId}/holder-details`;

  beforeAll(async () => {
    // The holder's draft above names this insurer: thrown away, so this checkout starts from nothing.
    await call('DELETE', DRAFT, holder.token);
    policyId = (
      await appliedPolicy(t.app, holder.token, {
        insurer_party_id: insurerA.partyId,
        coverage: 'bike_theft',
        number_of_bikes: 1,
        bike_ids: [bike],
      })
    ).id;
  });

  it('starts from the holder’s profile and is nobody else’s yet (the insurer gets 404 until given)', async () => {
    const response = await call('GET', url(), holder.token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'Hanne Holder',
      completed_at: null,
      identitySocialNumber: null,
    });
    expect((await call('GET', url(), insurerA.staff.token)).statusCode).toBe(404);
  });

  it('refuses a bad national id or bank account with 422 and stores nothing', async () => {
    for (const [changes, expected] of [
      [{ identitySocialNumber: '320190-1234' }, ['body.identitySocialNumber', 'invalid_cpr_date']],
      [{ identitySocialNumber: '12345' }, ['body.identitySocialNumber', 'invalid_cpr']],
      [{ bankRegister: '12' }, ['body.bankRegister', 'invalid_bank_registration_number']],
      [{ bankAccount: '12345678901' }, ['body.bankAccount', 'invalid_bank_account_number']],
      [{ zipCode: 'abc' }, ['body.zipCode', 'invalid_zip_code']],
      [{ name: '  ' }, ['body.name', 'required']],
    ] as const) {
      const response = await call('PUT', url(), holder.token, { ...DANISH_CHECKOUT, ...changes });
      expect(response.statusCode, JSON.stringify(changes)).toBe(422);
      expect(issuesOf(response)).toEqual([expected]);
    }
    const stored = await t.app.db
      .select()
      .from(insuranceHolderDetails)
      .where(eq(insuranceHolderDetails.policyId, policyId));
    expect(stored).toEqual([]);
  });

  it('needs the national id at the first checkout', async () => {
    const { identitySocialNumber: _left, ...withoutNumber } = DANISH_CHECKOUT;
    const response = await call('PUT', url(), holder.token, withoutNumber);
    expect(response.statusCode).toBe(422);
    expect(issuesOf(response)).toEqual([['body.identitySocialNumber', 'required']]);
  });

  it('stores the national id sealed and answers it masked to the holder', async () => {
    const response = await call('PUT', `${url()}/`, holder.token, DANISH_CHECKOUT);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      identitySocialNumber: '******-1234',
      national_id_revealed: false,
      bankRegister: '1234',
      bankAccount: '0012345678',
      floor: '2',
      side: 'tv',
    });
    expect(response.json().completed_at).not.toBeNull();
    const [row] = await t.app.db
      .select()
      .from(insuranceHolderDetails)
      .where(eq(insuranceHolderDetails.policyId, policyId));
    expect(row?.nationalIdEncrypted).toMatch(/^v1\./);
    expect(JSON.stringify(row)).not.toContain('0101901234');
    expect((await call('GET', url(), holder.token)).json().identitySocialNumber).toBe('******-1234');
    // The holder never gets it back in full.
    expect((await reveal(url(), holder.token)).statusCode).toBe(403);
  });

  it('sends the plates for the policy’s bikes to the holder’s address once, included with the insurance', async () => {
    const [details] = await t.app.db
      .select()
      .from(insuranceHolderDetails)
      .where(eq(insuranceHolderDetails.policyId, policyId));
    expect(details?.plateOrderId).toBeTruthy();
    const [order] = await t.app.db.select().from(orders).where(eq(orders.id, details!.plateOrderId!));
    expect(order).toMatchObject({
      partyId: holder.partyId,
      paymentMethod: 'insurance',
      totalMinor: 0,
      status: 'fulfilled',
      shipmentStatus: 'waiting',
      shippingAddress: {
        name: 'Hanne Holder',
        street_address: 'Holdervej 1 2 tv',
        zip_code: '5000',
        city: 'Odense',
        country: 'DK',
      },
    });
    const lines = await t.app.db.select().from(orderLines).where(eq(orderLines.orderId, order!.id));
    expect(lines.map((line) => [line.kind, line.quantity])).toEqual([['plates', 1]]);
    // The holder sees it on their orders.
    const listed = await call('GET', '/api/webshop/orders', holder.token);
    expect(listed.json().map((item: { id: string }) => item.id)).toContain(order!.id);
  });

  it('keeps the stored national id when a later change leaves it empty', async () => {
    const changed = await call('PUT', url(), holder.token, {
      ...DANISH_CHECKOUT,
      identitySocialNumber: '',
      city: 'Svendborg',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ city: 'Svendborg', identitySocialNumber: '******-1234' });
    // A later change orders no more plates.
    expect(changed.json().plate_order_id).not.toBeNull();
    const plateOrders = await t.app.db.select().from(orders).where(eq(orders.partyId, holder.partyId));
    expect(plateOrders.filter((order) => order.paymentMethod === 'insurance')).toHaveLength(1);
    const revealed = await reveal(url(), support.token, 'Holder asked support for their number');
    expect(revealed.json().identitySocialNumber).toBe('0101901234');
  });

  it('needs a reason to reveal the national id (422, nothing audited)', async () => {
    const before = await t.app.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.targetPartyId, holder.partyId));
    for (const payload of [{}, { reason: '   ' }, { reason: 'x'.repeat(501) }, { reason: 'ok', extra: 1 }]) {
      const response = await call('POST', `${url()}/national-id-reveal`, insurerA.staff.token, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
    }
    const after = await t.app.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.targetPartyId, holder.partyId));
    expect(after).toHaveLength(before.length);
  });

  it('shows the insurer’s staff and ours the details masked, in full only on an explicit reveal with a reason, each read audited', async () => {
    const masked = await call('GET', url(), insurerA.staff.token);
    expect(masked.statusCode, masked.body).toBe(200);
    expect(masked.json()).toMatchObject({ identitySocialNumber: '******-1234', national_id_revealed: false });
    const revealed = await reveal(url(), insurerA.staff.token, '  Premium collection failed  ');
    expect(revealed.statusCode, revealed.body).toBe(200);
    expect(revealed.json()).toMatchObject({ identitySocialNumber: '0101901234', national_id_revealed: true });
    const ours = await reveal(url(), support.token, 'Holder asked support for their number');
    expect(ours.json().identitySocialNumber).toBe('0101901234');

    const events = await t.app.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.targetPartyId, holder.partyId))
      .orderBy(asc(auditEvents.createdAt));
    expect(
      events
        .filter((event) => event.action.startsWith('insurance.holder') || event.action.includes('revealed'))
        .map((event) => {
          const details = event.details as { as?: string; reason?: string };
          return [event.action, event.actorPartyId, details.as ?? null, details.reason ?? null];
        }),
    ).toEqual([
      ['insurance.holder_details_saved', holder.partyId, null, null],
      ['insurance.holder_details_saved', holder.partyId, null, null],
      ['insurance.national_id_revealed', support.partyId, 'staff', 'Holder asked support for their number'],
      ['insurance.holder_details_viewed', insurerA.staff.partyId, 'insurer', null],
      ['insurance.national_id_revealed', insurerA.staff.partyId, 'insurer', 'Premium collection failed'],
      ['insurance.national_id_revealed', support.partyId, 'staff', 'Holder asked support for their number'],
    ]);
  });

  it('gives each of the insurer’s people a daily budget of reveals and mails the insurer’s admins once when it is used up', async () => {
    const revealsBy = async (partyId: string) =>
      (
        await t.app.db
          .select()
          .from(auditEvents)
          .where(
            and(
              eq(auditEvents.actorPartyId, partyId),
              eq(auditEvents.action, 'insurance.national_id_revealed'),
            ),
          )
      ).length;
    const answers = [];
    for (
      let read = (await revealsBy(insurerA.staff.partyId)) + 1;
      read <= NATIONAL_ID_REVEALS_PER_DAY + 2;
      read++
    ) {
      answers.push(await reveal(url(), insurerA.staff.token, 'Premium collection failed'));
    }
    const refused = answers.slice(-2);
    for (const answer of refused) {
      expect(answer.statusCode, answer.body).toBe(429);
      expect(answer.json().code).toBe('read_budget_reached');
      expect(answer.json().identitySocialNumber).toBeUndefined();
    }
    expect(answers.slice(0, -2).every((answer) => answer.statusCode === 200)).toBe(true);
    expect(await revealsBy(insurerA.staff.partyId)).toBe(NATIONAL_ID_REVEALS_PER_DAY);
    const alerts = await mailsTo(t.app.db, insurerA.staff.email, 'read_budget_reached_national_id');
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.text).toContain(String(NATIONAL_ID_REVEALS_PER_DAY));
    // The masked details stay readable; our staff's budget is their own.
    expect((await call('GET', url(), insurerA.staff.token)).statusCode).toBe(200);
    expect((await reveal(url(), support.token, 'Holder asked support for their number')).statusCode).toBe(
      200,
    );
  });

  it('is 404 to another person, another insurer’s staff and for writes by anyone but the holder; 401 to a visitor', async () => {
    for (const token of [other.token, insurerB.staff.token]) {
      expect((await call('GET', url(), token)).statusCode).toBe(404);
      expect((await reveal(url(), token)).statusCode).toBe(404);
      expect((await call('PUT', url(), token, DANISH_CHECKOUT)).statusCode).toBe(404);
    }
    expect((await call('PUT', url(), insurerA.staff.token, DANISH_CHECKOUT)).statusCode).toBe(404);
    expect((await call('PUT', url(), support.token, DANISH_CHECKOUT)).statusCode).toBe(404);
    expect((await call('GET', url(), null)).statusCode).toBe(401);
    expect((await reveal(url(), null)).statusCode).toBe(401);
    expect(
      (await call('GET', '/api/insurance/policies/not-a-uuid/holder-details', holder.token)).statusCode,
    ).toBe(404);
  });

  it('cannot change once the policy ended (409)', async () => {
    const person = await signUpOwner(t.app, 0);
    const ended = await appliedPolicy(t.app, person.token, {
      insurer_party_id: insurerB.partyId,
      coverage: 'contents_addon',
      number_of_bikes: 1,
    });
    await t.app.db
      .update(insurancePolicies)
      .set({ status: 'cancelled', endedAt: new Date() })
      .where(eq(insurancePolicies.id, ended.id));
    const response = await call(
      'PUT',
      `/api/insurance/policies/${ended.id}/holder-details`,
      person.token,
      DANISH_CHECKOUT,
    );
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('policy_not_editable');
  });

  it('checks a Norwegian policy by Norwegian rules: fødselsnummer or D-number with both check digits, an 11-digit account', async () => {
    const person = await signUpOwner(t.app, 0);
    const policy = await appliedPolicy(t.app, person.token, {
      insurer_party_id: norwegian.partyId,
      coverage: 'bike_theft',
      number_of_bikes: 1,
    });
    const norwegianUrl = `/api/insurance/policies/${policy.id}/holder-details`;
    const fodselsnummer = norwegianNumber('010190');
    const dNumber = norwegianNumber('410190');
    const wrongCheck = `${fodselsnummer.slice(0, 10)}${(Number(fodselsnummer[10]) + 1) % 10}`;
    const checkout = {
      ...DANISH_CHECKOUT,
      identitySocialNumber: fodselsnummer,
      zipCode: '0150',
      city: 'Oslo',
      bankRegister: null,
      bankAccount: '8601.11.17947',
    };
    for (const [changes, expected] of [
      [{ identitySocialNumber: '010190-1234' }, ['body.identitySocialNumber', 'invalid_fodselsnummer']],
      [
        { identitySocialNumber: wrongCheck },
        ['body.identitySocialNumber', 'invalid_fodselsnummer_check_digits'],
      ],
      [{ bankAccount: '8601 11 17949' }, ['body.bankAccount', 'invalid_norwegian_account_check_digit']],
    ] as const) {
      const response = await call('PUT', norwegianUrl, person.token, { ...checkout, ...changes });
      expect(response.statusCode, JSON.stringify(changes)).toBe(422);
      expect(issuesOf(response)).toEqual([expected]);
    }
    const saved = await call('PUT', norwegianUrl, person.token, {
      ...checkout,
      identitySocialNumber: fodselsnummer,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      identitySocialNumber: `******* ${fodselsnummer.slice(-4)}`,
      bankRegister: null,
      bankAccount: '86011117947',
    });
    const withDNumber = await call('PUT', norwegianUrl, person.token, {
      ...checkout,
      identitySocialNumber: dNumber,
    });
    expect(withDNumber.statusCode, withDNumber.body).toBe(200);
    const revealed = await reveal(norwegianUrl, norwegian.staff.token);
    expect(revealed.json().identitySocialNumber).toBe(dNumber);
  });
});
