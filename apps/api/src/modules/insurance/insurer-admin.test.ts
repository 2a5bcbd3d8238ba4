import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/backoffice.ts';
import { bikes } from '../../db/schema/bikes.ts';
import { identities } from '../../db/schema/identity.ts';
import {
  insurancePayouts,
  insurancePolicyDecisions,
  insurancePreRegistrations,
} from '../../db/schema/insurance.ts';
import { auditEventsAbout } from '../../test/audit-helpers.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import {
  bearer,
  codeFromMail,
  latestMail,
  mailsTo,
  signUpUser,
  type TestUser,
  uniqueEmail,
} from '../../test/identity-helpers.ts';
import { appliedPolicy, createInsurer, issuesOf, type TestInsurer } from '../../test/insurance-helpers.ts';
import { signUpStaff, signUpVerifiedUser } from '../../test/organisation-helpers.ts';
import { ownerWithBike, pdfText, reportStolen } from '../../test/theft-report-fixtures.ts';
import { forgetInsuranceOf } from './insurance.facade.ts';

/*
 * Issue 16 §4 through HTTP: the insurer's admin, its reports and payouts, tried as the staff of the
 * policy's insurer and of another insurer, the holder, another person, our backoffice staff and a
 * visitor. Everyone but the insurer's own staff (and, for reading, our staff) gets 404.
 */

let t: TestApp;
let support: TestUser;
let insurerA: TestInsurer;
let insurerB: TestInsurer;
let holder: TestUser;
let holderBike: string;
let other: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  const staffAdmin = await signUpStaff(t.app, 'admin');
  support = await signUpStaff(t.app, 'support');
  insurerA = await createInsurer(t.app, staffAdmin.token);
  insurerB = await createInsurer(t.app, staffAdmin.token);
  const made = await ownerWithBike(t.app, { language: 'en' });
  holder = made.owner;
  holderBike = made.bikeId;
  await t.app.db
    .update(identities)
    .set({ firstName: 'Hanne', lastName: 'Holder', streetAddress: 'Holdervej 1' })
    .where(eq(identities.partyId, holder.partyId));
  other = await signUpUser(t.app);
}, 180_000);

afterAll(async () => {
  await t?.close();
});

function call(method: 'GET' | 'POST', url: string, token: string | null, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });
}

const auditOf = (action: string, targetPartyId: string) => auditEventsAbout(t.app.db, action, targetPartyId);

const admin = (insurer: TestInsurer | string) =>
  `/api/insurance/${typeof insurer === 'string' ? insurer : insurer.partyId}/admin`;

async function application(person: TestUser, insurer: TestInsurer, bikeIds: string[] = []) {
  return appliedPolicy(t.app, person.token, {
    insurer_party_id: insurer.partyId,
    coverage: 'bike_theft',
    number_of_bikes: Math.max(1, bikeIds.length),
    bike_ids: bikeIds,
  });
}

