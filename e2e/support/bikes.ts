import { randomInt } from 'node:crypto';
import { type APIRequestContext, expect } from '@playwright/test';

/*
 * The development stand-ins for buying: registration credits and printed stickers (absent in
 * production), and identifiers that are unique per run.
 */

/** POST /dev/credits — gives the account a subscription with `count` free registrations. */
export async function grantCredits(request: APIRequestContext, email: string, count = 1): Promise<void> {
  const response = await request.post('/dev/credits', { data: { email, count } });
  expect(response.status(), `granting credits answered ${await response.text()}`).toBeLessThan(300);
}

/** POST /dev/stickers — a free sticker of a new batch; answers its printed code (the plate ID). */
export async function freeSticker(
  request: APIRequestContext,
  kind: 'bike' | 'insurance' | 'equipment' = 'bike',
): Promise<string> {
  const response = await request.post('/dev/stickers', { data: { count: 1, kind } });
  expect(response.status(), `a sticker batch answered ${await response.text()}`).toBeLessThan(300);
  const { sticker_ids: ids } = (await response.json()) as { sticker_ids: string[] };
  expect(ids).toHaveLength(1);
  return ids[0] as string;
}

/**
 * A Danish frame number of FDB's code with the year letter Z (1963/1984/2005/2026): one the soft
 * check has nothing to say about, different every call. Ten random digits: with six, two of a run's
 * few hundred bikes drew the same number about once in fifty runs (7 Dec 2026: frame_number_in_use).
 */
export function uniqueFrameNumber(): string {
  return `WDA${randomInt(1_000_000_000, 9_999_999_999)}Z`;
}

export interface RegisteredBike {
  bikeId: string;
  nickname: string;
  frameNumber: string;
  plate: string | null;
}

/**
 * A Kildemoes Logic registered through the API for `owner` (credits granted first): a fresh frame
 * number, and a printed sticker as its plate unless `plate` is false.
 */
export async function registerBikeViaApi(
  request: APIRequestContext,
  owner: { email: string; token: string },
  nickname: string,
  options: { plate?: boolean } = {},
): Promise<RegisteredBike> {
  await grantCredits(request, owner.email);
  const plate = options.plate === false ? null : await freeSticker(request);
  const frameNumber = uniqueFrameNumber();
  const created = await request.post('/api/bikes/', {
    headers: { Authorization: `Bearer ${owner.token}` },
    data: {
      nickname,
      frame_number: frameNumber,
      ...(plate ? { plate_id: plate } : {}),
      brand: 'Kildemoes',
      model: 'Logic',
      category: 'city',
      color: 'blue',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { bike_id: bikeId } = (await created.json()) as { bike_id: string };
  return { bikeId, nickname, frameNumber, plate };
}
