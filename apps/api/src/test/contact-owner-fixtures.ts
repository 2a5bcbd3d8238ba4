import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { codeFromMail, latestMail } from './identity-helpers.ts';

/*
 * A visitor writing to a bike's owner, for tests: the message waits until the link mailed to the
 * visitor's address is followed (POST /api/contact-owner/confirmations).
 */

export function confirmationPath(bikeId: string): string {
  return `/app/bikes/${bikeId}/contact-bike-owner/confirm`;
}

/** The code of the newest confirmation mailed to an address for a bike. */
export async function confirmationCode(app: FastifyInstance, email: string, bikeId: string): Promise<string> {
  const mail = await latestMail(app.db, email, 'contact_owner_confirmation');
  return codeFromMail(mail, confirmationPath(bikeId)).code;
}

export function postConfirmation(app: FastifyInstance, code: string, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/contact-owner/confirmations',
    headers,
    payload: { code },
  });
}

/** Sends as a visitor and follows the mailed link, as a finder does; fails the test on any refusal. */
export async function contactAsConfirmedVisitor(
  app: FastifyInstance,
  bikeId: string,
  body: { message: string; email: string },
  headers: Record<string, string> = {},
): Promise<void> {
  const sent = await app.inject({
    method: 'POST',
    url: `/api/bikes/${bikeId}/contact-owner`,
    headers,
    payload: body,
  });
  expect(sent.statusCode, sent.body).toBe(201);
  const confirmed = await postConfirmation(app, await confirmationCode(app, body.email, bikeId));
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  expect(confirmed.json()).toEqual({ bike_id: bikeId });
}
