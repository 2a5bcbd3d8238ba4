import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/backoffice.ts';
import { registerBike, signUpOwner, storeBikeFile } from '../../test/bike-api-helpers.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { bearer, latestMail, mailsTo, type TestUser } from '../../test/identity-helpers.ts';
import { appliedPolicy, createInsurer, issuesOf, type TestInsurer } from '../../test/insurance-helpers.ts';
import { signUpStaff } from '../../test/organisation-helpers.ts';
import { switchInto } from '../../test/role-fixtures.ts';

/*
 * Issue 16 §3 through HTTP: an insurer asks a holder for a lock test, the holder answers from the
 * lock certificate, the insurer decides — tried as the holder, another person, the staff of the
 * policy's insurer and of another insurer, our staff (also switched into the holder) and a visitor.
 */

let t: TestApp;
let staffAdmin: TestUser;
let insurerA: TestInsurer;
let insurerB: TestInsurer;
let holder: TestUser;
let other: TestUser;
let policyId: string;
let bikeId: string;
const FRAME_NUMBER = 'WBK 2847 3J';

beforeAll(async () => {
  t = await createTestApp();
  staffAdmin = await signUpStaff(t.app, 'admin');
  insurerA = await createInsurer(t.app, staffAdmin.token);
  insurerB = await createInsurer(t.app, staffAdmin.token);
  holder = await signUpOwner(t.app, 3);
  other = await signUpOwner(t.app, 3);
  bikeId = (await registerBike(t.app, holder.token, { frame_number: FRAME_NUMBER })).bike_id;
  policyId = (
    await appliedPolicy(t.app, holder.token, {
      insurer_party_id: insurerA.partyId,
      coverage: 'bike_theft',
      number_of_bikes: 1,
      bike_ids: [bikeId],
    })
  ).id;
}, 120_000);

afterAll(async () => {
  await t?.close();
});

function call(method: 'GET' | 'POST' | 'PUT', url: string, token: string | null, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });
}

const ANSWER = {
  approval: 'varefakta',
  certificate_number: 'VK 1234',
  lock_name: 'ABUS Bordo 6500',
  key_number: 'K-88213',
  certificate_frame_number: 'wbk-28473j',
  dealer_stamp: true,
};

