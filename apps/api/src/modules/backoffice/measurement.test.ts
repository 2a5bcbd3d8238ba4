import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trackingEvents } from '../../db/schema/identity.ts';
import { orders } from '../../db/schema/webshop.ts';
import { uuidv7 } from '../../platform/ids.ts';
import { insertBike, uniqueFrameNumber, uniqueStickerCode } from '../../test/bike-helpers.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { bearer, signUpUser } from '../../test/identity-helpers.ts';
import { createStaffFixtures } from '../../test/staff-fixtures.ts';
import { reportStolen } from '../../test/theft-report-fixtures.ts';
import { measurementSpan } from './measurement.service.ts';

let t: TestApp;
let staffToken: string;
beforeAll(async () => {
  t = await createTestApp({ env: { TAG_MANAGER_CONTAINER_ID: 'GTM-TEST123' } });
  staffToken = (await createStaffFixtures(t.app)).support.token;
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.database.db;
const today = () => new Date().toISOString().slice(0, 10);

async function report(token: string | null, query = '') {
  return t.app.inject({
    method: 'GET',
    url: `/api/backoffice/measurement${query}`,
    ...(token ? { headers: bearer(token) } : {}),
  });
}

async function todayRow() {
  const answer = await report(staffToken, `?from=${today()}&to=${today()}`);
  expect(answer.statusCode).toBe(200);
  return answer.json().days[0];
}

describe('GET /api/backoffice/measurement', () => {
  it('counts sign-ups, first bikes, purchases and theft reports per day', async () => {
    const before = await todayRow();
    const owner = await signUpUser(t.app);
    const bike = await insertBike(db(), {
      ownerPartyId: owner.partyId,
      frameNumber: uniqueFrameNumber('MEAS'),
      plateId: uniqueStickerCode(),
    });
    // A second bike of the same person is not a first bike.
    await insertBike(db(), { ownerPartyId: owner.partyId, frameNumber: uniqueFrameNumber('MEAS') });
    await reportStolen(t.app, owner.token, bike.bikeId);
    await db().insert(orders).values({
      id: uuidv7(),
      partyId: owner.partyId,
      region: 'dk',
      currency: 'DKK',
      status: 'fulfilled',
      subtotalMinor: 100,
      totalMinor: 100,
      vatMinor: 20,
      paymentMethod: 'reepay',
      paidAt: new Date(),
    });
    const after = await todayRow();
    expect(after).toEqual({
      date: today(),
      sign_ups: before.sign_ups + 1,
      first_bikes: before.first_bikes + 1,
      purchases: before.purchases + 1,
      theft_reports: before.theft_reports + 1,
    });
  });

  it('gives the web-vitals percentiles per route pattern, ignoring malformed events', async () => {
    const path = `/app/bikes/:bikeId-${uuidv7().slice(-6)}`;
    const values = [100, 200, 300, 400, 500, 600, 700, 800, 900, 1000];
    await db()
      .insert(trackingEvents)
      .values([
        ...values.map((value) => ({
          id: uuidv7(),
          kind: 'web-vital',
          name: 'LCP',
          properties: { value, rating: 'good', path },
        })),
        { id: uuidv7(), kind: 'web-vital', name: 'LCP', properties: { value: 'x', path } },
        { id: uuidv7(), kind: 'web-vital', name: 'EVIL', properties: { value: 1, path } },
        { id: uuidv7(), kind: 'web-vital', name: 'FCP', properties: { value: 1, path: 'not a path' } },
      ]);
    const answer = await report(staffToken);
    expect(answer.statusCode).toBe(200);
    const rows = answer.json().web_vitals.filter((row: { path: string }) => row.path === path);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ path, metric: 'LCP', count: 10, p50: 550, p75: 775 });
    expect(rows[0].p95).toBeCloseTo(955, 6);
    expect(answer.json().days).toHaveLength(14);
  });

  it('refuses a span over 92 days or backwards', async () => {
    expect((await report(staffToken, '?from=2026-01-01&to=2026-06-01')).statusCode).toBe(422);
    expect((await report(staffToken, '?from=2026-02-01&to=2026-01-01')).statusCode).toBe(422);
    expect(measurementSpan({ to: '2026-03-14' })).toEqual({ from: '2026-03-01', to: '2026-03-14' });
  });

  it('is for staff only: a user gets 403, a visitor 401', async () => {
    const person = await signUpUser(t.app);
    expect((await report(person.token)).statusCode).toBe(403);
    expect((await report(null)).statusCode).toBe(401);
  });
});

describe('GET /api/measurement/config', () => {
  it('tells anyone the configured tag-manager container', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/api/measurement/config' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ tag_manager_container_id: 'GTM-TEST123' });
  });
});
