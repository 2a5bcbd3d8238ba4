import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bikes } from '../../db/schema/bikes.ts';
import { insertBike } from '../../test/bike-helpers.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { bearer, signUpUser, type TestUser } from '../../test/identity-helpers.ts';
import { grantStaffRole } from '../../test/role-fixtures.ts';

/*
 * Issue 14: migration 0011 folded look-alike letters of stored frame numbers, but left the copies
 * that would collide with another bike for support. Staff list them here: every folded frame number
 * several bikes share, each bike with its owner.
 */
describe('GET /api/backoffice/frame-number-collisions', () => {
  let t: TestApp;
  let owner: TestUser;
  let other: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUpUser(t.app);
    other = await signUpUser(t.app);
  });
  afterAll(() => t.close());

  const URL = '/api/backoffice/frame-number-collisions';
  const list = (token: string | null) =>
    t.app.inject({ method: 'GET', url: URL, headers: token ? bearer(token) : {} });

  /** A bike as the register stored it before folding: its key kept the look-alike letters typed. */
  async function storedBeforeFolding(ownerPartyId: string, typed: string): Promise<string> {
    const { bikeId } = await insertBike(t.app.db, { ownerPartyId, frameNumber: `X${crypto.randomUUID()}` });
    await t.app.db
      .update(bikes)
      .set({
        frameNumber: typed,
        frameNumberKey: typed.toUpperCase(),
        frameNumberLookAlike: typed.toUpperCase(),
      })
      .where(eq(bikes.id, bikeId));
    return bikeId;
  }

  it('lists each folded number several bikes share, with every bike and its owner, to staff', async () => {
    const stamp = Date.now().toString().slice(-7);
    // A Latin bike and a Cyrillic copy of it (Р, А).
    const latin = (await insertBike(t.app.db, { ownerPartyId: owner.partyId, frameNumber: `PAT${stamp}` }))
      .bikeId;
    const cyrillic = await storedBeforeFolding(other.partyId, `РАT${stamp}`);
    // A Cyrillic and a Greek copy of each other, with no Latin one.
    const cyrillicTwin = await storedBeforeFolding(owner.partyId, `TWР${stamp}`);
    const greekTwin = await storedBeforeFolding(other.partyId, `TWΡ${stamp}`);
    // Not collisions: a plain Latin bike, and a lone look-alike copy whose twin is gone.
    await insertBike(t.app.db, { ownerPartyId: owner.partyId, frameNumber: `SOLO${stamp}` });
    await storedBeforeFolding(owner.partyId, `LОNE${stamp}`);

    const support = await signUpUser(t.app);
    await grantStaffRole(t.app.db, support.partyId, 'support');
    const response = await list(support.token);
    expect(response.statusCode, response.body).toBe(200);
    const collisions = response
      .json<Array<{ folded_key: string; bikes: Array<Record<string, unknown>> }>>()
      .filter((collision) => collision.folded_key.endsWith(stamp));
    expect(collisions).toEqual([
      {
        folded_key: `PAT${stamp}`,
        bikes: [
          {
            bike_id: latin,
            frame_number: `PAT${stamp}`,
            is_folded: true,
            status: 'registered',
            owner_party_id: owner.partyId,
            owner_email: owner.email,
            created_at: expect.any(String),
          },
          expect.objectContaining({
            bike_id: cyrillic,
            frame_number: `РАT${stamp}`,
            is_folded: false,
            owner_party_id: other.partyId,
            owner_email: other.email,
          }),
        ],
      },
      {
        folded_key: `TWP${stamp}`,
        bikes: [
          expect.objectContaining({ bike_id: cyrillicTwin, is_folded: false }),
          expect.objectContaining({ bike_id: greekTwin, is_folded: false }),
        ],
      },
    ]);

    const admin = await signUpUser(t.app);
    await grantStaffRole(t.app.db, admin.partyId, 'admin');
    expect((await list(admin.token)).statusCode).toBe(200);
  });

  it('pairs copies made with Latin-script look-alikes (issue 27: ǀ for 1, Ɪ, ʙ) with the number they imitate', async () => {
    const stamp = Date.now().toString().slice(-7);
    const latin = (await insertBike(t.app.db, { ownerPartyId: owner.partyId, frameNumber: `WBI1${stamp}Z` }))
      .bikeId;
    const click = await storedBeforeFolding(other.partyId, `WBIǀ${stamp}Z`);
    const smallCapitals = await storedBeforeFolding(other.partyId, `WʙꞮ1${stamp}Z`);

    const support = await signUpUser(t.app);
    await grantStaffRole(t.app.db, support.partyId, 'support');
    const response = await list(support.token);
    expect(response.statusCode, response.body).toBe(200);
    const collisions = response
      .json<Array<{ folded_key: string; bikes: Array<Record<string, unknown>> }>>()
      .filter((collision) => collision.folded_key.includes(stamp));
    expect(collisions).toEqual([
      {
        folded_key: `WBI1${stamp}Z`,
        bikes: [
          expect.objectContaining({ bike_id: latin, is_folded: true }),
          expect.objectContaining({ bike_id: click, frame_number: `WBIǀ${stamp}Z`, is_folded: false }),
          expect.objectContaining({
            bike_id: smallCapitals,
            frame_number: `WʙꞮ1${stamp}Z`,
            is_folded: false,
          }),
        ],
      },
    ]);
  });

  it('refuses a person without a staff role (403) and a visitor (401)', async () => {
    const user = await list(owner.token);
    expect(user.statusCode).toBe(403);
    expect(user.json().code).toBe('forbidden');
    expect((await list(null)).statusCode).toBe(401);
  });
});
