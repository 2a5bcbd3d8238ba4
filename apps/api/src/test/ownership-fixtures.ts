import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { identities } from '../db/schema/identity.ts';
import { printStickers, registerBike, signUpOwner } from './bike-api-helpers.ts';
import { uniqueFrameNumber } from './bike-helpers.ts';
import { bearer, codeFromMail, latestMail, signUpUser, type TestUser } from './identity-helpers.ts';

/* People, bikes and offers for the ownership tests, made through the API where the product does. */

/** Confirms the person's address, as following the verification link would. */
export async function confirmEmail(app: FastifyInstance, user: TestUser): Promise<void> {
  await app.db
    .update(identities)
    .set({ emailVerifiedAt: new Date() })
    .where(eq(identities.partyId, user.partyId));
}

/** A person with a confirmed address (an account that can receive offers at once). */
export async function signUpConfirmed(app: FastifyInstance, overrides: Record<string, unknown> = {}) {
  const user = await signUpUser(app, overrides);
  await confirmEmail(app, user);
  return user;
}

export async function setName(app: FastifyInstance, user: TestUser, first: string, last: string) {
  const response = await app.inject({
    method: 'PUT',
    url: '/api/identities/me',
    headers: bearer(user.token),
    payload: { first_name: first, last_name: last },
  });
  if (response.statusCode !== 200)
    throw new Error(`PUT /me answered ${response.statusCode}: ${response.body}`);
}

/** A person with credits and a transferable bike (frame number and plate). */
export async function ownerWithBike(
  app: FastifyInstance,
  body: Record<string, unknown> = {},
): Promise<{ owner: TestUser; bikeId: string; ownershipId: string; frameNumber: string }> {
  const owner = await signUpOwner(app, 3);
  await setName(app, owner, 'Anna', 'Afsender');
  const [plate] = await printStickers(app, 1);
  const frameNumber = uniqueFrameNumber();
  const bike = await registerBike(app, owner.token, {
    nickname: 'Racer',
    frame_number: frameNumber,
    plate_id: plate,
    ...body,
  });
  return { owner, bikeId: bike.bike_id, ownershipId: bike.bike_ownership_id, frameNumber };
}

export function offer(
  app: FastifyInstance,
  token: string,
  bikeId: string,
  email: string,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/ownership-transfers/',
    headers: bearer(token, headers),
    payload: { bike_id: bikeId, recipient_email: email, recipient_email_confirmation: email },
  });
}

/** Offers the bike and fails the test unless it answers 201; answers the transfer and the mailed code. */
export async function offerBike(
  app: FastifyInstance,
  token: string,
  bikeId: string,
  email: string,
): Promise<{ transferId: string; code: string }> {
  const response = await offer(app, token, bikeId, email);
  if (response.statusCode !== 201) throw new Error(`offer answered ${response.statusCode}: ${response.body}`);
  const mail = await latestMail(app.db, email, 'ownership_transfer_offer');
  return {
    transferId: response.json<{ transfer_id: string }>().transfer_id,
    code: codeFromMail(mail, '/app/my-bikes/receive-bike').code,
  };
}

export function act(
  app: FastifyInstance,
  token: string | null,
  transferId: string,
  action: 'accept' | 'reject' | 'cancel',
  payload?: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method: 'POST',
    url: `/api/ownership-transfers/${transferId}/${action}`,
    headers: token ? bearer(token, headers) : headers,
    ...(payload ? { payload } : {}),
  });
}

export function get(app: FastifyInstance, token: string | null, url: string) {
  return app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
}
