import type { Distributor } from '@nbr/domain/distributors';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { bearer, claimsOf, logIn } from '../../test/identity-helpers.ts';
import { signUpConfirmedUser } from '../../test/verification-helpers.ts';
import { auditEvents } from '../schema/backoffice.ts';
import { bikes } from '../schema/bikes.ts';
import { identities } from '../schema/identity.ts';
import { insuranceProducts } from '../schema/insurance.ts';
import { organisations } from '../schema/organisations.ts';
import { DEMO_DEALERS, DEMO_PASSWORD, DEMO_PRE_REGISTRATION, seedDemoData } from './demo.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('seedDemoData', () => {
  it('creates the demo accounts once, verified, with their home addresses, and they can log in', async () => {
    const first = await seedDemoData(t.database.db);
    expect(first).toEqual([
      {
        email: 'anna@demo.cykelregister.dk',
        password: DEMO_PASSWORD,
        language: 'da',
        region: 'dk',
        created: true,
      },
      {
        email: 'ola@demo.cykelregister.dk',
        password: DEMO_PASSWORD,
        language: 'no',
        region: 'no',
        created: true,
      },
      {
        email: 'staff@demo.cykelregister.dk',
        password: DEMO_PASSWORD,
        language: 'da',
        region: 'dk',
        created: true,
        staffRole: 'admin',
      },
      {
        email: 'support@demo.cykelregister.dk',
        password: DEMO_PASSWORD,
        language: 'da',
        region: 'dk',
        created: true,
        staffRole: 'support',
      },
      {
        email: 'forsikring@demo.cykelregister.dk',
        password: DEMO_PASSWORD,
        language: 'da',
        region: 'dk',
        created: true,
      },
      {
        email: 'politi@demo.cykelregister.dk',
        password: DEMO_PASSWORD,
        language: 'da',
        region: 'dk',
        created: true,
      },
      {
        email: 'kommune@demo.cykelregister.dk',
        password: DEMO_PASSWORD,
        language: 'da',
        region: 'dk',
        created: true,
      },
    ]);
    const again = await seedDemoData(t.database.db);
    expect(again.map((account) => account.created)).toEqual(first.map(() => false));
    const rows = await t.database.db
      .select()
      .from(identities)
      .where(like(identities.email, '%@demo.cykelregister.dk'));
    expect(rows).toHaveLength(first.length);

    const anna = await logIn(t.app, 'anna@demo.cykelregister.dk', DEMO_PASSWORD);
    const annaProfile = (
      await t.app.inject({ method: 'GET', url: '/api/identities/me', headers: bearer(anna) })
    ).json();
    expect(annaProfile).toMatchObject({
      email_verified: true,
      language: 'da',
      region: 'dk',
      city: 'København V',
      zip_code: '1620',
    });
    const ola = await logIn(t.app, 'ola@demo.cykelregister.dk', DEMO_PASSWORD);
    const olaProfile = (
      await t.app.inject({ method: 'GET', url: '/api/identities/me', headers: bearer(ola) })
    ).json();
    expect(olaProfile).toMatchObject({
      email_verified: true,
      language: 'no',
      region: 'no',
      city: 'Oslo',
      zip_code: '0159',
    });
  });

  it('makes the staff demo accounts staff: an admin and a support member, granted once and audited', async () => {
    await seedDemoData(t.database.db);
    const staff = await logIn(t.app, 'staff@demo.cykelregister.dk', DEMO_PASSWORD);
    const staffProfile = await t.app.inject({
      method: 'GET',
      url: '/api/identities/me',
      headers: bearer(staff),
    });
    expect(staffProfile.json()).toMatchObject({ staff_role: 'admin', email_verified: true });
    const support = await logIn(t.app, 'support@demo.cykelregister.dk', DEMO_PASSWORD);
    const supportProfile = await t.app.inject({
      method: 'GET',
      url: '/api/identities/me',
      headers: bearer(support),
    });
    expect(supportProfile.json()).toMatchObject({ staff_role: 'support' });
    const anna = await logIn(t.app, 'anna@demo.cykelregister.dk', DEMO_PASSWORD);
    const annaProfile = await t.app.inject({
      method: 'GET',
      url: '/api/identities/me',
      headers: bearer(anna),
    });
    expect(annaProfile.json()).toMatchObject({ staff_role: null });

    const grants = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'staff.grant'));
    expect(grants).toHaveLength(2);
    expect(grants.every((grant) => grant.actorPartyId === null)).toBe(true);
  });

  it('seeds an insurer whose business user lands acting for it, and a business with Anna as admin, once', async () => {
    await seedDemoData(t.database.db);
    await seedDemoData(t.database.db);
    const names = (await t.database.db.select().from(organisations))
      .filter((row) => row.type !== 'dealer')
      .map((row) => row.name)
      .sort();
    expect(names).toEqual(['Demo Cykler ApS', 'Demo Forsikring A/S', 'Demo Kommune', 'Demo Politi']);

    const insurerUser = await logIn(t.app, 'forsikring@demo.cykelregister.dk', DEMO_PASSWORD);
    const claims = claimsOf(insurerUser);
    expect(claims.organisation_type).toBe('insurance_company');
    const insurer = await t.app.inject({
      method: 'GET',
      url: `/api/organisations/${String(claims.party_id)}`,
      headers: bearer(insurerUser),
    });
    expect(insurer.json()).toMatchObject({
      name: 'Demo Forsikring A/S',
      registration_number: '12345674',
      role: 'admin',
    });

    const anna = await logIn(t.app, 'anna@demo.cykelregister.dk', DEMO_PASSWORD);
    expect(claimsOf(anna).organisation_type).toBeNull();
    const annasOrganisations = await t.app.inject({
      method: 'GET',
      url: '/api/organisations',
      headers: bearer(anna),
    });
    expect(annasOrganisations.json()).toEqual([
      expect.objectContaining({ name: 'Demo Cykler ApS', type: 'business', role: 'admin' }),
    ]);
  });

  it('seeds the police and a municipality whose business users search the register, acting for them', async () => {
    await seedDemoData(t.database.db);
    for (const [email, name, type] of [
      ['politi@demo.cykelregister.dk', 'Demo Politi', 'police'],
      ['kommune@demo.cykelregister.dk', 'Demo Kommune', 'municipality'],
    ] as const) {
      const token = await logIn(t.app, email, DEMO_PASSWORD);
      const claims = claimsOf(token);
      expect(claims.organisation_type).toBe(type);
      const organisation = await t.app.inject({
        method: 'GET',
        url: `/api/organisations/${String(claims.party_id)}`,
        headers: bearer(token),
      });
      expect(organisation.json()).toMatchObject({ name, type, role: 'admin' });
      const search = await t.app.inject({
        method: 'GET',
        url: '/api/org-bike-search?q=WDA12345Z',
        headers: bearer(token),
      });
      expect(search.statusCode, search.body).toBe(200);
      expect(search.json().results).toEqual([expect.objectContaining({ frame_number: 'WDA12345Z' })]);
    }
  });

  it('lists demo dealers in Denmark and Norway on /find-distributor, on the map, once', async () => {
    await seedDemoData(t.database.db);
    await seedDemoData(t.database.db);
    const listed = await t.app.inject({ method: 'GET', url: '/api/distributors' });
    expect(listed.statusCode, listed.body).toBe(200);
    const dealers: Distributor[] = listed.json();
    expect(dealers.map((dealer) => dealer.name).sort()).toEqual(
      DEMO_DEALERS.map((dealer) => dealer.name).sort(),
    );
    for (const dealer of dealers) {
      expect(dealer.postcode).toMatch(/^\d{4}$/);
      expect(dealer.town).toBeTruthy();
      expect(dealer.latitude).toEqual(expect.any(Number));
      expect(dealer.longitude).toEqual(expect.any(Number));
    }
    const regions = await t.database.db
      .select({ region: organisations.region })
      .from(organisations)
      .where(eq(organisations.type, 'dealer'));
    expect(new Set(regions.map((row) => row.region))).toEqual(new Set(['dk', 'no']));
    const oslo = await t.app.inject({ method: 'GET', url: '/api/distributors?query=Oslo' });
    expect(oslo.json()).toEqual([
      expect.objectContaining({ name: 'Demo Sykkelbutikk Oslo', postcode: '0181' }),
    ]);
  });

  it('seeds the demo insurer’s products once, and its pre-registered contents customer', async () => {
    await seedDemoData(t.database.db);
    await seedDemoData(t.database.db);
    const products = await t.database.db.select().from(insuranceProducts);
    expect(
      products
        .map((product) => [product.coverKind, product.currency, product.acceptedLocks, product.active])
        .sort(),
    ).toEqual([
      ['bike_theft', 'DKK', ['varefakta'], true],
      ['contents_addon', 'DKK', ['varefakta'], true],
    ]);
    const insurerUser = await logIn(t.app, 'forsikring@demo.cykelregister.dk', DEMO_PASSWORD);
    const insurerId = String(claimsOf(insurerUser).party_id);

    // Anna insures her bike with the add-on: 6500 kr, a city bike, is in the lowest band (100 kr).
    const anna = await logIn(t.app, 'anna@demo.cykelregister.dk', DEMO_PASSWORD);
    const [annasBike] = await t.database.db
      .select({ id: bikes.id })
      .from(bikes)
      .where(eq(bikes.ownerPartyId, String(claimsOf(anna).party_id)));
    const applied = await t.app.inject({
      method: 'POST',
      url: '/api/insurance/policies/',
      headers: bearer(anna),
      payload: {
        insurer_party_id: insurerId,
        coverage: 'contents_addon',
        number_of_bikes: 1,
        bike_ids: [annasBike!.id],
      },
    });
    expect(applied.statusCode, applied.body).toBe(201);
    expect(applied.json().annual_premium).toEqual({ amount_minor: 10_000, currency: 'DKK' });
    const seen = await t.app.inject({
      method: 'GET',
      url: `/api/insurance/policies/${applied.json().id}/`,
      headers: bearer(insurerUser),
    });
    expect(seen.json().holder).toEqual({ name: 'Anna Jensen', email: 'anna@demo.cykelregister.dk' });

    // Whoever signs up with the pre-registered address is sent to confirm instead of buying.
    const ida = await signUpConfirmedUser(t.app, { email: DEMO_PRE_REGISTRATION.holder_email });
    const buying = await t.app.inject({
      method: 'POST',
      url: '/api/insurance/policies/',
      headers: bearer(ida.token),
      payload: { insurer_party_id: insurerId, coverage: 'bike_theft', number_of_bikes: 1 },
    });
    expect(buying.statusCode).toBe(400);
    expect(JSON.parse(buying.json().detail)).toEqual({
      pre_registered_policy: DEMO_PRE_REGISTRATION.insurer_policy_id,
      insurer_party_id: insurerId,
    });
  });
});
