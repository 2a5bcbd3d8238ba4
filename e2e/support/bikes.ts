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
 * check has nothing to say about, different every call.
 */
export function uniqueFrameNumber(): string {
  return `WDA${randomInt(100_000, 999_999)}Z`;
}
