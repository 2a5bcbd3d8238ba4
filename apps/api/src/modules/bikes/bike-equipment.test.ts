import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bikeEquipment, bikeFiles, stickers } from '../../db/schema/bikes.ts';
import { uuidv7 } from '../../platform/ids.ts';
import { insertBike, insertStickers, uniqueFrameNumber, uniqueStickerCode } from '../../test/bike-helpers.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { bearer, signUpUser, type TestUser } from '../../test/identity-helpers.ts';
import { grantStaffRole } from '../../test/role-fixtures.ts';

let t: TestApp;
let owner: TestUser;
let other: TestUser;
let staff: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUpUser(t.app);
  other = await signUpUser(t.app);
  staff = await signUpUser(t.app);
  await grantStaffRole(t.database.db, staff.partyId, 'support');
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.database.db;

function inject(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token?: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    ...(token ? { headers: bearer(token) } : {}),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function ownersBike(): Promise<string> {
  return (await insertBike(db(), { ownerPartyId: owner.partyId, frameNumber: uniqueFrameNumber() })).bikeId;
}

async function freeStickers(count: number, kind: 'bike' | 'equipment' = 'equipment'): Promise<string[]> {
  const codes = Array.from({ length: count }, uniqueStickerCode);
  await insertStickers(db(), codes, kind);
  return codes;
}

async function stickerRow(code: string) {
  const [row] = await db().select().from(stickers).where(eq(stickers.code, code));
  return row;
}

async function create(bikeId: string, body: Record<string, unknown>, token = owner.token) {
  return inject('POST', `/api/bikes/${bikeId}/equipment`, token, body);
}

describe('POST /api/bikes/:bike_id/equipment', () => {
  it('adds a battery with its serial numbers and plate, and drops fields of other item types', async () => {
    const bikeId = await ownersBike();
    const [plate] = await freeStickers(1);
    const response = await create(bikeId, {
      item_type_memo: 'battery',
      serial_numbers: [' BAT-0001 ', 'BAT-0002'],
      plate_ids: [plate?.toLowerCase()],
      manufacturer_name: 'Bosch',
      product_name: 'PowerPack 500',
      note: 'Under the rack',
      varefakta_number: 'VF-123',
      lock_type_memo: 'chain',
      accessory_type: 'basket',
    });
    expect(response.statusCode, response.body).toBe(201);
    const item = response.json();
    expect(item).toMatchObject({
      bike_id: bikeId,
      item_type_memo: 'battery',
      serial_numbers: ['BAT-0001', 'BAT-0002'],
      plate_ids: [plate],
      manufacturer_name: 'Bosch',
      product_name: 'PowerPack 500',
      note: 'Under the rack',
      varefakta_number: null,
      lock_type_memo: null,
      accessory_type: null,
      pictures: [],
      documents: [],
    });
    expect(await stickerRow(plate ?? '')).toMatchObject({ status: 'registered', equipmentId: item.id });
  });

  it('defaults to a battery', async () => {
    const response = await create(await ownersBike(), { serial_numbers: ['X1'] });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      item_type_memo: 'battery',
      serial_numbers: ['X1'],
      plate_ids: [],
    });
  });

  it('adds a lock with its certificate fields and no serial numbers', async () => {
    const response = await create(await ownersBike(), {
      item_type_memo: 'lock',
      manufacturer_name: 'Abus',
      product_name: 'Granit X-Plus 540',
      physical_key_number: 'K-4711',
      varefakta_number: 'VF 2024-118',
      lock_date: '2024-03-01',
      frame_number_match: true,
      has_signature: false,
      lock_type_memo: 'folding',
      serial_numbers: ['SHOULD-GO'],
      accessory_type: 'basket',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      item_type_memo: 'lock',
      physical_key_number: 'K-4711',
      varefakta_number: 'VF 2024-118',
      lock_date: '2024-03-01',
      frame_number_match: true,
      has_signature: false,
      lock_type_memo: 'folding',
      serial_numbers: [],
      accessory_type: null,
    });
  });

  it("refuses a lock's certificate date in the future", async () => {
    const bikeId = await ownersBike();
    const future = new Date(Date.now() + 3 * 24 * 3600 * 1000).toISOString().slice(0, 10);
    const response = await create(bikeId, { item_type_memo: 'lock', lock_date: future });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().detail).toEqual([
      expect.objectContaining({ loc: ['body', 'lock_date'], type: 'date_not_in_past' }),
    ]);
  });

  it('refuses free text with a NUL byte (422 invalid_characters), adding nothing', async () => {
    const bikeId = await ownersBike();
    const response = await create(bikeId, {
      item_type_memo: 'battery',
      note: 'Spare\u0000',
      serial_numbers: ['SN\u00001'],
    });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().detail).toEqual([
      expect.objectContaining({ loc: ['body', 'note'], type: 'invalid_characters' }),
      expect.objectContaining({ loc: ['body', 'serial_numbers', 0], type: 'invalid_characters' }),
    ]);
    const list = await inject('GET', `/api/bikes/${bikeId}/equipment`, owner.token);
    expect(list.json()).toEqual([]);
  });

  it('adds an accessory with its free-text type', async () => {
    const response = await create(await ownersBike(), {
      item_type_memo: 'accessory',
      accessory_type: 'Child seat',
      dna_paste_ids: ['DNA-77'],
      physical_key_number: 'K-1',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      item_type_memo: 'accessory',
      accessory_type: 'Child seat',
      dna_paste_ids: ['DNA-77'],
      physical_key_number: null,
    });
  });

  it('refuses an unknown plate on its place in plate_ids and adds nothing', async () => {
    const bikeId = await ownersBike();
    const [free] = await freeStickers(1);
    const response = await create(bikeId, { plate_ids: [free, 'NOSUCH77'] });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().detail).toEqual([
      expect.objectContaining({ loc: ['body', 'plate_ids', 1], type: 'plate_id_invalid' }),
    ]);
    expect(response.json().detail[0].msg).toContain('NOSUCH77');
    expect(await db().select().from(bikeEquipment).where(eq(bikeEquipment.bikeId, bikeId))).toEqual([]);
    expect(await stickerRow(free ?? '')).toMatchObject({ status: 'free', equipmentId: null });
  });

  it('refuses a plate on a bike or on another item as in use, and a too short one as invalid', async () => {
    const bikeId = await ownersBike();
    const bikePlate = uniqueStickerCode();
    await insertBike(db(), { ownerPartyId: other.partyId, plateId: bikePlate });
    const onBike = await create(bikeId, { plate_ids: [bikePlate] });
    expect(onBike.statusCode, onBike.body).toBe(422);
    expect(onBike.json().detail).toEqual([
      expect.objectContaining({ loc: ['body', 'plate_ids', 0], type: 'plate_id_in_use' }),
    ]);

    const [plate] = await freeStickers(1);
    expect((await create(bikeId, { plate_ids: [plate] })).statusCode).toBe(201);
    const onItem = await create(bikeId, { plate_ids: [plate] });
    expect(onItem.statusCode, onItem.body).toBe(422);
    expect(onItem.json().detail[0]).toMatchObject({ loc: ['body', 'plate_ids', 0], type: 'plate_id_in_use' });

    const short = await create(bikeId, { plate_ids: ['AB1'] });
    expect(short.statusCode).toBe(422);
    expect(short.json().detail[0]).toMatchObject({
      loc: ['body', 'plate_ids', 0],
      type: 'identifier_too_short',
    });
  });

  it('accepts a spare bike sticker on equipment, and the same plate typed twice once', async () => {
    const [spare] = await freeStickers(1, 'bike');
    const response = await create(await ownersBike(), { plate_ids: [spare, ` ${spare?.toLowerCase()} `] });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().plate_ids).toEqual([spare]);
  });

  it('answers 404 to anyone but the owner, 401 to a visitor, 404 for an unknown or malformed bike', async () => {
    const bikeId = await ownersBike();
    const body = { item_type_memo: 'accessory', accessory_type: 'Basket' };
    expect((await create(bikeId, body, other.token)).statusCode).toBe(404);
    expect((await create(bikeId, body, staff.token)).statusCode).toBe(404);
    expect((await inject('POST', `/api/bikes/${bikeId}/equipment`, undefined, body)).statusCode).toBe(401);
    expect((await create(randomUUID(), body)).statusCode).toBe(404);
    expect((await create('not-a-uuid', body)).statusCode).toBe(404);
    expect(await db().select().from(bikeEquipment).where(eq(bikeEquipment.bikeId, bikeId))).toEqual([]);
  });
});

