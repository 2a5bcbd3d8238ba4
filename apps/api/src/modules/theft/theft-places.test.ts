import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AddressServiceUnavailable } from '../../platform/geo/address-lookup.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { bearer, signUpUser } from '../../test/identity-helpers.ts';

/*
 * Issue 27 walk 8: the theft wizard places a typed address on the map. Through HTTP, with the test
 * configuration's address stand-in (/dev/addresses) and with a register that is down.
 */

describe('theft places', () => {
  let t: TestApp;
  let down: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ theftPlaceLookupsPerHour: 3 });
    down = await createTestApp({
      addressLookup: {
        find: async () => {
          throw new AddressServiceUnavailable('offline');
        },
      },
    });
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    await down?.close();
  });

  const place = (app: TestApp, token: string | null, q: string, region = 'dk') =>
    app.app.inject({
      method: 'GET',
      url: '/api/theft-places',
      query: { q, region },
      headers: token ? bearer(token) : {},
    });

  it('places an address where the register puts it, through the stand-in of DAWA and Kartverket', async () => {
    expect(t.config.addressLookup.mode).toBe('stand-in');
    const user = await signUpUser(t.app);
    const danish = await place(t, user.token, 'Nørrebrogade 20, 2200 København N');
    expect(danish.statusCode, danish.body).toBe(200);
    expect(danish.json()).toEqual({
      place: {
        location: { latitude: 55.68894, longitude: 12.55312 },
        label: 'Nørrebrogade 20, 2200 København N',
        precision: 'address',
      },
    });
    const norwegian = await place(t, user.token, 'Bryggen 1, Bergen', 'no');
    expect(norwegian.json().place).toMatchObject({ precision: 'address', label: 'Bryggen 1, 5003 BERGEN' });
    // Unknown to the register, but its postcode is known: the postcode's centre.
    const unknown = await place(t, user.token, 'Ingenvej 99, 8000 Aarhus C');
    expect(unknown.json()).toEqual({
      place: { location: { latitude: 56.1567, longitude: 10.2108 }, label: '8000', precision: 'postcode' },
    });
    // The budget: three look-ups an hour here.
    const over = await place(t, user.token, 'Nørrebrogade 20');
    expect(over.statusCode).toBe(429);
    expect(over.json().code).toBe('rate_limited');
  });

  it('falls back to the postcode’s centre when the register is down, in the region asked', async () => {
    const user = await signUpUser(down.app);
    const danish = await place(down, user.token, 'Nørrebrogade 20, 2200 København N');
    expect(danish.statusCode, danish.body).toBe(200);
    expect(danish.json()).toEqual({
      place: { location: { latitude: 55.6969, longitude: 12.5454 }, label: '2200', precision: 'postcode' },
    });
    const norwegian = await place(down, user.token, 'Storgata 1, 5000 Bergen', 'no');
    expect(norwegian.json().place.location).toEqual({ latitude: 60.3913, longitude: 5.3221 });
    // Nothing to go on: no place, and the wizard says so.
    expect((await place(down, user.token, 'bag Netto')).json()).toEqual({ place: null });
  });

  it('is for signed-in people only, and refuses a bad region or an empty text', async () => {
    expect((await place(t, null, 'Nørrebrogade 20')).statusCode).toBe(401);
    const user = await signUpUser(t.app);
    expect((await place(t, user.token, 'Nørrebrogade 20', 'se')).statusCode).toBe(422);
    expect((await place(t, user.token, '   ')).statusCode).toBe(422);
  });
});