describe('the insurer’s list of its policies', () => {
  let policyId: string;
  beforeAll(async () => {
    policyId = (await application(holder, insurerA, [holderBike])).id;
    await application(other, insurerB);
  });

  it('shows the insurer’s staff its own policies with their holders, and nobody else’s', async () => {
    const response = await call('GET', `${admin(insurerA)}/policies`, insurerA.staff.token);
    expect(response.statusCode).toBe(200);
    const page = response.json<{
      items: Array<{ id: string; holder: { name: string; email: string } }>;
      total: number;
    }>();
    expect(page.items.map((item) => item.id)).toEqual([policyId]);
    expect(page.total).toBe(1);
    expect(page.items[0]?.holder).toEqual({ name: 'Hanne Holder', email: holder.email });
    expect(JSON.stringify(page)).not.toContain('Holdervej');
  });

  it('filters by status and searches by name, e-mail and policy number, paged', async () => {
    const get = (query: string) =>
      call('GET', `${admin(insurerA)}/policies?${query}`, insurerA.staff.token).then((response) =>
        response.json<{ items: Array<{ id: string }>; total: number }>(),
      );
    expect((await get('status=application')).total).toBe(1);
    expect((await get('status=active')).total).toBe(0);
    expect((await get('q=hanne')).total).toBe(1);
    expect((await get(`q=${encodeURIComponent(holder.email.toUpperCase())}`)).total).toBe(1);
    expect((await get('q=nobody-like-this')).total).toBe(0);
    expect((await get('q=%25')).total).toBe(0);
    const second = await get('page=2&page_size=1');
    expect(second).toMatchObject({ items: [], total: 1 });
  });

  it('lets our staff read; 404 for the other insurer, the holder and another person; 401 for a visitor', async () => {
    expect((await call('GET', `${admin(insurerA)}/policies`, support.token)).statusCode).toBe(200);
    const [read] = await t.app.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, 'insurance.policy_viewed_by_staff'),
          eq(auditEvents.actorPartyId, support.partyId),
        ),
      );
    expect(read?.details).toMatchObject({ insurer_party_id: insurerA.partyId });
    expect((await call('GET', `${admin(insurerA)}/policies`, insurerB.staff.token)).statusCode).toBe(404);
    expect((await call('GET', `${admin(insurerA)}/policies`, holder.token)).statusCode).toBe(404);
    expect((await call('GET', `${admin(insurerA)}/policies`, other.token)).statusCode).toBe(404);
    expect((await call('GET', `${admin(insurerA)}/policies`, null)).statusCode).toBe(401);
    expect((await call('GET', `${admin(holder.partyId)}/policies`, holder.token)).statusCode).toBe(404);
    expect((await call('GET', `${admin('not-a-uuid')}/policies`, support.token)).statusCode).toBe(404);
  });
});

