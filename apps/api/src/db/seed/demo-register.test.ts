import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { bearer, logIn } from '../../test/identity-helpers.ts';
import { stickerBatches, stickers, subscriptions } from '../schema/bikes.ts';
import { organisations } from '../schema/organisations.ts';
import { DEMO_PASSWORD, DEMO_STICKER_NOTE, seedDemoData } from './demo.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function get(token: string, url: string) {
  const response = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('the demo register', () => {
  it('gives Anna, Ola and the demo business credits, prints free stickers and registers one bike each, once', async () => {
    await seedDemoData(t.database.db);
    await seedDemoData(t.database.db);

    const anna = await logIn(t.app, 'anna@demo.cykelregister.dk', DEMO_PASSWORD);
    const annasBikes = await get(anna, '/api/bikes');
    expect(annasBikes).toEqual([
      expect.objectContaining({ frame_number: 'WDA12345Z', brand: 'FDB', plate_id: expect.any(String) }),
    ]);
    const annasBike = await get(anna, `/api/bikes/${annasBikes[0].bike_id}`);
    expect(annasBike).toMatchObject({
      currency: 'DKK',
      frame_number_check: { kind: 'danish', warnings: [] },
    });
    expect(await get(anna, '/api/webshop/bike-ownership-credits/overview')).toMatchObject({
      subscription_active: true,
      credits_total: 5,
      credits_used: 1,
      can_add_bike: true,
    });

    const ola = await logIn(t.app, 'ola@demo.cykelregister.dk', DEMO_PASSWORD);
    const olasBikes = await get(ola, '/api/bikes');
    expect(olasBikes).toEqual([expect.objectContaining({ brand: 'DBS', plate_id: null })]);
    expect((await get(ola, `/api/bikes/${olasBikes[0].bike_id}`)).currency).toBe('NOK');

    const [business] = await t.database.db
      .select()
      .from(organisations)
      .where(eq(organisations.name, 'Demo Cykler ApS'));
    const businessSubscriptions = await t.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.partyId, String(business?.partyId)));
    expect(businessSubscriptions).toHaveLength(1);

    const batches = await t.database.db
      .select()
      .from(stickerBatches)
      .where(eq(stickerBatches.note, DEMO_STICKER_NOTE));
    expect(batches.map((batch) => batch.kind).sort()).toEqual(['bike', 'equipment']);
    const printed = await t.database.db.select().from(stickers);
    expect(printed.filter((sticker) => sticker.kind === 'bike')).toHaveLength(50);
    expect(printed.filter((sticker) => sticker.kind === 'equipment')).toHaveLength(10);
    expect(printed.filter((sticker) => sticker.status === 'registered')).toHaveLength(1);
  });
});
