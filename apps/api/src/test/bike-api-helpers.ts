import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../db/client.ts';
import { bikeFiles, bikeOwnershipCredits } from '../db/schema/bikes.ts';
import { uniqueFrameNumber } from './bike-helpers.ts';
import { bearer, signUpUser, type TestUser } from './identity-helpers.ts';

/*
 * Bikes, credits and stickers for API tests, made the way a developer makes them: through the
 * /dev stand-ins (credits, printed stickers) and the API (registration).
 */

/** POST /dev/credits: a subscription with `count` credits for the account. */
export async function grantCredits(app: FastifyInstance, email: string, count: number): Promise<void> {
  const response = await app.inject({ method: 'POST', url: '/dev/credits', payload: { email, count } });
  if (response.statusCode !== 201)
    throw new Error(`/dev/credits answered ${response.statusCode}: ${response.body}`);
}

/** POST /dev/stickers: a printed batch of free stickers; answers their codes. */
export async function printStickers(
  app: FastifyInstance,
  count: number,
  kind: 'bike' | 'insurance' | 'equipment' = 'bike',
): Promise<string[]> {
  const response = await app.inject({ method: 'POST', url: '/dev/stickers', payload: { count, kind } });
  if (response.statusCode !== 201)
    throw new Error(`/dev/stickers answered ${response.statusCode}: ${response.body}`);
  return response.json<{ sticker_ids: string[] }>().sticker_ids;
}

/** A new person with `credits` credits (none: no subscription at all). */
export async function signUpOwner(
  app: FastifyInstance,
  credits = 5,
  overrides: Record<string, unknown> = {},
): Promise<TestUser> {
  const user = await signUpUser(app, overrides);
  if (credits > 0) await grantCredits(app, user.email, credits);
  return user;
}

export function postBike(
  app: FastifyInstance,
  token: string | null,
  body: Record<string, unknown>,
  headers = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/bikes/',
    headers: token ? bearer(token, headers) : headers,
    payload: body,
  });
}

/** Registers a bike through the API; fails the test unless it answers 201. */
export async function registerBike(
  app: FastifyInstance,
  token: string,
  body: Record<string, unknown> = {},
): Promise<{ bike_id: string; bike_ownership_id: string } & Record<string, unknown>> {
  const response = await postBike(app, token, {
    nickname: 'Test bike',
    frame_number: uniqueFrameNumber(),
    ...body,
  });
  if (response.statusCode !== 201)
    throw new Error(`POST /api/bikes answered ${response.statusCode}: ${response.body}`);
  return response.json();
}

/** Takes the credit off a bike's ownership, leaving the ownership without one (as after a transfer). */
export async function detachCredit(db: Executor, ownershipId: string): Promise<string> {
  const [row] = await db
    .update(bikeOwnershipCredits)
    .set({ bikeOwnershipId: null })
    .where(eq(bikeOwnershipCredits.bikeOwnershipId, ownershipId))
    .returning({ id: bikeOwnershipCredits.id });
  if (!row) throw new Error('the ownership had no credit');
  return row.id;
}

/**
 * A stored file of a bike, as an upload would leave it: bytes in file storage and a bike_files row.
 * Answers the storage keys.
 */
export async function storeBikeFile(
  app: FastifyInstance,
  input: { bikeId: string; ownerPartyId: string; kind?: string; fileClass?: 'picture' | 'document' },
): Promise<{ id: string; keys: string[] }> {
  const id = randomUUID();
  const storageKey = `bikes/${input.bikeId}/${id}.webp`;
  const thumbnailKey = `bikes/${input.bikeId}/${id}.thumb.webp`;
  await app.fileStorage.put(storageKey, Buffer.from('picture'), 'image/webp');
  await app.fileStorage.put(thumbnailKey, Buffer.from('thumb'), 'image/webp');
  await app.db.insert(bikeFiles).values({
    id,
    bikeId: input.bikeId,
    fileClass: input.fileClass ?? 'picture',
    kind: input.kind ?? 'public',
    storageKey,
    thumbnailKey,
    contentType: 'image/webp',
    size: 7,
    width: 10,
    height: 10,
    fileName: `${id}.webp`,
    uploadedByPartyId: input.ownerPartyId,
  });
  return { id, keys: [storageKey, thumbnailKey] };
}
