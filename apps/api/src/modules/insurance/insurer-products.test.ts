import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/backoffice.ts';
import { insurancePolicies, insuranceProducts } from '../../db/schema/insurance.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { bearer, signUpUser, type TestUser } from '../../test/identity-helpers.ts';
import {
  appliedPolicy,
  createInsurer,
  issuesOf,
  TEST_TARIFF,
  type TestInsurer,
} from '../../test/insurance-helpers.ts';
import { joinByInvitation, signUpStaff } from '../../test/organisation-helpers.ts';

/*
 * Issue 16 §4 through HTTP: the insurer's admins edit its covers (terms, accepted locks, required
 * uploads, tariff), tried as the insurer's admin, a member of its staff who is not an admin, another
 * insurer's admin, our staff, a person and a visitor.
 */

let t: TestApp;
let support: TestUser;
let insurerA: TestInsurer;
let insurerB: TestInsurer;
let member: TestUser;
let person: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  const staffAdmin = await signUpStaff(t.app, 'admin');
  support = await signUpStaff(t.app, 'support');
  insurerA = await createInsurer(t.app, staffAdmin.token);
  insurerB = await createInsurer(t.app, staffAdmin.token);
  member = await signUpUser(t.app);
  await joinByInvitation(t.app, insurerA.staff.token, insurerA.partyId, member, 'member');
  person = await signUpUser(t.app);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

function call(method: 'GET' | 'PUT', url: string, token: string | null, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });
}

const products = (insurer: TestInsurer) => `/api/insurance/${insurer.partyId}/admin/products`;

const CHANGE = {
  terms: { da: 'Nye vilkår', en: 'New terms', no: 'Nye vilkår (no)' },
  accepted_locks: [],
  required_uploads: ['main_image', 'receipt'],
  tariff: {
    price_bands: [
      { max_price: 12_000, annual_premium_minor: 60_000 },
      { max_price: null, annual_premium_minor: 150_000 },
    ],
    category_surcharge_percent: { cargo: 40 },
    electric_surcharge_percent: 25,
  },
};

async function liveProducts(insurerPartyId: string) {
  return t.app.db
    .select()
    .from(insuranceProducts)
    .where(and(eq(insuranceProducts.insurerPartyId, insurerPartyId), eq(insuranceProducts.active, true)));
}