describe('deciding on policies', () => {
  it('accepts an application with a number unique per insurer, audits it and mails the holder', async () => {
    const policy = await application(holder, insurerA);
    const url = `${admin(insurerA)}/policies/${policy.id}/accept`;
    for (const token of [insurerB.staff.token, support.token, holder.token, other.token]) {
      expect((await call('POST', url, token, { insurer_policy_number: 'X-1' })).statusCode).toBe(404);
    }
    expect((await call('POST', url, null, { insurer_policy_number: 'X-1' })).statusCode).toBe(401);
    const invalid = await call('POST', url, insurerA.staff.token, { insurer_policy_number: '  ' });
    expect(invalid.statusCode).toBe(422);
    expect(issuesOf(invalid)).toEqual([['body.insurer_policy_number', 'required']]);

    const accepted = await call('POST', url, insurerA.staff.token, { insurer_policy_number: 'A-1001' });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ status: 'active', insurer_policy_number: 'A-1001' });
    expect(accepted.json<{ activated_at: string | null }>().activated_at).not.toBeNull();
    const [audit] = await auditOf('insurance.policy_accepted', holder.partyId);
    expect(audit?.actorPartyId).toBe(insurerA.staff.partyId);
    expect(audit?.details).toMatchObject({
      policy_id: policy.id,
      before: { status: 'application', insurer_policy_number: null },
      after: { status: 'active', insurer_policy_number: 'A-1001' },
    });
    const mail = await latestMail(t.app.db, holder.email, 'insurance_policy_accepted');
    expect(mail.text).toContain('A-1001');
    // The policy number is searched by any part, in any case.
    const found = await call('GET', `${admin(insurerA)}/policies?q=a-10`, insurerA.staff.token);
    expect(found.json<{ items: Array<{ id: string }> }>().items.map((item) => item.id)).toEqual([policy.id]);

    expect(
      (await call('POST', url, insurerA.staff.token, { insurer_policy_number: 'A-1002' })).json(),
    ).toMatchObject({ code: 'policy_decision_invalid' });
    const second = await application(holder, insurerA);
    const taken = await call(
      'POST',
      `${admin(insurerA)}/policies/${second.id}/accept`,
      insurerA.staff.token,
      {
        insurer_policy_number: 'A-1001',
      },
    );
    expect(taken.statusCode).toBe(422);
    expect(issuesOf(taken)).toEqual([['body.insurer_policy_number', 'insurer_policy_number_in_use']]);
    // Another insurer may use the same number for its own policy.
    const atB = await application(other, insurerB);
    const sameNumber = await call(
      'POST',
      `${admin(insurerB)}/policies/${atB.id}/accept`,
      insurerB.staff.token,
      {
        insurer_policy_number: 'A-1001',
      },
    );
    expect(sameNumber.statusCode).toBe(200);
  });

  it('rejects an application and cancels an active policy, each with the reason mailed', async () => {
    const rejected = await application(holder, insurerA);
    const noReason = await call(
      'POST',
      `${admin(insurerA)}/policies/${rejected.id}/reject`,
      insurerA.staff.token,
      {},
    );
    expect(noReason.statusCode).toBe(422);
    const response = await call(
      'POST',
      `${admin(insurerA)}/policies/${rejected.id}/reject`,
      insurerA.staff.token,
      {
        reason: 'Bikes over 50,000 kr need a special cover.',
      },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'cancelled' });
    expect(response.json<{ ended_at: string | null }>().ended_at).not.toBeNull();
    expect((await latestMail(t.app.db, holder.email, 'insurance_policy_rejected')).text).toContain(
      'Bikes over 50,000 kr need a special cover.',
    );
    const [rejectAudit] = await auditOf('insurance.policy_rejected', holder.partyId);
    expect(rejectAudit?.details).toMatchObject({
      before: { status: 'application' },
      after: { status: 'cancelled' },
    });

    const cancelApplication = await call(
      'POST',
      `${admin(insurerA)}/policies/${rejected.id}/cancel`,
      insurerA.staff.token,
      {
        reason: 'x',
      },
    );
    expect(cancelApplication.json()).toMatchObject({ code: 'policy_decision_invalid' });

    const active = await application(holder, insurerA);
    await call('POST', `${admin(insurerA)}/policies/${active.id}/accept`, insurerA.staff.token, {
      insurer_policy_number: 'A-2001',
    });
    expect(
      (
        await call('POST', `${admin(insurerA)}/policies/${active.id}/cancel`, insurerB.staff.token, {
          reason: 'x',
        })
      ).statusCode,
    ).toBe(404);
    const cancelled = await call(
      'POST',
      `${admin(insurerA)}/policies/${active.id}/cancel`,
      insurerA.staff.token,
      {
        reason: 'Premium not paid.',
      },
    );
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', insurer_policy_number: 'A-2001' });
    expect((await latestMail(t.app.db, holder.email, 'insurance_policy_cancelled')).text).toContain(
      'Premium not paid.',
    );
    expect(await auditOf('insurance.policy_cancelled', holder.partyId)).toHaveLength(1);
  });

  it('answers 404 for a policy of another insurer, even to its own staff under the wrong insurer', async () => {
    const atB = await application(other, insurerB);
    const response = await call(
      'POST',
      `${admin(insurerA)}/policies/${atB.id}/accept`,
      insurerA.staff.token,
      {
        insurer_policy_number: 'A-9',
      },
    );
    expect(response.statusCode).toBe(404);
  });
});

