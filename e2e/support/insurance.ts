import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { type APIRequestContext, expect } from '@playwright/test';

/*
 * Insurance preconditions through the API (issue 16), for journeys that are about another step:
 * an application at an insurer, and a holder's proof of possession sent to our staff.
 */

const FIXTURES = path.join(import.meta.dirname, '..', 'fixtures');

/** The bike picture kind each upload is stored as (POSSESSION_PICTURE_KIND in packages/domain). */
const PICTURE_KIND: Record<string, string> = {
  main_image: 'private',
  other_images: 'private',
  frame_number: 'frame_number',
  receipt: 'receipt',
  lock_proof: 'lock_proof',
};

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/** The holder applies for bike theft cover of one registered bike; answers the policy and insured item ids. */
export async function applyForInsuranceViaApi(
  request: APIRequestContext,
  holder: { token: string },
  insurerPartyId: string,
  bikeId: string,
): Promise<{ policyId: string; itemId: string }> {
  const applied = await request.post('/api/insurance/policies/', {
    headers: auth(holder.token),
    data: {
      insurer_party_id: insurerPartyId,
      coverage: 'bike_theft',
      number_of_bikes: 1,
      bike_ids: [bikeId],
    },
  });
  expect(applied.status(), await applied.text()).toBe(201);
  const policy = (await applied.json()) as { id: string; insured_items: Array<{ id: string }> };
  const itemId = policy.insured_items[0]?.id;
  expect(itemId, 'the application names the bike').toBeTruthy();
  return { policyId: policy.id, itemId: itemId ?? '' };
}

/**
 * The holder's proof of possession as the hub would send it: the bike's type, a picture of each
 * upload the product requires (through the bike's own picture call), then sent to our staff.
 */
export async function provePossessionViaApi(
  request: APIRequestContext,
  holder: { token: string },
  bikeId: string,
  itemId: string,
): Promise<void> {
  const headers = auth(holder.token);
  const typed = await request.patch(`/api/bikes/${bikeId}`, { headers, data: { type: 'unisex' } });
  expect(typed.status(), await typed.text()).toBe(200);
  const possessionUrl = `/api/insurance/insured-items/${itemId}/possession`;
  const possession = (await (await request.get(possessionUrl, { headers })).json()) as {
    missing_uploads: string[];
  };
  const buffer = await readFile(path.join(FIXTURES, 'frame-number.jpg'));
  for (const kind of possession.missing_uploads) {
    const uploaded = await request.post(`/api/bikes/${bikeId}/pictures`, {
      headers,
      multipart: {
        kind: PICTURE_KIND[kind] ?? 'private',
        file: { name: `${kind}.jpg`, mimeType: 'image/jpeg', buffer },
      },
    });
    expect(uploaded.status(), await uploaded.text()).toBe(201);
    const fileId = ((await uploaded.json()) as { picture_id: string }).picture_id;
    const linked = await request.post(`${possessionUrl}/uploads/`, {
      headers,
      data: { kind, file_id: fileId },
    });
    expect(linked.status(), await linked.text()).toBe(200);
  }
  const sent = await request.post(`${possessionUrl}/submit`, { headers });
  expect(sent.status(), await sent.text()).toBe(200);
}
