import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBike } from '../test/bike-helpers.ts';
import { createTestApp, type TestApp } from '../test/helper.ts';
import { signUpUser, type TestUser } from '../test/identity-helpers.ts';
import { readMigrations } from './migrate.ts';
import { bikes } from './schema/bikes.ts';

/*
 * 0011_fold_confusable_identifiers: frame numbers stored with Cyrillic or Greek look-alikes before
 * identifiers were folded get today's keys, unless that would collide with another bike.
 */
describe('migration 0011: folding look-alike letters of stored frame numbers', () => {
  let t: TestApp;
  let owner: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUpUser(t.app);
  });
  afterAll(() => t.close());

  /** A bike as the register stored it before folding: the key kept the look-alike as typed. */
  async function storedBeforeFolding(typed: string): Promise<string> {
    const { bikeId } = await insertBike(t.app.db, {
      ownerPartyId: owner.partyId,
      frameNumber: `X${Date.now()}`,
    });
    const key = typed.toUpperCase().replace(/[\s-]+/g, '');
    await t.app.db
      .update(bikes)
      .set({
        frameNumber: typed,
        frameNumberKey: key,
        frameNumberLookAlike: key.replace(/[OIL|]/g, (c) => (c === 'O' ? '0' : '1')),
      })
      .where(eq(bikes.id, bikeId));
    return bikeId;
  }

  async function runMigration(): Promise<void> {
    const migration = (await readMigrations()).find((m) => m.name === '0011_fold_confusable_identifiers');
    expect(migration).toBeDefined();
    for (const statement of migration!.statements) await t.app.db.execute(sql.raw(statement));
  }

  async function frameOf(bikeId: string) {
    const [row] = await t.app.db
      .select({ shown: bikes.frameNumber, key: bikes.frameNumberKey, lookAlike: bikes.frameNumberLookAlike })
      .from(bikes)
      .where(eq(bikes.id, bikeId));
    return row;
  }

  it('folds a lone copy to Latin, leaves colliding copies to support, and finds the folded one by search', async () => {
    const stamp = Date.now().toString().slice(-6);
    // Cyrillic р (small) and Е: alone, so folded.
    const lone = await storedBeforeFolding(`wbkр-${stamp}Е`);
    // A Cyrillic copy beside a Latin bike: left as it is.
    await insertBike(t.app.db, { ownerPartyId: owner.partyId, frameNumber: `LAT${stamp}` });
    const besideLatin = await storedBeforeFolding(`LАT${stamp}`);
    // A Cyrillic and a Greek copy of each other: both left.
    const cyrillicTwin = await storedBeforeFolding(`TWР${stamp}`);
    const greekTwin = await storedBeforeFolding(`TWΡ${stamp}`);

    await runMigration();

    expect(await frameOf(lone)).toEqual({
      shown: `wbkp-${stamp}E`,
      key: `WBKP${stamp}E`,
      lookAlike: `W8KP${stamp}E`,
    });
    expect((await frameOf(besideLatin))?.key).toBe(`LАT${stamp}`);
    expect((await frameOf(cyrillicTwin))?.key).toBe(`TWР${stamp}`);
    expect((await frameOf(greekTwin))?.key).toBe(`TWΡ${stamp}`);

    const search = await t.app.inject({ method: 'GET', url: '/api/search', query: { q: `WBKP ${stamp} E` } });
    expect(search.json().results).toEqual([expect.objectContaining({ bike_id: lone, match: 'exact' })]);

    // Running it again changes nothing.
    await runMigration();
    expect((await frameOf(lone))?.key).toBe(`WBKP${stamp}E`);
  });
});

/*
 * 0036_fold_latin_look_alikes (issue 27): frame numbers stored with Latin-script look-alikes (ʙ, Ɪ, ǀ,
 * `|` for a 1) before they were folded get today's keys, unless that would collide with another bike.
 */
describe('migration 0036: folding Latin-script look-alikes of stored frame numbers', () => {
  let t: TestApp;
  let owner: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUpUser(t.app);
  });
  afterAll(() => t.close());

  /** A bike as the register stored it before issue 27: the key kept the look-alike as typed. */
  async function storedBeforeFolding(typed: string): Promise<string> {
    const { bikeId } = await insertBike(t.app.db, {
      ownerPartyId: owner.partyId,
      frameNumber: `X${Date.now()}`,
    });
    const key = typed.toUpperCase().replace(/[\s-]+/g, '');
    await t.app.db
      .update(bikes)
      .set({ frameNumber: typed, frameNumberKey: key, frameNumberLookAlike: key })
      .where(eq(bikes.id, bikeId));
    return bikeId;
  }

  async function runMigration(): Promise<void> {
    const migration = (await readMigrations()).find((m) => m.name === '0036_fold_latin_look_alikes');
    expect(migration).toBeDefined();
    for (const statement of migration!.statements) await t.app.db.execute(sql.raw(statement));
  }

  async function frameOf(bikeId: string) {
    const [row] = await t.app.db
      .select({ shown: bikes.frameNumber, key: bikes.frameNumberKey, lookAlike: bikes.frameNumberLookAlike })
      .from(bikes)
      .where(eq(bikes.id, bikeId));
    return row;
  }

  it('folds a lone copy to Latin, leaves one beside the Latin number to support, and search finds it', async () => {
    const stamp = Date.now().toString().slice(-6);
    // ʙ (U+0299), ɪ (U+026A, keyed as Ɪ U+A7AE) and ǀ (U+01C0) for the 1: alone, so folded.
    const lone = await storedBeforeFolding(`wʙk-ɪ${stamp}ǀ`);
    const bar = await storedBeforeFolding(`WDA|${stamp}Z`);
    // A copy beside the Latin number it imitates: left as it is.
    await insertBike(t.app.db, { ownerPartyId: owner.partyId, frameNumber: `WDA1${stamp}X` });
    const besideLatin = await storedBeforeFolding(`WDAǀ${stamp}X`);

    await runMigration();

    expect(await frameOf(lone)).toEqual({
      shown: `wBk-i${stamp}1`,
      key: `WBKI${stamp}1`,
      lookAlike: `W8K1${stamp}1`,
    });
    expect(await frameOf(bar)).toMatchObject({ shown: `WDA|${stamp}Z`, key: `WDA1${stamp}Z` });
    expect((await frameOf(besideLatin))?.key).toBe(`WDAǀ${stamp}X`);

    const search = await t.app.inject({ method: 'GET', url: '/api/search', query: { q: `WBKI ${stamp} 1` } });
    expect(search.json().results).toEqual([expect.objectContaining({ bike_id: lone, match: 'exact' })]);
    // The copy left for support is shown beside the number it imitates, as a look-alike.
    const real = await t.app.inject({ method: 'GET', url: '/api/search', query: { q: `WDA1${stamp}X` } });
    expect(real.json().results).toEqual([
      expect.objectContaining({ match: 'exact', matched_value: `WDA1${stamp}X` }),
      expect.objectContaining({ bike_id: besideLatin, match: 'look_alike', matched_value: `WDAǀ${stamp}X` }),
    ]);

    await runMigration();
    expect((await frameOf(lone))?.key).toBe(`WBKI${stamp}1`);
  });
});
