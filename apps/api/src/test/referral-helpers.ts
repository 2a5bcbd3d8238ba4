import { and, eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { auditEvents } from '../db/schema/backoffice.ts';
import { referralRewards } from '../db/schema/webshop.ts';
import { bearer, signUpUser, type TestUser } from './identity-helpers.ts';
import { checkout, payInWindow, postReepayWebhook, signedReepayWebhook } from './webshop-helpers.ts';

/*
 * Referrals (issue 30 §1) for API tests: inviters with a name, an address and their code, friends
 * who signed up with it, registrations paid at the card stand-in whose webhook the test delivers
 * itself (the app's own webhook address is a closed port), and what came of the reward.
 */

/** A card of the stand-in other than the 4111… the inviters pay with. */
export const FRIENDS_CARD = '5019 1000 0000 0006';
export const INVITER_CARD = '4111 1111 1111 1111';

export function referralHelpers(app: FastifyInstance, registrationProductId: string) {
  let street = 0;

  function setProfile(token: string, profile: Record<string, unknown>) {
    return app.inject({ method: 'PUT', url: '/api/identities/me', headers: bearer(token), payload: profile });
  }

  const overviewOf = (token: string | null) =>
    app.inject({ method: 'GET', url: '/api/referrals/me', headers: token ? bearer(token) : {} });

  async function overview(token: string) {
    const response = await overviewOf(token);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  async function freeCredits(token: string): Promise<number> {
    const response = await app.inject({
      method: 'GET',
      url: '/api/webshop/bike-ownership-credits/overview',
      headers: bearer(token),
    });
    return response.json().credits_free;
  }

  /** Someone with a name and an address of their own, and their referral code. */
  async function inviter(): Promise<TestUser & { code: string; street: string }> {
    const person = await signUpUser(app);
    street += 1;
    const streetAddress = `Nørregade ${street}`;
    await setProfile(person.token, {
      first_name: 'Inge',
      last_name: 'Inviter',
      street_address: streetAddress,
      zip_code: '1165',
      city: 'København K',
    });
    return { ...person, street: streetAddress, code: (await overview(person.token)).code };
  }

  /** Someone who signed up with the code, living elsewhere unless told. */
  async function friendOf(
    code: string,
    profile: Record<string, unknown> = {},
    signUp: Record<string, unknown> = {},
  ): Promise<TestUser> {
    const friend = await signUpUser(app, { friend_ref: code, ...signUp });
    street += 1;
    const saved = await setProfile(friend.token, {
      first_name: 'Frida',
      last_name: 'Friend',
      street_address: `Vestergade ${street}`,
      zip_code: '8000',
      city: 'Aarhus C',
      ...profile,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    return friend;
  }

  /** A registration the person paid for at the provider; our order still pending (no webhook yet). */
  async function paidAtProvider(buyer: TestUser, card = FRIENDS_CARD): Promise<string> {
    const started = await checkout(app, buyer.token, {
      items: [{ product_id: registrationProductId, quantity: 1 }],
    });
    expect((await payInWindow(app, started.payment_url, '123', card)).statusCode).toBe(303);
    return started.order_id;
  }

  const settledWebhook = (orderId: string) =>
    signedReepayWebhook({ event_type: 'invoice_settled', invoice: orderId });

  /** Delivers a new settled event of the order's invoice; answers the webhook's outcome. */
  async function settle(orderId: string) {
    const response = await postReepayWebhook(app, settledWebhook(orderId));
    expect(response.statusCode, response.body).toBe(200);
    return response.json().outcome;
  }

  const rewardRows = (referredPartyId: string) =>
    app.db.select().from(referralRewards).where(eq(referralRewards.referredPartyId, referredPartyId));

  /** The referral audit events about the inviter, sorted. */
  async function auditActions(targetPartyId: string) {
    const rows = await app.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.targetPartyId, targetPartyId),
          like(auditEvents.action, 'webshop.referral_reward%'),
        ),
      );
    return rows.map((row) => row.action).sort();
  }

  return {
    setProfile,
    overviewOf,
    overview,
    freeCredits,
    inviter,
    friendOf,
    paidAtProvider,
    settledWebhook,
    settle,
    rewardRows,
    auditActions,
  };
}