describe('GET /api/bikes/:bike_id/equipment', () => {
  it("lists the owner's items oldest first with their plates; others get 404, a visitor 401", async () => {
    const bikeId = await ownersBike();
    const [plate] = await freeStickers(1);
    const battery = (await create(bikeId, { serial_numbers: ['S-1'], plate_ids: [plate] })).json();
    const lock = (await create(bikeId, { item_type_memo: 'lock', lock_type_memo: 'ring' })).json();
    const response = await inject('GET', `/api/bikes/${bikeId}/equipment`, owner.token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().map((item: { id: string }) => item.id)).toEqual([battery.id, lock.id]);
    expect(response.json()[0].plate_ids).toEqual([plate]);

    expect((await inject('GET', `/api/bikes/${bikeId}/equipment`, other.token)).statusCode).toBe(404);
    expect((await inject('GET', `/api/bikes/${bikeId}/equipment`, staff.token)).statusCode).toBe(404);
    expect((await inject('GET', `/api/bikes/${bikeId}/equipment`)).statusCode).toBe(401);
  });

  it("lists the item's own pictures and documents", async () => {
    const bikeId = await ownersBike();
    const item = (await create(bikeId, { item_type_memo: 'lock' })).json();
    await db()
      .insert(bikeFiles)
      .values({
        id: uuidv7(),
        bikeId,
        equipmentId: item.id,
        fileClass: 'picture',
        kind: 'lock_proof',
        storageKey: `bikes/${bikeId}/${item.id}.webp`,
        thumbnailKey: null,
        contentType: 'image/webp',
        size: 10,
        fileName: 'lock.webp',
        uploadedByPartyId: owner.partyId,
      });
    const [listed] = (await inject('GET', `/api/bikes/${bikeId}/equipment`, owner.token)).json();
    expect(listed.pictures).toEqual([expect.objectContaining({ kind: 'lock_proof' })]);
  });
});

