import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bikeOwnershipCredits } from '../../db/schema/bikes.ts';
import { detachCredit, registerBike, signUpOwner } from '../../test/bike-api-helpers.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { bearer } from '../../test/identity-helpers.ts';

/*
 * Issue 15 §8: one free credit activated by many requests at once. On PostgreSQL (api-postgres) the
 * requests truly run in parallel on a pool of connections, so the credit's conditional update is
 * what lets exactly one bike have it; on PGlite they are serialised and the same assertions hold.
 */

describe('activating one free credit under concurrency', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });

  afterAll(async () => {
    await t?.close();
  });

  it('50 activations of one free credit onto five bikes at once: exactly one bike gets it', async () => {
    const owner = await signUpOwner(t.app, 5);
    const bikes = [];
    for (let index = 0; index < 5; index += 1) bikes.push(await registerBike(t.app, owner.token));
    const ownershipIds = bikes.map((bike) => bike.bike_ownership_id);
    // Every bike loses its credit; one credit is kept free, the other four are gone.
    const freed = [];
    for (const ownershipId of ownershipIds) freed.push(await detachCredit(t.app.db, ownershipId));
    const [credit, ...others] = freed;
    if (!credit) throw new Error('no credit');
    await t.app.db.delete(bikeOwnershipCredits).where(inArray(bikeOwnershipCredits.id, others));

    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        t.app.inject({
          method: 'POST',
          url: `/api/webshop/bike-activations/${credit}`,
          headers: bearer(owner.token),
          payload: { bike_ownership_id: ownershipIds[index % ownershipIds.length] },
        }),
      ),
    );

    const [row] = await t.app.db
      .select()
      .from(bikeOwnershipCredits)
      .where(eq(bikeOwnershipCredits.id, credit));
    const winner = row?.bikeOwnershipId;
    expect(winner).toBeTruthy();
    // Every success names the one ownership that has the credit (attaching it there again is the
    // same success); every other answer is credit_in_use, and no other bike has a credit.
    answers.forEach((answer, index) => {
      if (ownershipIds[index % ownershipIds.length] === winner) {
        expect(answer.statusCode, answer.body).toBe(200);
        expect(answer.json().bike_ownership_id).toBe(winner);
      } else {
        expect(answer.statusCode, answer.body).toBe(409);
        expect(answer.json().code).toBe('credit_in_use');
      }
    });
    const attached = await t.app.db
      .select()
      .from(bikeOwnershipCredits)
      .where(inArray(bikeOwnershipCredits.bikeOwnershipId, ownershipIds));
    expect(attached.map((credit) => credit.id)).toEqual([credit]);
  });
});
