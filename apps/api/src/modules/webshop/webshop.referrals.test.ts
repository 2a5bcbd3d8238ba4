import { REFERRAL_REWARDS_PER_MONTH } from '@nbr/domain/referrals';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/backoffice.ts';
import { referralRewards } from '../../db/schema/webshop.ts';
import { registerBike } from '../../test/bike-api-helpers.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { bearer, mailsTo, signUpUser, TEST_PASSWORD, type TestUser } from '../../test/identity-helpers.ts';
import { INVITER_CARD, referralHelpers } from '../../test/referral-helpers.ts';
import { signUpStaff } from '../../test/staff-fixtures.ts';
import {
  catalogue,
  makeVouchers,
  postReepayWebhook,
  redeem,
  staffAdminToken,
} from '../../test/webshop-helpers.ts';

/*
 * Referrals (issue 30 §1) through HTTP: a referral pays out once and only once, whatever the
 * webhooks do, and a refund takes an unused reward back. The stand-in's own webhooks go nowhere
 * (a closed port): each test delivers them itself, once, twice or many at once (on PostgreSQL truly
 * in parallel).
 */

let t: TestApp;
let products: Awaited<ReturnType<typeof catalogue>>;
let admin: string;
let support: TestUser;

beforeAll(async () => {
  t = await createTestApp({
    payments: { reepayWebhookUrl: 'http://127.0.0.1:9/nowhere', webhookRetryDelaysMs: [] },
  });
  products = await catalogue(t.app);
  admin = await staffAdminToken(t.app);
  support = await signUpStaff(t.app, 'support');
  r = referralHelpers(t.app, productId('dk-registration'));
});
afterAll(async () => {
  await t?.close();
});

let r: ReturnType<typeof referralHelpers>;
const productId = (handle: string) => products[handle]?.id ?? '';

/** The inviter's own purchase, paid with their card. */
async function inviterBuys(person: TestUser) {
  await r.settle(await r.paidAtProvider(person, INVITER_CARD));
}

const refund = (orderId: string) =>
  t.app.inject({ method: 'POST', url: `/api/webshop/orders/${orderId}/refunds`, headers: bearer(admin) });

