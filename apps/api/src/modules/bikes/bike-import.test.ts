import { closeSerialTokens } from '@nbr/domain/close-serial';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bikeOwnerships, bikes, stickers } from '../../db/schema/bikes.ts';
import { insertBike, insertStickers, uniqueStickerCode } from '../../test/bike-helpers.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { signUpUser, type TestUser } from '../../test/identity-helpers.ts';
import { importBikes } from './bike-import.service.ts';

/*
 * The bulk import of an existing register (what the search benchmark loads through). There is no
 * HTTP route for it; what it wrote is checked through the public search.
 */

let t: TestApp;
let owner: TestUser;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_SEARCH_PER_MINUTE: '1000' } });
  owner = await signUpUser(t.app);
});
afterAll(async () => {
  await t?.close();
});

async function search(q: string) {
  const response = await t.app.inject({ method: 'GET', url: '/api/search', query: { q } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ results: Array<Record<string, unknown>> }>().results;
}

describe('importBikes', () => {
  it('imports bikes with their keys, ownership and plates, and refuses what registration refuses', async () => {
    const db = t.database.db;
    const freePlate = uniqueStickerCode();
    const newPlate = uniqueStickerCode();
    const takenPlate = uniqueStickerCode();
    await insertStickers(db, [freePlate]);
    await insertBike(db, { ownerPartyId: owner.partyId, frameNumber: 'IMP-00001', plateId: takenPlate });

    const result = await importBikes(db, [
      {
        ownerPartyId: owner.partyId,
        region: 'dk',
        frameNumber: 'imp 10002-k',
        plateId: freePlate,
        brand: 'MBK',
      },
      { ownerPartyId: owner.partyId, region: 'no', plateId: newPlate, visibility: 'searchable', model: 'X' },
      { ownerPartyId: owner.partyId, region: 'dk', frameNumber: 'IMP00001' },
      { ownerPartyId: owner.partyId, region: 'dk', frameNumber: 'IMP-10002-K' },
      { ownerPartyId: owner.partyId, region: 'dk' },
      { ownerPartyId: owner.partyId, region: 'dk', frameNumber: 'AB1' },
      { ownerPartyId: owner.partyId, region: 'dk', frameNumber: 'IMP10005', plateId: takenPlate },
      { ownerPartyId: owner.partyId, region: 'dk', frameNumber: 'IMP10006', color: 'plaid' as never },
    ]);
    expect(result).toEqual({
      inserted: 3,
      rejected: [
        { index: 2, reason: 'frame_number_in_use' },
        { index: 3, reason: 'frame_number_in_use' },
        { index: 4, reason: 'frame_or_plate_required' },
        { index: 5, reason: 'frame_number_invalid' },
        { index: 7, reason: 'invalid_value' },
      ],
      platesRefused: [{ index: 6, plateId: takenPlate }],
    });

    const [imported] = await search('IMP10002K');
    expect(imported).toMatchObject({ match: 'exact', matched_value: 'imp 10002-k', brand: 'MBK' });
    const bikeId = String(imported?.bike_id);
    expect(await search(freePlate)).toEqual([expect.objectContaining({ bike_id: bikeId })]);
    expect(await search(newPlate)).toEqual([
      expect.objectContaining({ identifier: 'plate_id', model: null, matched_value: newPlate }),
    ]);
    expect(await search('IMP1OOO5')).toEqual([expect.objectContaining({ match: 'look_alike' })]);

    const [row] = await db.select().from(bikes).where(eq(bikes.id, bikeId));
    expect(row).toMatchObject({
      ownerPartyId: owner.partyId,
      currency: 'DKK',
      nickname: 'MBK',
      visibility: 'active',
    });
    expect(await db.select().from(bikeOwnerships).where(eq(bikeOwnerships.bikeId, bikeId))).toEqual([
      expect.objectContaining({ ownerPartyId: owner.partyId, how: 'registered', endedAt: null }),
    ]);
    const [sticker] = await db.select().from(stickers).where(eq(stickers.code, newPlate));
    expect(sticker).toMatchObject({ status: 'registered', kind: 'bike' });
  });

  it('stores the close-serial keys of every imported frame number in the same statement (issue 32 §3)', async () => {
    const result = await importBikes(t.database.db, [
      { ownerPartyId: owner.partyId, frameNumber: 'CSI4455667K', region: 'dk' },
      { ownerPartyId: owner.partyId, frameNumber: 'CSI4455668K', region: 'no' },
    ]);
    expect(result.inserted).toBe(2);
    for (const key of ['CSI4455667K', 'CSI4455668K']) {
      const rows = (await t.database.db.execute(
        sql`select k.token from bike_close_serial_keys k join bikes b on b.id = k.bike_id
             where b.frame_number_key = ${key} order by k.token`,
      )) as unknown as { rows: Array<{ token: string }> };
      expect(rows.rows.map((row) => row.token).sort()).toEqual([...closeSerialTokens(key)].sort());
    }
  });
});
