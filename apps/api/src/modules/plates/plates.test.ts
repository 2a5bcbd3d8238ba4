import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bikes, stickers } from '../../db/schema/bikes.ts';
import { printStickers, registerBike, signUpOwner } from '../../test/bike-api-helpers.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { bearer, type TestUser } from '../../test/identity-helpers.ts';

let t: TestApp;
let owner: TestUser;
let other: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUpOwner(t.app, 5);
  other = await signUpOwner(t.app, 1);
});
afterAll(async () => {
  await t?.close();
});

const lookup = (code: string, token: string | null = null) =>
  t.app.inject({
    method: 'GET',
    url: `/api/stickers/${encodeURIComponent(code)}`,
    headers: token ? bearer(token) : {},
  });

describe('POST /dev/stickers', () => {
  it('prints a batch of free stickers with look-alike-free codes and their GS1 Digital Links', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/dev/stickers',
      payload: { count: 3, kind: 'equipment' },
    });
    expect(response.statusCode, response.body).toBe(201);
    const batch = response.json();
    expect(batch.sticker_ids).toHaveLength(3);
    for (const [index, code] of batch.sticker_ids.entries()) {
      expect(code).toMatch(/^[3479ACEFHJKMNPRTWXY]{8}$/);
      expect(batch.digital_links[index]).toBe(
        `http://localhost:3000/sticker-id/01/05790002290008/21/${code}`,
      );
    }
    const rows = await t.database.db.select().from(stickers).where(eq(stickers.batchId, batch.batch_id));
    expect(rows.map((row) => [row.kind, row.status])).toEqual(Array(3).fill(['equipment', 'free']));
    // The kind defaults to bike.
    const plain = await t.app.inject({ method: 'POST', url: '/dev/stickers', payload: { count: 1 } });
    expect(plain.statusCode).toBe(201);
    expect((await lookup(plain.json().sticker_ids[0])).json().kind).toBe('bike');
    const tooMany = await t.app.inject({ method: 'POST', url: '/dev/stickers', payload: { count: 501 } });
    expect(tooMany.statusCode).toBe(422);
  });
});

describe('GET /api/stickers/{sticker_id}', () => {
  it('tells anyone that a sticker is free, whatever case and separators it is typed with', async () => {
    const [code] = await printStickers(t.app, 1);
    const typed = `${String(code).slice(0, 4).toLowerCase()}-${String(code).slice(4).toLowerCase()}`;
    for (const token of [null, other.token, owner.token]) {
      const response = await lookup(typed, token);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        sticker_id: code,
        kind: 'bike',
        status: 'free',
        bike_id: null,
        bike_status: null,
        on_equipment: false,
      });
    }
  });

  it('leads to the bike it is on, unless the bike is private (then only its owner learns which)', async () => {
    const [shown, hidden] = await printStickers(t.app, 2);
    const active = await registerBike(t.app, owner.token, { plate_id: shown });
    const secret = await registerBike(t.app, owner.token, { plate_id: hidden, visibility: 'private' });

    for (const token of [null, other.token, owner.token]) {
      expect((await lookup(String(shown), token)).json()).toMatchObject({
        status: 'registered',
        bike_id: active.bike_id,
        bike_status: 'registered',
      });
    }
    for (const token of [null, other.token]) {
      const response = await lookup(String(hidden), token);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ status: 'registered', bike_id: null, bike_status: null });
    }
    expect((await lookup(String(hidden), owner.token)).json()).toMatchObject({ bike_id: secret.bike_id });

    // Reported stolen, a private bike is shown so a finder can reach its owner.
    await t.database.db.update(bikes).set({ status: 'stolen' }).where(eq(bikes.id, secret.bike_id));
    expect((await lookup(String(hidden))).json()).toMatchObject({
      bike_id: secret.bike_id,
      bike_status: 'stolen',
    });
  });

  it('says when a sticker is on equipment', async () => {
    const [itemSticker] = await printStickers(t.app, 1, 'equipment');
    const bike = await registerBike(t.app, owner.token);
    const item = await t.app.inject({
      method: 'POST',
      url: `/api/bikes/${bike.bike_id}/equipment`,
      headers: bearer(owner.token),
      payload: { item_type_memo: 'battery', serial_numbers: ['BAT-1'], plate_ids: [itemSticker] },
    });
    expect(item.statusCode, item.body).toBe(201);
    expect((await lookup(String(itemSticker))).json()).toMatchObject({
      kind: 'equipment',
      status: 'registered',
      on_equipment: true,
      bike_id: null,
    });
  });

  it('answers 404 for a code that was never printed', async () => {
    const response = await lookup('NOSUCHCODE');
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('not_found');
  });

  it('answers 404, not 500, for a code no sticker can carry (a NUL byte, stray characters)', async () => {
    const [code = ''] = await printStickers(t.app, 1);
    for (const typed of [`${code.slice(0, 4)}\u0000${code.slice(4)}`, `${code}<>`, 'AB']) {
      const response = await lookup(typed);
      expect(response.statusCode, `${JSON.stringify(typed)}: ${response.body}`).toBe(404);
      expect(response.json().code).toBe('not_found');
    }
  });
});