describe('the invitation', () => {
  it('is a stable code of its own, and the link is the sign-up page with it', async () => {
    const person = await r.inviter();
    const again = await r.overview(person.token);
    expect(again.code).toBe(person.code);
    expect(person.code).toMatch(/^[2-9A-Z]{10}$/);
    expect(person.code).not.toContain(person.partyId.slice(0, 8).toUpperCase());
    expect(again.qr_svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    expect(again.link).toMatch(new RegExp(`/signup\\?friend_ref=${person.code}$`));
    expect(again).toMatchObject({
      rewards_per_month: REFERRAL_REWARDS_PER_MONTH,
      credits_earned: 0,
      referred: [],
    });
  });

  it('lists who signed up with it by first name only, and nobody who used another or no code', async () => {
    const person = await r.inviter();
    await r.friendOf(person.code);
    await signUpUser(t.app, { friend_ref: 'not-a-code' });
    await signUpUser(t.app, { friend_ref: person.partyId });
    const seen = await r.overview(person.token);
    expect(seen.referred).toEqual([
      expect.objectContaining({ first_name: 'Frida', deleted: false, status: 'signed_up', reward: null }),
    ]);
    expect(JSON.stringify(seen.referred)).not.toContain('Friend');
  });

  it('is for signed-in people only, each seeing their own', async () => {
    expect((await r.overviewOf(null)).statusCode).toBe(401);
    const person = await r.inviter();
    await r.friendOf(person.code);
    const other = await signUpUser(t.app);
    const theirs = await r.overview(other.token);
    expect(theirs.code).not.toBe(person.code);
    expect(theirs.referred).toEqual([]);
  });
});

describe('the reward', () => {
  it('is one free credit when the friend’s first paid registration settles, with a mail and a notice', async () => {
    const person = await r.inviter();
    const friend = await r.friendOf(person.code);
    expect(await r.settle(await r.paidAtProvider(friend))).toBe('settled');

    const seen = await r.overview(person.token);
    expect(seen.credits_earned).toBe(1);
    expect(seen.referred).toEqual([expect.objectContaining({ status: 'bought', reward: 'granted' })]);
    expect(seen.notices).toEqual([expect.objectContaining({ kind: 'reward_granted', first_name: 'Frida' })]);
    expect(await r.freeCredits(person.token)).toBe(1);
    expect(await mailsTo(t.app.db, person.email, 'referral_reward_granted')).toHaveLength(1);
    expect(await r.auditActions(person.partyId)).toEqual(['webshop.referral_reward_granted']);

    // Seen in the app, the notice goes; the reward stays.
    const seenNow = await t.app.inject({
      method: 'POST',
      url: '/api/referrals/me/notices/seen',
      headers: bearer(person.token),
    });
    expect(seenNow.statusCode).toBe(204);
    expect((await r.overview(person.token)).notices).toEqual([]);

    // The friend's second purchase earns nothing more.
    expect(await r.settle(await r.paidAtProvider(friend))).toBe('settled');
    expect(await r.freeCredits(person.token)).toBe(1);
    expect(await r.rewardRows(friend.partyId)).toHaveLength(1);
  });

  it('is given once when the same webhook comes again, and when other events of the payment follow', async () => {
    const person = await r.inviter();
    const friend = await r.friendOf(person.code);
    const orderId = await r.paidAtProvider(friend);
    const body = r.settledWebhook(orderId);
    expect((await postReepayWebhook(t.app, body)).json().outcome).toBe('settled');
    expect((await postReepayWebhook(t.app, body)).json().outcome).toBe('duplicate');
    expect(await r.settle(orderId)).toBe('already_paid');
    expect(await r.freeCredits(person.token)).toBe(1);
    expect(await r.rewardRows(friend.partyId)).toHaveLength(1);
    expect(await mailsTo(t.app.db, person.email, 'referral_reward_granted')).toHaveLength(1);
    expect(await r.auditActions(person.partyId)).toEqual(['webshop.referral_reward_granted']);
  });

  it('is not given for a registration paid with a voucher', async () => {
    const person = await r.inviter();
    const friend = await r.friendOf(person.code);
    const [code] = await makeVouchers(t.app, admin, { product_id: productId('dk-registration') });
    expect((await redeem(t.app, friend.token, { code })).statusCode).toBe(201);
    expect(await r.freeCredits(person.token)).toBe(0);
    expect(await r.rewardRows(friend.partyId)).toHaveLength(0);
  });
});

describe('a refund of the friend’s first purchase', () => {
  it('takes the reward back while unused, audited and told; a second refund and later purchases change nothing', async () => {
    const person = await r.inviter();
    const friend = await r.friendOf(person.code);
    const orderId = await r.paidAtProvider(friend);
    await r.settle(orderId);
    expect(await r.freeCredits(person.token)).toBe(1);

    const refunded = await refund(orderId);
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(await r.freeCredits(person.token)).toBe(0);
    const seen = await r.overview(person.token);
    expect(seen.credits_earned).toBe(0);
    expect(seen.referred).toEqual([expect.objectContaining({ status: 'bought', reward: 'taken_back' })]);
    expect(seen.notices.map((notice: { kind: string }) => notice.kind)).toContain('reward_taken_back');
    expect(await mailsTo(t.app.db, person.email, 'referral_reward_taken_back')).toHaveLength(1);
    expect(await r.auditActions(person.partyId)).toEqual([
      'webshop.referral_reward_granted',
      'webshop.referral_reward_taken_back',
    ]);

    expect((await refund(orderId)).statusCode).toBe(409);
    expect(await r.settle(orderId)).toBe('already_paid');
    expect(await r.settle(await r.paidAtProvider(friend))).toBe('settled');
    expect(await r.freeCredits(person.token)).toBe(0);
    expect(await r.rewardRows(friend.partyId)).toEqual([expect.objectContaining({ status: 'taken_back' })]);
  });

  it('leaves a reward already used on a bike, audited as kept', async () => {
    const person = await r.inviter();
    const friend = await r.friendOf(person.code);
    const orderId = await r.paidAtProvider(friend);
    await r.settle(orderId);
    const bike = await registerBike(t.app, person.token);
    expect(bike.bike_id).toBeTruthy();
    expect(await r.freeCredits(person.token)).toBe(0);

    expect((await refund(orderId)).statusCode).toBe(200);
    const seen = await r.overview(person.token);
    expect(seen.credits_earned).toBe(1);
    expect(seen.referred).toEqual([expect.objectContaining({ reward: 'kept_after_refund' })]);
    expect(await r.auditActions(person.partyId)).toEqual([
      'webshop.referral_reward_granted',
      'webshop.referral_reward_kept',
    ]);
    const bikePage = await t.app.inject({
      method: 'GET',
      url: `/api/bikes/${bike.bike_id}`,
      headers: bearer(person.token),
    });
    expect(bikePage.statusCode).toBe(200);
  });
});

describe('referring oneself', () => {
  it('is refused when the friend pays with a card the inviter paid with', async () => {
    const person = await r.inviter();
    await inviterBuys(person);
    const friend = await r.friendOf(person.code);
    await r.settle(await r.paidAtProvider(friend, INVITER_CARD));
    expect(await r.rewardRows(friend.partyId)).toEqual([
      expect.objectContaining({ status: 'refused', refusal: 'same_card' }),
    ]);
    expect(await r.freeCredits(person.token)).toBe(1);
    expect(await r.auditActions(person.partyId)).toEqual(['webshop.referral_reward_refused']);
    expect(await mailsTo(t.app.db, person.email, 'referral_reward_granted')).toHaveLength(0);
  });

  it('is refused when the friend lives at the inviter’s postal address, however it is spelt', async () => {
    const person = await r.inviter();
    const friend = await r.friendOf(person.code, {
      street_address: person.street.toUpperCase().replace(' ', '  '),
      zip_code: '1165',
    });
    await r.settle(await r.paidAtProvider(friend));
    expect(await r.rewardRows(friend.partyId)).toEqual([
      expect.objectContaining({ status: 'refused', refusal: 'same_address' }),
    ]);
    expect(await r.freeCredits(person.token)).toBe(0);
    expect((await r.overview(person.token)).notices).toEqual([]);
  });
});

describe('the monthly cap', () => {
  it(`grants ${REFERRAL_REWARDS_PER_MONTH} rewards a month and refuses the next`, async () => {
    const person = await r.inviter();
    const friends: TestUser[] = [];
    for (let index = 0; index <= REFERRAL_REWARDS_PER_MONTH; index += 1)
      friends.push(await r.friendOf(person.code));
    const orders = [];
    for (const friend of friends) orders.push(await r.paidAtProvider(friend));
    for (const orderId of orders) await r.settle(orderId);
    expect(await r.freeCredits(person.token)).toBe(REFERRAL_REWARDS_PER_MONTH);
    const rows = await t.app.db
      .select()
      .from(referralRewards)
      .where(eq(referralRewards.referrerPartyId, person.partyId));
    expect(rows.filter((row) => row.status === 'granted')).toHaveLength(REFERRAL_REWARDS_PER_MONTH);
    expect(rows.filter((row) => row.refusal === 'monthly_cap')).toHaveLength(1);
  });
});

describe('staff, exports and deletion', () => {
  it('staff see a person’s referrals with names and rewards (audited); others may not', async () => {
    const person = await r.inviter();
    const friend = await r.friendOf(person.code);
    const orderId = await r.paidAtProvider(friend);
    await r.settle(orderId);
    const url = `/api/backoffice/identities/${person.partyId}/referrals`;
    const answer = await t.app.inject({ method: 'GET', url, headers: bearer(support.token) });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({
      code: person.code,
      referred_by: null,
      referred: [
        {
          party_id: friend.partyId,
          name: 'Frida Friend',
          status: 'bought',
          reward: 'granted',
          order_id: orderId,
        },
      ],
    });
    const friendSide = await t.app.inject({
      method: 'GET',
      url: `/api/backoffice/identities/${friend.partyId}/referrals`,
      headers: bearer(support.token),
    });
    expect(friendSide.json().referred_by).toEqual({ party_id: person.partyId, name: 'Inge Inviter' });
    const viewed = await t.app.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.targetPartyId, person.partyId),
          eq(auditEvents.action, 'webshop.referrals_viewed_by_staff'),
        ),
      );
    expect(viewed).toHaveLength(1);
    expect((await t.app.inject({ method: 'GET', url, headers: bearer(person.token) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });

  it('puts the reward in both people’s exports, and shows a deleted friend as a deleted person', async () => {
    const person = await r.inviter();
    const friend = await r.friendOf(person.code);
    await r.settle(await r.paidAtProvider(friend));
    const exportOf = async (user: TestUser) =>
      (
        await t.app.inject({ method: 'GET', url: '/api/identities/me/export', headers: bearer(user.token) })
      ).json();
    const mine = await exportOf(person);
    expect(mine.profile.referral_code).toBe(person.code);
    expect(mine.referrals.invited).toEqual([
      expect.objectContaining({
        role: 'invited_person',
        status: 'bought',
        reward: 'granted',
        order_id: null,
      }),
    ]);
    expect(JSON.stringify(mine.referrals)).not.toContain(friend.partyId);
    const theirs = await exportOf(friend);
    expect(theirs.referrals.invited_by).toMatchObject({ role: 'inviter', reward: 'granted' });
    expect(JSON.stringify(theirs.referrals)).not.toContain(person.partyId);

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/identities/${friend.partyId}/`,
      headers: bearer(friend.token),
      payload: {
        confirm_data_copy: true,
        confirm_legal_retention: true,
        confirm_insurance_consequences: true,
        confirm_permanent: true,
        password: TEST_PASSWORD,
      },
    });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    const after = await r.overview(person.token);
    expect(after.referred).toEqual([
      expect.objectContaining({ first_name: null, deleted: true, status: 'bought' }),
    ]);
    expect(after.credits_earned).toBe(1);
  });
});
