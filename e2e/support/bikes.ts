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

/**
 * A bike `recipient` received from someone else, as the ownership transfer leaves it: theirs, but
 * without a registration (the giver's credit stayed with the giver). A new giver registers it,
 * offers it to the recipient's address, and the recipient accepts, all through the API.
 */
export async function receivedBikeViaApi(
  request: APIRequestContext,
  giver: { email: string; token: string },
  recipient: { email: string; token: string },
  nickname: string,
): Promise<RegisteredBike> {
  const bike = await registerBikeViaApi(request, giver, nickname);
  const key = `e2e-${Date.now().toString(36)}-${randomInt(1_000_000)}`;
  const offered = await request.post('/api/ownership-transfers/', {
    headers: { Authorization: `Bearer ${giver.token}`, 'Idempotency-Key': `${key}-offer` },
    data: {
      bike_id: bike.bikeId,
      recipient_email: recipient.email,
      recipient_email_confirmation: recipient.email,
    },
  });
  expect(offered.status(), await offered.text()).toBe(201);
  const { transfer_id: transferId } = (await offered.json()) as { transfer_id: string };
  const accepted = await request.post(`/api/ownership-transfers/${transferId}/accept`, {
    headers: { Authorization: `Bearer ${recipient.token}`, 'Idempotency-Key': `${key}-accept` },
    data: {},
  });
  expect(accepted.status(), await accepted.text()).toBe(200);
  return bike;
}

/** The bike a credit of the person's is on, per credit (GET /webshop/bike-activations). */
export async function creditBikeIds(
  request: APIRequestContext,
  owner: { token: string },
): Promise<Array<string | null>> {
  const response = await request.get('/api/webshop/bike-activations', {
    headers: { Authorization: `Bearer ${owner.token}` },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as Array<{ bike_id: string | null }>).map((credit) => credit.bike_id);
}