async function requested(): Promise<string> {
  const response = await call('POST', `/api/insurance/${insurerA.partyId}/lock-tests`, insurerA.staff.token, {
    email: holder.email.toUpperCase(),
    policy_id: policyId,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string }>().id;
}

describe('a lock test round trip', () => {
  let lockTestId: string;

  it('the insurer asks the holder by address and policy; the holder is mailed a link to answer', async () => {
    lockTestId = await requested();
    const mail = await latestMail(t.app.db, holder.email, 'lock_test_requested');
    expect(mail.text).toContain(`/insurance/${insurerA.partyId}/lock-test-portal/${lockTestId}`);
    expect(mail.subject).toMatch(/^Test Forsikring .* asks you to show your bike lock$|beder dig vise/);
    expect(mail.text).not.toMatch(/[{}]/);
    const [audit] = await t.app.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'insurance.lock_test_requested'));
    expect(audit).toMatchObject({ actorPartyId: insurerA.staff.partyId, targetPartyId: holder.partyId });
  });

  it('refuses a second request while one waits', async () => {
    const again = await call('POST', `/api/insurance/${insurerA.partyId}/lock-tests`, insurerA.staff.token, {
      email: holder.email,
      policy_id: policyId,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'lock_test_open' });
  });

  it('shows the holder the request without the address asked, and the bikes to choose from', async () => {
    const response = await call('GET', `/api/insurance/lock-tests/${lockTestId}`, holder.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'requested',
      requested_email: null,
      expected_approval: 'varefakta',
      answer: null,
      bikes: [{ bike_id: bikeId, frame_number: FRAME_NUMBER }],
      policy: { id: policyId },
    });
    const list = await call('GET', `/api/insurance/${insurerA.partyId}/lock-tests`, holder.token);
    expect(list.json()).toMatchObject({ total: 1, page: 1, page_size: 25 });
    expect(list.json().items.map((item: { id: string }) => item.id)).toEqual([lockTestId]);
  });

  it('refuses an answer naming a bike off the policy or an approval the insurer does not accept', async () => {
    const otherBike = (await registerBike(t.app, other.token)).bike_id;
    const response = await call('PUT', `/api/insurance/lock-tests/${lockTestId}/answer`, holder.token, {
      ...ANSWER,
      approval: 'fg',
      bike_id: otherBike,
    });
    expect(response.statusCode).toBe(422);
    expect(issuesOf(response)).toEqual([
      ['body.bike_id', 'bike_not_on_policy'],
      ['body.approval', 'lock_approval_not_accepted'],
    ]);
    const empty = await call('PUT', `/api/insurance/lock-tests/${lockTestId}/answer`, holder.token, {
      ...ANSWER,
      bike_id: bikeId,
      key_number: '  ',
    });
    expect(issuesOf(empty)).toEqual([['body.key_number', 'required']]);
    const unchanged = await call('GET', `/api/insurance/lock-tests/${lockTestId}`, holder.token);
    expect(unchanged.json()).toMatchObject({ status: 'requested', answer: null });
  });

  it('takes pictures only of the answered bike', async () => {
    const otherBike = (await registerBike(t.app, other.token)).bike_id;
    const foreign = await storeBikeFile(t.app, {
      bikeId: otherBike,
      ownerPartyId: other.partyId,
      kind: 'lock_proof',
    });
    const document = await storeBikeFile(t.app, {
      bikeId,
      ownerPartyId: holder.partyId,
      kind: 'receipt',
      fileClass: 'document',
    });
    const response = await call('PUT', `/api/insurance/lock-tests/${lockTestId}/answer`, holder.token, {
      ...ANSWER,
      bike_id: bikeId,
      picture_file_ids: [foreign.id, document.id],
    });
    expect(response.statusCode).toBe(422);
    expect(issuesOf(response)).toEqual([
      ['body.picture_file_ids.0', 'lock_test_picture_not_of_bike'],
      ['body.picture_file_ids.1', 'lock_test_picture_not_of_bike'],
    ]);
  });

  it('takes the holder’s answer and compares the certificate’s frame number with the bike’s', async () => {
    const response = await call('PUT', `/api/insurance/lock-tests/${lockTestId}/answer`, holder.token, {
      ...ANSWER,
      bike_id: bikeId,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'answered',
      answer: {
        certificate_number: 'VK 1234',
        frame_number_matches: true,
        dealer_stamp: true,
        bike_id: bikeId,
      },
    });
    const corrected = await call('PUT', `/api/insurance/lock-tests/${lockTestId}/answer`, holder.token, {
      ...ANSWER,
      bike_id: bikeId,
      certificate_frame_number: 'WBK 2847 4J',
    });
    expect(corrected.json().answer.frame_number_matches).toBe(false);
  });

  it('lets only the insurer decide; a rejection needs a reason and mails the holder', async () => {
    for (const token of [holder.token, other.token, insurerB.staff.token, staffAdmin.token]) {
      const denied = await call('POST', `/api/insurance/lock-tests/${lockTestId}/decision`, token, {
        decision: 'approved',
      });
      expect(denied.statusCode).toBe(404);
    }
    const noReason = await call(
      'POST',
      `/api/insurance/lock-tests/${lockTestId}/decision`,
      insurerA.staff.token,
      {
        decision: 'rejected',
      },
    );
    expect(issuesOf(noReason)).toEqual([['body.reason', 'required']]);
    const rejected = await call(
      'POST',
      `/api/insurance/lock-tests/${lockTestId}/decision`,
      insurerA.staff.token,
      {
        decision: 'rejected',
        reason: 'The frame number on the certificate is not the bike’s.',
      },
    );
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toMatchObject({
      status: 'rejected',
      decision_reason: 'The frame number on the certificate is not the bike’s.',
      requested_email: holder.email.toLowerCase(),
    });
    const mail = await latestMail(t.app.db, holder.email, 'lock_test_rejected');
    expect(mail.text).toContain('The frame number on the certificate is not the bike’s.');
    const [audit] = await t.app.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'insurance.lock_test_decided')));
    expect(audit?.details).toMatchObject({ before: { status: 'answered' }, after: { status: 'rejected' } });
  });

  it('keeps a decided lock test as it is: no new answer, no second decision', async () => {
    const answer = await call('PUT', `/api/insurance/lock-tests/${lockTestId}/answer`, holder.token, {
      ...ANSWER,
      bike_id: bikeId,
    });
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toMatchObject({ code: 'lock_test_not_answerable' });
    const decision = await call(
      'POST',
      `/api/insurance/lock-tests/${lockTestId}/decision`,
      insurerA.staff.token,
      {
        decision: 'approved',
      },
    );
    expect(decision.json()).toMatchObject({ code: 'lock_test_not_decidable' });
  });

  it('lets the insurer ask again once decided, and approve; the holder is mailed', async () => {
    const second = await requested();
    await call('PUT', `/api/insurance/lock-tests/${second}/answer`, holder.token, {
      ...ANSWER,
      bike_id: bikeId,
    });
    const approved = await call(
      'POST',
      `/api/insurance/lock-tests/${second}/decision`,
      insurerA.staff.token,
      {
        decision: 'approved',
      },
    );
    expect(approved.json()).toMatchObject({ status: 'approved', decision_reason: null });
    expect(await mailsTo(t.app.db, holder.email, 'lock_test_approved')).toHaveLength(1);
    const list = await call(
      'GET',
      `/api/insurance/${insurerA.partyId}/lock-tests?status=approved`,
      insurerA.staff.token,
    );
    expect(list.json().items.map((item: { id: string }) => item.id)).toEqual([second]);
  });

  it('pages the insurer’s list newest first, with the total', async () => {
    const url = `/api/insurance/${insurerA.partyId}/lock-tests`;
    const all = (await call('GET', url, insurerA.staff.token)).json() as {
      items: Array<{ id: string }>;
      total: number;
    };
    expect(all.total).toBeGreaterThanOrEqual(2);
    expect(all.items).toHaveLength(all.total);
    const pages = [];
    for (let page = 1; page <= all.total; page++) {
      const response = await call('GET', `${url}?page=${page}&page_size=1`, insurerA.staff.token);
      expect(response.json()).toMatchObject({ total: all.total, page, page_size: 1 });
      pages.push(...(response.json() as { items: Array<{ id: string }> }).items.map((item) => item.id));
    }
    expect(pages).toEqual(all.items.map((item) => item.id));
    const past = await call('GET', `${url}?page=${all.total + 1}&page_size=1`, insurerA.staff.token);
    expect(past.json()).toMatchObject({ items: [], total: all.total });
    // The holder's own list pages too.
    const holders = await call('GET', `${url}?page=2&page_size=1`, holder.token);
    expect(holders.json()).toMatchObject({ page: 2, page_size: 1 });
    for (const query of ['page_size=101', 'page=0', 'page=x', 'size=3']) {
      expect((await call('GET', `${url}?${query}`, insurerA.staff.token)).statusCode, query).toBe(422);
    }
  });
});