describe('the insurer’s covers', () => {
  it('lists the insurer’s live covers to its staff and ours; 404 to another insurer and persons', async () => {
    const listed = await call('GET', products(insurerA), member.token);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().map((product: { cover_kind: string }) => product.cover_kind)).toEqual([
      'bike_theft',
      'contents_addon',
    ]);
    expect(listed.json()[0]).toMatchObject({ tariff: TEST_TARIFF, accepted_locks: ['varefakta'] });
    expect((await call('GET', products(insurerA), support.token)).statusCode).toBe(200);
    for (const token of [insurerB.staff.token, person.token]) {
      expect((await call('GET', products(insurerA), token)).statusCode).toBe(404);
    }
    expect((await call('GET', products(insurerA), null)).statusCode).toBe(401);
  });

  it('refuses bad input with 422 and a code for the field, and changes nothing', async () => {
    const before = await liveProducts(insurerA.partyId);
    const bad = (changes: Record<string, unknown>) => ({ ...CHANGE, ...changes });
    for (const [body, expected] of [
      [bad({ terms: { ...CHANGE.terms, en: '  ' } }), ['body.terms.en', 'required']],
      [bad({ accepted_locks: ['fg'] }), ['body.accepted_locks.0', 'lock_approval_not_accepted']],
      [bad({ required_uploads: ['receipt', 'receipt'] }), ['body.required_uploads', 'duplicate_value']],
      [
        bad({
          tariff: {
            ...CHANGE.tariff,
            price_bands: [
              { max_price: 20_000, annual_premium_minor: 60_000 },
              { max_price: 10_000, annual_premium_minor: 60_000 },
              { max_price: null, annual_premium_minor: 60_000 },
            ],
          },
        }),
        ['body.tariff.price_bands', 'invalid_price_bands'],
      ],
      [
        bad({ tariff: { ...CHANGE.tariff, price_bands: [{ max_price: null, annual_premium_minor: -100 }] } }),
        ['body.tariff.price_bands.0.annual_premium_minor', 'invalid_price'],
      ],
      [
        bad({ tariff: { ...CHANGE.tariff, electric_surcharge_percent: 900 } }),
        ['body.tariff.electric_surcharge_percent', 'invalid_value'],
      ],
    ] as const) {
      const response = await call('PUT', `${products(insurerA)}/bike_theft`, insurerA.staff.token, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(issuesOf(response)).toEqual([expected]);
    }
    // The API names the problem in the caller's language.
    const danish = await t.app.inject({
      method: 'PUT',
      url: `${products(insurerA)}/bike_theft`,
      headers: { ...bearer(insurerA.staff.token), 'accept-language': 'da' },
      payload: bad({ accepted_locks: ['fg'] }),
    });
    expect(danish.json().detail[0].msg).toMatch(/^Den godkendelse gælder ikke i forsikringsselskabets land/);
    expect(await liveProducts(insurerA.partyId)).toEqual(before);
  });

  it('lets only the insurer’s admins change a cover: a new version, audited; policies keep theirs', async () => {
    const holder = await signUpUser(t.app);
    const policy = await appliedPolicy(t.app, holder.token, {
      insurer_party_id: insurerA.partyId,
      coverage: 'bike_theft',
      number_of_bikes: 1,
    });
    const url = `${products(insurerA)}/bike_theft`;
    expect((await call('PUT', url, member.token, CHANGE)).statusCode).toBe(403);
    for (const token of [insurerB.staff.token, support.token, person.token]) {
      expect((await call('PUT', url, token, CHANGE)).statusCode).toBe(404);
    }
    expect((await call('PUT', url, null, CHANGE)).statusCode).toBe(401);
    expect((await call('PUT', `${products(insurerA)}/life`, insurerA.staff.token, CHANGE)).statusCode).toBe(
      404,
    );

    const [old] = (await liveProducts(insurerA.partyId)).filter((row) => row.coverKind === 'bike_theft');
    const changed = await call('PUT', url, insurerA.staff.token, CHANGE);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      cover_kind: 'bike_theft',
      names: { en: 'Test cover' },
      terms: CHANGE.terms,
      tariff: CHANGE.tariff,
      accepted_locks: [],
      required_uploads: ['main_image', 'receipt'],
    });
    expect(changed.json().id).not.toBe(old?.id);
    // The covers on offer show the change at once.
    const offers = await call('GET', '/api/insurance/products?region=dk', null);
    const offer = offers
      .json()
      .find(
        (item: { insurer: { party_id: string }; cover_kind: string }) =>
          item.insurer.party_id === insurerA.partyId && item.cover_kind === 'bike_theft',
      );
    expect(offer).toMatchObject({ id: changed.json().id, terms: CHANGE.terms });
    // The application stays with the version it was priced by.
    const [stored] = await t.app.db
      .select()
      .from(insurancePolicies)
      .where(eq(insurancePolicies.id, policy.id));
    expect(stored?.productId).toBe(old?.id);

    const [audit] = await t.app.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'insurance.product_changed'));
    expect(audit).toMatchObject({ actorPartyId: insurerA.staff.partyId, targetPartyId: null });
    expect(audit?.details).toMatchObject({
      organisation_party_id: insurerA.partyId,
      cover_kind: 'bike_theft',
      before: { product_id: old?.id, tariff: TEST_TARIFF, accepted_locks: ['varefakta'] },
      after: { product_id: changed.json().id, tariff: CHANGE.tariff, accepted_locks: [] },
    });
  });
});
