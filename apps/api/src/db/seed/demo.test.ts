import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { bearer, logIn } from '../../test/identity-helpers.ts';
import { identities } from '../schema/identity.ts';
import { DEMO_PASSWORD, seedDemoData } from './demo.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('seedDemoData', () => {
  it('creates the two demo accounts once, verified, with their home addresses, and they can log in', async () => {
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
    ]);
    const again = await seedDemoData(t.database.db);
    expect(again.map((account) => account.created)).toEqual([false, false]);
    const rows = await t.database.db
      .select()
      .from(identities)
      .where(like(identities.email, '%@demo.cykelregister.dk'));
    expect(rows).toHaveLength(2);

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
});