describe('one insured bike as the insurer sees it', () => {
  let policyId: string;
  beforeAll(async () => {
    const made = await ownerWithBike(t.app);
    const policy = await application(made.owner, insurerA, [made.bikeId]);
    policyId = `${policy.id}/bikes/${made.bikeId}`;
  });

  it('shows the register’s facts of the bike and the holder’s name, nothing more of the owner', async () => {
    const response = await call('GET', `${admin(insurerA)}/policies/${policyId}`, insurerA.staff.token);
    expect(response.statusCode).toBe(200);
    const body = response.json<Record<string, unknown> & { bike: Record<string, unknown> }>();
    expect(body.bike).toMatchObject({
      brand: 'Kildemoes',
      model: 'Logic',
      status: 'registered',
      owner_verified: false,
    });
    expect(body.bike.plate_id).toEqual(expect.any(String));
    expect(body).toMatchObject({
      policy_status: 'application',
      verification_status: 'needs_uploads',
      theft_report: null,
    });
    expect(JSON.stringify(body)).not.toMatch(/@/);
    const [audit] = await t.app.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'insurance.insured_bike_viewed'))
      .orderBy(desc(auditEvents.createdAt));
    expect(audit?.actorPartyId).toBe(insurerA.staff.partyId);
  });

  it('lets our staff read it; 404 for another insurer, other people, another bike', async () => {
    expect((await call('GET', `${admin(insurerA)}/policies/${policyId}`, support.token)).statusCode).toBe(
      200,
    );
    expect(
      (await call('GET', `${admin(insurerA)}/policies/${policyId}`, insurerB.staff.token)).statusCode,
    ).toBe(404);
    expect(
      (await call('GET', `${admin(insurerB)}/policies/${policyId}`, insurerB.staff.token)).statusCode,
    ).toBe(404);
    expect((await call('GET', `${admin(insurerA)}/policies/${policyId}`, other.token)).statusCode).toBe(404);
    expect((await call('GET', `${admin(insurerA)}/policies/${policyId}`, null)).statusCode).toBe(401);
    const wrongBike = policyId.replace(/bikes\/.*/, `bikes/${holderBike}`);
    expect(
      (await call('GET', `${admin(insurerA)}/policies/${wrongBike}`, insurerA.staff.token)).statusCode,
    ).toBe(404);
  });
});

describe('the CSV upload of existing contents customers', () => {
  const url = () => `${admin(insurerA)}/pre-registrations`;

  it('stores every row of a good file (semicolons, quotes, any column order)', async () => {
    const csv = [
      'holder_name;insurer_policy_id;holder_email',
      '"Berg; Anna";IND-1;Anna.Berg@example.dk',
      'Bo Nielsen;IND-2;bo@example.dk',
      '',
    ].join('\r\n');
    const response = await call('POST', url(), insurerA.staff.token, { csv });
    expect(response.json()).toEqual({ stored: 2 });
    const rows = await t.app.db
      .select()
      .from(insurancePreRegistrations)
      .where(eq(insurancePreRegistrations.insurerPartyId, insurerA.partyId));
    expect(rows.map((row) => [row.insurerPolicyId, row.holderEmail, row.holderName]).sort()).toEqual([
      ['IND-1', 'anna.berg@example.dk', 'Berg; Anna'],
      ['IND-2', 'bo@example.dk', 'Bo Nielsen'],
    ]);
    const [audit] = await auditOf('insurance.pre_registrations_uploaded', insurerA.partyId);
    expect(audit?.details).toMatchObject({
      rows: 2,
      before: { stored: 0, linked: 0 },
      after: { stored: 2, linked: 0 },
    });
  });

  it('reports every bad row by line number and stores nothing', async () => {
    const csv = [
      'insurer_policy_id,holder_email,holder_name',
      'IND-10,ok@example.dk,Ok',
      ',missing-id@example.dk,No id',
      'IND-11,not-an-address,Bad',
      'IND-10,dup@example.dk,Duplicate',
    ].join('\n');
    const response = await call('POST', url(), insurerA.staff.token, { csv });
    expect(response.statusCode).toBe(422);
    expect(issuesOf(response)).toEqual([
      ['body.csv.3.insurer_policy_id', 'required'],
      ['body.csv.4.holder_email', 'invalid_email'],
      ['body.csv.5.insurer_policy_id', 'duplicate_value'],
    ]);
    const stored = await t.app.db
      .select()
      .from(insurancePreRegistrations)
      .where(eq(insurancePreRegistrations.insurerPolicyId, 'IND-10'));
    expect(stored).toEqual([]);
    const header = await call('POST', url(), insurerA.staff.token, { csv: 'policy,email\nA,b@example.dk' });
    expect(issuesOf(header)).toEqual([['body.csv.1', 'csv_header_invalid']]);
  });

  it('is the insurer’s own act: 404 for our staff, another insurer and persons', async () => {
    const csv = 'insurer_policy_id,holder_email\nIND-20,x@example.dk';
    for (const token of [support.token, insurerB.staff.token, holder.token]) {
      expect((await call('POST', url(), token, { csv })).statusCode).toBe(404);
    }
    expect((await call('POST', url(), null, { csv })).statusCode).toBe(401);
  });
});