describe('PATCH /api/bikes/:bike_id/equipment/:equipment_id', () => {
  it('changes only the fields sent', async () => {
    const bikeId = await ownersBike();
    const item = (
      await create(bikeId, {
        item_type_memo: 'lock',
        manufacturer_name: 'Abus',
        physical_key_number: 'K-1',
        lock_type_memo: 'chain',
        note: 'Old note',
      })
    ).json();
    const response = await inject('PATCH', `/api/bikes/${bikeId}/equipment/${item.id}`, owner.token, {
      note: 'New note',
      physical_key_number: '',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      id: item.id,
      item_type_memo: 'lock',
      manufacturer_name: 'Abus',
      lock_type_memo: 'chain',
      note: 'New note',
      physical_key_number: null,
    });
  });

  it('clears the fields of the old type when the item type changes', async () => {
    const bikeId = await ownersBike();
    const item = (
      await create(bikeId, { item_type_memo: 'lock', varefakta_number: 'VF-9', lock_type_memo: 'click' })
    ).json();
    const response = await inject('PATCH', `/api/bikes/${bikeId}/equipment/${item.id}`, owner.token, {
      item_type_memo: 'accessory',
      accessory_type: 'Bell',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      item_type_memo: 'accessory',
      accessory_type: 'Bell',
      varefakta_number: null,
      lock_type_memo: null,
    });
  });

  it('replaces the plates, freeing the old one; a taken plate leaves everything as it was', async () => {
    const bikeId = await ownersBike();
    const [first, second] = await freeStickers(2);
    const item = (await create(bikeId, { plate_ids: [first] })).json();
    const replaced = await inject('PATCH', `/api/bikes/${bikeId}/equipment/${item.id}`, owner.token, {
      plate_ids: [second],
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().plate_ids).toEqual([second]);
    expect(await stickerRow(first ?? '')).toMatchObject({ status: 'free', equipmentId: null });

    const taken = uniqueStickerCode();
    await insertBike(db(), { ownerPartyId: other.partyId, plateId: taken });
    const refused = await inject('PATCH', `/api/bikes/${bikeId}/equipment/${item.id}`, owner.token, {
      note: 'not saved',
      plate_ids: [first, taken],
    });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().detail[0]).toMatchObject({
      loc: ['body', 'plate_ids', 1],
      type: 'plate_id_in_use',
    });
    const [listed] = (await inject('GET', `/api/bikes/${bikeId}/equipment`, owner.token)).json();
    expect(listed).toMatchObject({ note: null, plate_ids: [second] });
  });

  it('answers 404 to others, for an item of another bike and for an unknown item; 401 to a visitor', async () => {
    const bikeId = await ownersBike();
    const item = (await create(bikeId, { note: 'x' })).json();
    const url = `/api/bikes/${bikeId}/equipment/${item.id}`;
    expect((await inject('PATCH', url, other.token, { note: 'y' })).statusCode).toBe(404);
    expect((await inject('PATCH', url, undefined, { note: 'y' })).statusCode).toBe(401);
    const otherBike = await ownersBike();
    expect(
      (await inject('PATCH', `/api/bikes/${otherBike}/equipment/${item.id}`, owner.token, { note: 'y' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await inject('PATCH', `/api/bikes/${bikeId}/equipment/${randomUUID()}`, owner.token, { note: 'y' }))
        .statusCode,
    ).toBe(404);
    expect((await inject('GET', `/api/bikes/${bikeId}/equipment`, owner.token)).json()[0].note).toBe('x');
  });
});

describe('DELETE /api/bikes/:bike_id/equipment/:equipment_id', () => {
  it('deletes the item, frees its plates and removes its files from storage', async () => {
    const bikeId = await ownersBike();
    const [plate] = await freeStickers(1);
    const item = (await create(bikeId, { item_type_memo: 'lock', plate_ids: [plate] })).json();
    const key = `bikes/${bikeId}/${item.id}.webp`;
    const thumbnail = `bikes/${bikeId}/${item.id}.thumb.webp`;
    await t.app.fileStorage.put(key, Buffer.from('picture'), 'image/webp');
    await t.app.fileStorage.put(thumbnail, Buffer.from('thumb'), 'image/webp');
    await db().insert(bikeFiles).values({
      id: uuidv7(),
      bikeId,
      equipmentId: item.id,
      fileClass: 'picture',
      kind: 'lock_proof',
      storageKey: key,
      thumbnailKey: thumbnail,
      contentType: 'image/webp',
      size: 7,
      fileName: 'lock.webp',
      uploadedByPartyId: owner.partyId,
    });
    const url = `/api/bikes/${bikeId}/equipment/${item.id}`;

    expect((await inject('DELETE', url, other.token)).statusCode).toBe(404);
    expect((await inject('DELETE', url)).statusCode).toBe(401);
    expect(await t.app.fileStorage.get(key)).not.toBeNull();

    const response = await inject('DELETE', url, owner.token);
    expect(response.statusCode, response.body).toBe(204);
    expect(await db().select().from(bikeEquipment).where(eq(bikeEquipment.id, item.id))).toEqual([]);
    expect(await db().select().from(bikeFiles).where(eq(bikeFiles.bikeId, bikeId))).toEqual([]);
    expect(await stickerRow(plate ?? '')).toMatchObject({ status: 'free', equipmentId: null });
    expect(await t.app.fileStorage.get(key)).toBeNull();
    expect(await t.app.fileStorage.get(thumbnail)).toBeNull();
    expect((await inject('DELETE', url, owner.token)).statusCode).toBe(404);

    // The freed plate can go on another item.
    expect((await create(bikeId, { plate_ids: [plate] })).statusCode).toBe(201);
  });
});
