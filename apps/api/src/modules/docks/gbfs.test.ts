import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBike } from '../../test/bike-helpers.ts';
import {
  businessOperator,
  createDock,
  insertDeviceWithLocks,
  insertParking,
  type TestOperator,
} from '../../test/dock-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { injectAs, signUpUser, type TestUser, uniqueEmail } from '../../test/identity-helpers.ts';

/*
 * The public GBFS 2.3 feed of public docks per region (issue 28): discovery, system information,
 * each public open dock as a station and its free locks now. Docks for named people or
 * organisations, closed docks and another region's docks are left out; nobody is named.
 */

let t: TestApp;
let operator: TestOperator;
let person: TestUser;
let publicDock: string;
let namedDock: string;
let closedDock: string;
let norwegianDock: string;

beforeAll(async () => {
  t = await createTestApp();
  operator = await businessOperator(t.app);
  person = await signUpUser(t.app, { email: uniqueEmail('parker') });
  publicDock = await createDock(t.app, operator, { name: 'Banegården' });
  const { lockIds } = await insertDeviceWithLocks(t.app.db, publicDock, ['A1', 'A2', 'A3']);
  await insertDeviceWithLocks(t.app.db, publicDock, ['B1'], { online: false });
  const bike = await insertBike(t.app.db, { ownerPartyId: person.partyId });
  await insertParking(t.app.db, {
    dockId: publicDock,
    lockId: lockIds[0]!,
    partyId: person.partyId,
    bikeId: bike.bikeId,
  });
  namedDock = await createDock(t.app, operator, {
    name: 'Navngivne',
    access: 'people',
    people: [person.email],
  });
  closedDock = await createDock(t.app, operator, { name: 'Lukket' });
  await injectAs(t.app, operator.admin.token, 'POST', `/api/docks/${closedDock}/close`);
  norwegianDock = await createDock(t.app, operator, {
    name: 'Jernbanetorget',
    region: 'no',
    postcode: '0154',
    town: 'Oslo',
    latitude: 59.91,
    longitude: 10.75,
  });
});

afterAll(async () => {
  await t.close();
});

function expectGbfsFile(body: Record<string, unknown>) {
  expect(body).toMatchObject({ version: '2.3', ttl: expect.any(Number) });
  expect(Number.isInteger(body.last_updated)).toBe(true);
  expect(Math.abs((body.last_updated as number) - Date.now() / 1000)).toBeLessThan(3600);
  expect(body.data).toBeTypeOf('object');
}

describe('the GBFS feed', () => {
  it('discovers the region’s feeds, to anyone', async () => {
    const response = await injectAs(t.app, null, 'GET', '/api/gbfs/dk/gbfs.json');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=60');
    const body = response.json();
    expectGbfsFile(body);
    expect(body.data.da.feeds).toEqual([
      { name: 'system_information', url: 'http://localhost:3000/api/gbfs/dk/system_information.json' },
      { name: 'station_information', url: 'http://localhost:3000/api/gbfs/dk/station_information.json' },
      { name: 'station_status', url: 'http://localhost:3000/api/gbfs/dk/station_status.json' },
    ]);
  });

  it('describes the system', async () => {
    const response = await injectAs(t.app, person.token, 'GET', '/api/gbfs/no/system_information.json');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expectGbfsFile(body);
    expect(body.data).toMatchObject({
      system_id: 'nbr-docks-no',
      language: 'nb',
      name: expect.any(String),
      timezone: 'Europe/Oslo',
    });
  });

  it('lists public open docks of the region as stations', async () => {
    const response = await injectAs(t.app, null, 'GET', '/api/gbfs/dk/station_information.json');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expectGbfsFile(body);
    expect(body.data.stations).toEqual([
      {
        station_id: publicDock,
        name: 'Banegården',
        lat: 56.15,
        lon: 10.2,
        address: 'Banegårdspladsen 1',
        post_code: '8000',
        capacity: 4,
      },
    ]);
    const ids = JSON.stringify(body);
    for (const left of [namedDock, closedDock, norwegianDock]) expect(ids).not.toContain(left);

    const norway = await injectAs(t.app, null, 'GET', '/api/gbfs/no/station_information.json');
    expect(norway.json().data.stations.map((station: { station_id: string }) => station.station_id)).toEqual([
      norwegianDock,
    ]);
  });

  it('tells how many locks are free now, naming nobody', async () => {
    const response = await injectAs(t.app, null, 'GET', '/api/gbfs/dk/station_status.json');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expectGbfsFile(body);
    expect(body.data.stations).toEqual([
      {
        station_id: publicDock,
        num_bikes_available: 0,
        num_docks_available: 2,
        num_docks_disabled: 1,
        is_installed: true,
        is_renting: false,
        is_returning: true,
        last_reported: expect.any(Number),
      },
    ]);
    expect(response.body).not.toContain(person.partyId);
  });

  it('answers 404 for a region it does not serve', async () => {
    for (const url of ['/api/gbfs/se/gbfs.json', '/api/gbfs/xx/station_status.json']) {
      const response = await injectAs(t.app, null, 'GET', url);
      expect(response.statusCode, url).toBe(404);
    }
  });
});