describe('theft reports shared with the insurer, payouts and reports', () => {
  type InsuredStolen = {
    owner: TestUser;
    bikeId: string;
    frameNumber: string;
    policyId: string;
    reportId: string;
  };
  let stolen: InsuredStolen;
  let withdrawn: InsuredStolen;
  const today = new Date().toISOString().slice(0, 10);
  const yearAgo = new Date(Date.now() - 300 * 86_400_000).toISOString().slice(0, 10);

  async function insuredAndStolen(place: string) {
    const made = await ownerWithBike(t.app);
    const policy = await application(made.owner, insurerA, [made.bikeId]);
    await call('POST', `${admin(insurerA)}/policies/${policy.id}/accept`, insurerA.staff.token, {
      insurer_policy_number: `P-${made.bikeId.slice(-8)}`,
    });
    // The holder chose Danish: the mail of the decision is Danish.
    expect((await latestMail(t.app.db, made.owner.email, 'insurance_policy_accepted')).subject).toMatch(
      /cykelforsikring .* er aktiv/,
    );
    const report = await reportStolen(t.app, made.owner.token, made.bikeId, { place });
    return {
      owner: made.owner,
      bikeId: made.bikeId,
      frameNumber: made.frameNumber,
      policyId: policy.id,
      reportId: report.report_id,
    };
  }

  beforeAll(async () => {
    stolen = await insuredAndStolen('Vesterbrogade 1, 1620 København V');
    withdrawn = await insuredAndStolen('Strøget 3, 8000 Aarhus C');
  }, 120_000);

  it('shows the insurer the reports its holders shared, until the owner withdraws', async () => {
    const list = async (token: string) => call('GET', `${admin(insurerA)}/theft-reports`, token);
    const before = (await list(insurerA.staff.token)).json<Array<{ id: string; place: string }>>();
    expect(before.map((report) => report.id).sort()).toEqual([stolen.reportId, withdrawn.reportId].sort());
    expect(JSON.stringify(before)).not.toContain('freja.holm@example.dk');
    expect(JSON.stringify(before)).not.toContain('+4520123456');
    expect((await list(insurerB.staff.token)).statusCode).toBe(404);
    expect((await list(stolen.owner.token)).statusCode).toBe(404);
    expect((await call('GET', `${admin(insurerB)}/theft-reports`, insurerB.staff.token)).json()).toEqual([]);

    const withdrawUrl = `/api/bikes/${withdrawn.bikeId}/theft-report/withdraw-data-share`;
    expect((await call('POST', withdrawUrl, other.token)).statusCode).toBe(404);
    expect((await call('POST', withdrawUrl, insurerA.staff.token)).statusCode).toBe(404);
    const response = await call('POST', withdrawUrl, withdrawn.owner.token);
    expect(response.statusCode).toBe(200);
    expect(
      response.json<{ data_share_withdrawn_at: string | null }>().data_share_withdrawn_at,
    ).not.toBeNull();
    expect((await auditOf('theft.data_share_withdrawn', withdrawn.owner.partyId)).length).toBe(1);
    const after = (await list(insurerA.staff.token)).json<Array<{ id: string }>>();
    expect(after.map((report) => report.id)).toEqual([stolen.reportId]);
    // Withdrawn: not even the bike page shows the report any more.
    const bike = await call(
      'GET',
      `${admin(insurerA)}/policies/${withdrawn.policyId}/bikes/${withdrawn.bikeId}`,
      insurerA.staff.token,
    );
    expect(bike.json()).toMatchObject({ theft_report: null });
  });

  it('pays a claim: the registration moves to the insurer, the bike stays stolen, once only', async () => {
    const url = `${admin(insurerA)}/policies/${stolen.policyId}/bikes/${stolen.bikeId}/payout`;
    for (const token of [insurerB.staff.token, support.token, stolen.owner.token, other.token]) {
      expect((await call('POST', url, token, { amount_minor: 500_000 })).statusCode).toBe(404);
    }
    const withdrawnUrl = `${admin(insurerA)}/policies/${withdrawn.policyId}/bikes/${withdrawn.bikeId}/payout`;
    expect(
      (await call('POST', withdrawnUrl, insurerA.staff.token, { amount_minor: 1 })).json(),
    ).toMatchObject({
      code: 'claim_not_payable',
    });
    const paid = await call('POST', url, insurerA.staff.token, { amount_minor: 500_000 });
    expect(paid.statusCode).toBe(201);
    expect(paid.json()).toMatchObject({
      theft_report_id: stolen.reportId,
      amount: { amount_minor: 500_000, currency: 'DKK' },
      registration_transferred: true,
    });
    const [bike] = await t.app.db.select().from(bikes).where(eq(bikes.id, stolen.bikeId));
    expect(bike).toMatchObject({ ownerPartyId: insurerA.partyId, status: 'stolen' });
    const [audit] = await auditOf('insurance.claim_paid', stolen.owner.partyId);
    expect(audit?.details).toMatchObject({
      amount_minor: 500_000,
      before: { paid: false, registered_to: stolen.owner.partyId },
      after: { paid: true, registered_to: insurerA.partyId },
    });
    expect((await call('POST', url, insurerA.staff.token, { amount_minor: 500_000 })).json()).toMatchObject({
      code: 'claim_already_paid',
    });
    // The former owner no longer manages the bike; the insurer still sees it with its claim.
    const view = await call(
      'GET',
      `${admin(insurerA)}/policies/${stolen.policyId}/bikes/${stolen.bikeId}`,
      insurerA.staff.token,
    );
    expect(view.json()).toMatchObject({
      theft_report: { id: stolen.reportId, payout: { registration_transferred: true } },
    });
  });

  it('sends a finder of the paid bike to the insurer, not to the former owner', async () => {
    const finder = await signUpUser(t.app);
    const contacted = await call('POST', `/api/bikes/${stolen.bikeId}/contact-owner`, finder.token, {
      message: 'I think I saw your bike at the station.',
    });
    expect(contacted.statusCode).toBe(201);
    const chatId = contacted.json<{ chat_id: string }>().chat_id;
    const chatIds = async (token: string) =>
      (await call('GET', '/api/chats', token)).json<Array<{ id: string }>>().map((chat) => chat.id);
    expect(await chatIds(insurerA.staff.token)).toContain(chatId);
    expect(await chatIds(stolen.owner.token)).not.toContain(chatId);
  });

  it('mails the insurer’s admins, in their language, when someone writes about or holds the paid bike', async () => {
    const adminEmail = insurerA.staff.email;
    const found = () =>
      mailsTo(t.app.db, adminEmail).then((mails) =>
        mails.filter((mail) => mail.template.startsWith('insurance_found_after_payout')),
      );
    const before = (await found()).length;
    expect(before).toBe(1); // the finder's message of the test above
    await t.app.db
      .update(identities)
      .set({ language: 'no' })
      .where(eq(identities.partyId, insurerA.staff.partyId));

    // A signed-in finder writes.
    const finder = await signUpUser(t.app);
    const contacted = await call('POST', `/api/bikes/${stolen.bikeId}/contact-owner`, finder.token, {
      message: 'Your bike is at Nørreport.',
    });
    expect(contacted.statusCode).toBe(201);
    const [message] = await found();
    expect(message).toMatchObject({ template: 'insurance_found_after_payout_message', language: 'no' });
    expect(message?.subject).toBe('En sykkel dere har utbetalt erstatning for, er funnet');
    expect(message?.text).toContain(`${t.config.publicUrl}/app/chats`);
    // What was written stays in the chats.
    expect(message?.text).not.toContain('Nørreport');

    // A visitor's message reaches the insurer once they confirm it.
    const guest = uniqueEmail('guest-finder');
    const sent = await call('POST', `/api/bikes/${stolen.bikeId}/contact-owner`, null, {
      message: 'Found it behind the station.',
      email: guest,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(await found()).toHaveLength(before + 1);
    const { code } = codeFromMail(
      await latestMail(t.app.db, guest, 'contact_owner_confirmation'),
      `/app/bikes/${stolen.bikeId}/contact-bike-owner/confirm`,
    );
    const confirmed = await call('POST', '/api/contact-owner/confirmations', null, { code });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await found()).toHaveLength(before + 2);

    // Someone holds the bike for the insurer to collect.
    const holderOfBike = await signUpVerifiedUser(t.app);
    const pickup = await call('POST', `/api/bikes/${stolen.bikeId}/pickups`, holderOfBike.token, {
      place: 'Nørreport station, the bike racks',
      collect_until: new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10),
    });
    expect(pickup.statusCode, pickup.body).toBe(201);
    const [held] = await found();
    expect(held).toMatchObject({ template: 'insurance_found_after_payout_pickup', language: 'no' });
    expect(held?.text).toContain(stolen.frameNumber);

    // Nobody else is mailed: not the other insurer, not the former owner; nor for a bike not paid out.
    expect(await mailsTo(t.app.db, insurerB.staff.email)).toEqual(
      expect.not.arrayContaining([
        expect.objectContaining({ template: expect.stringMatching(/found_after_payout/) }),
      ]),
    );
    expect(
      (await mailsTo(t.app.db, stolen.owner.email)).filter((mail) =>
        mail.template.includes('found_after_payout'),
      ),
    ).toEqual([]);
    expect(
      (
        await call('POST', `/api/bikes/${withdrawn.bikeId}/contact-owner`, finder.token, {
          message: 'Seen it.',
        })
      ).statusCode,
    ).toBe(201);
    expect(await found()).toHaveLength(before + 3);
  });

  it('reports thefts, payouts, recovery, places and the backlog as JSON, CSV and PDF', async () => {
    const query = `from=${yearAgo}&to=${today}`;
    const response = await call('GET', `${admin(insurerA)}/reports?${query}`, insurerA.staff.token);
    expect(response.statusCode).toBe(200);
    const report = response.json<{
      thefts: number;
      found: number;
      recovery_rate: number | null;
      payouts: number;
      payout_amount_minor: number;
      months: Array<{ month: string; thefts: number; payouts: number }>;
      municipalities: Array<{ name: string; thefts: number }>;
      verification_backlog: Array<{ status: string; count: number }>;
    }>();
    // The withdrawn report is not counted; the shared one is.
    expect(report).toMatchObject({
      thefts: 1,
      found: 0,
      recovery_rate: 0,
      payouts: 1,
      payout_amount_minor: 500_000,
    });
    expect(report.municipalities).toEqual([{ name: 'København V', thefts: 1 }]);
    expect(report.months.at(-1)).toMatchObject({ month: today.slice(0, 7), thefts: 1, payouts: 1 });
    expect(report.months).toHaveLength(11);
    expect(report.verification_backlog.map((row) => row.status)).toEqual([
      'needs_uploads',
      'pending',
      'verified',
      'rejected',
    ]);

    const csv = await call('GET', `${admin(insurerA)}/reports/csv?${query}`, insurerA.staff.token);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain(`insurance-report-${yearAgo}-${today}.csv`);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('section,key,thefts,found,payouts,payout_amount_minor_dkk,bikes,recovery_rate');
    expect(lines).toContain(`month,${today.slice(0, 7)},1,0,1,500000,,0`);
    expect(lines).toContain(`total,${yearAgo}..${today},1,0,1,500000,,0`);
    expect(lines).toContain('place,København V,1,,,,,');

    const pdf = await call('GET', `${admin(insurerA)}/reports/pdf?${query}&lang=da`, insurerA.staff.token);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Forsikringsrapport');
    expect(text).toContain('København V');
    expect(text).toContain('5.000,00');
  });

  it('gives the holder their decisions and paid claims in their export, and forgets them at deletion', async () => {
    const exported = await call('GET', '/api/identities/me/export', stolen.owner.token);
    expect(exported.statusCode).toBe(200);
    const data = exported.json<{
      insurance_policy_decisions: Array<Record<string, unknown>>;
      insurance_payouts: Array<Record<string, unknown>>;
    }>();
    expect(data.insurance_policy_decisions).toEqual([
      expect.objectContaining({ policy_id: stolen.policyId, decision: 'accepted', reason: null }),
    ]);
    expect(data.insurance_payouts).toEqual([
      expect.objectContaining({ theft_report_id: stolen.reportId, amount_minor: 500_000, currency: 'DKK' }),
    ]);
    expect(JSON.stringify(data.insurance_policy_decisions)).not.toContain(insurerA.staff.partyId);

    await forgetInsuranceOf(t.app.db, stolen.owner.partyId, [stolen.owner.email]);
    expect(
      await t.app.db
        .select()
        .from(insurancePolicyDecisions)
        .where(eq(insurancePolicyDecisions.policyId, stolen.policyId)),
    ).toEqual([]);
    const [payout] = await t.app.db
      .select()
      .from(insurancePayouts)
      .where(eq(insurancePayouts.theftReportId, stolen.reportId));
    // The insurer's figures keep the amount; nothing links it to the person any more.
    expect(payout).toMatchObject({ policyId: null, amountMinor: 500_000 });
  });

  it('refuses a bad period with 422, and others with 404', async () => {
    const backwards = await call(
      'GET',
      `${admin(insurerA)}/reports?from=${today}&to=${yearAgo}`,
      insurerA.staff.token,
    );
    expect(backwards.statusCode).toBe(422);
    expect(issuesOf(backwards)).toEqual([['query.to', 'invalid_period']]);
    const pdfBackwards = await call(
      'GET',
      `${admin(insurerA)}/reports/pdf?from=${today}&to=${yearAgo}&lang=en`,
      insurerA.staff.token,
    );
    expect(issuesOf(pdfBackwards)).toEqual([['query.to', 'invalid_period']]);
    const query = `from=${yearAgo}&to=${today}`;
    expect((await call('GET', `${admin(insurerA)}/reports?${query}`, support.token)).statusCode).toBe(200);
    for (const path of ['reports', 'reports/csv', 'reports/pdf']) {
      expect(
        (await call('GET', `${admin(insurerA)}/${path}?${query}`, insurerB.staff.token)).statusCode,
      ).toBe(404);
      expect((await call('GET', `${admin(insurerA)}/${path}?${query}`, holder.token)).statusCode).toBe(404);
      expect((await call('GET', `${admin(insurerA)}/${path}?${query}`, null)).statusCode).toBe(401);
    }
  });
});