describe('who may see and ask', () => {
  it('hides a lock test from another person, another insurer and a visitor; our staff see it, audited', async () => {
    const [latest] = (
      (await call('GET', `/api/insurance/${insurerA.partyId}/lock-tests`, insurerA.staff.token)).json() as {
        items: Array<{ id: string }>;
      }
    ).items;
    const url = `/api/insurance/lock-tests/${latest!.id}`;
    expect((await call('GET', url, other.token)).statusCode).toBe(404);
    expect((await call('GET', url, insurerB.staff.token)).statusCode).toBe(404);
    expect((await call('GET', url, null)).statusCode).toBe(401);
    expect((await call('GET', url, staffAdmin.token)).statusCode).toBe(200);
    const audits = await t.app.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'insurance.lock_test_viewed_by_staff'));
    expect(audits).toHaveLength(1);
    expect((await call('GET', `/api/insurance/lock-tests/not-a-uuid`, holder.token)).statusCode).toBe(404);
  });

  it('lists another insurer’s lock tests to nobody but its staff and ours', async () => {
    const asB = await call('GET', `/api/insurance/${insurerA.partyId}/lock-tests`, insurerB.staff.token);
    expect(asB.json()).toEqual({ items: [], total: 0, page: 1, page_size: 25 });
    const asOther = await call('GET', `/api/insurance/${insurerA.partyId}/lock-tests`, other.token);
    expect(asOther.json()).toEqual({ items: [], total: 0, page: 1, page_size: 25 });
  });

  it('refuses requests from anyone but the insurer’s staff, and for policies or addresses that do not fit', async () => {
    const body = { email: holder.email, policy_id: policyId };
    for (const token of [holder.token, other.token, insurerB.staff.token, staffAdmin.token]) {
      const response = await call('POST', `/api/insurance/${insurerA.partyId}/lock-tests`, token, body);
      expect(response.statusCode).toBe(404);
    }
    // Another insurer cannot ask about A's policy through its own address either.
    const viaB = await call(
      'POST',
      `/api/insurance/${insurerB.partyId}/lock-tests`,
      insurerB.staff.token,
      body,
    );
    expect(issuesOf(viaB)).toEqual([['body.policy_id', 'lock_test_policy_unknown']]);
    const wrongAddress = await call(
      'POST',
      `/api/insurance/${insurerA.partyId}/lock-tests`,
      insurerA.staff.token,
      {
        email: other.email,
        policy_id: policyId,
      },
    );
    expect(issuesOf(wrongAddress)).toEqual([['body.email', 'lock_test_holder_mismatch']]);
    const badEmail = await call(
      'POST',
      `/api/insurance/${insurerA.partyId}/lock-tests`,
      insurerA.staff.token,
      {
        email: 'nope',
        policy_id: policyId,
      },
    );
    expect(badEmail.statusCode).toBe(422);
    expect((await call('POST', `/api/insurance/${insurerA.partyId}/lock-tests`, null, body)).statusCode).toBe(
      401,
    );
  });

  it('does not let staff switched into the holder answer for them', async () => {
    const id = await requested();
    const switched = await switchInto(t.app, staffAdmin.token, holder.partyId);
    const response = await call('PUT', `/api/insurance/lock-tests/${id}/answer`, switched, {
      ...ANSWER,
      bike_id: bikeId,
    });
    expect([403, 404]).toContain(response.statusCode);
  });
});
