import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/backoffice.ts';
import { itemPickups } from '../../db/schema/theft.ts';
import { uuidv7 } from '../../platform/ids.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { injectAs, logIn, signUpUser } from '../../test/identity-helpers.ts';
import { grantStaffRole, switchInto } from '../../test/role-fixtures.ts';
import { createStaffFixtures } from '../../test/staff-fixtures.ts';
import { ownerWithBike, reportStolen } from '../../test/theft-report-fixtures.ts';

let t: TestApp;
let support: string;
let supportPartyId: string;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  const staff = await createStaffFixtures(t.app);
  admin = staff.admin.token;
  support = staff.support.token;
  const named = await call(support, 'PUT', '/api/identities/me', {
    first_name: 'Stine',
    last_name: 'Staffsen',
  });
  expect(named.statusCode).toBe(200);
  supportPartyId = staff.support.partyId;
});
afterAll(async () => {
  await t?.close();
});

const call = (token: string | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  injectAs(t.app, token, method, url, payload);

async function namedStaff(firstName: string, lastName: string) {
  const staff = await signUpUser(t.app);
  await grantStaffRole(t.app.db, staff.partyId, 'support');
  const token = await logIn(t.app, staff.email, staff.password);
  const named = await call(token, 'PUT', '/api/identities/me', {
    first_name: firstName,
    last_name: lastName,
  });
  expect(named.statusCode).toBe(200);
  return token;
}

async function stolenReport() {
  const { owner, bikeId, frameNumber } = await ownerWithBike(t.app);
  const report = await reportStolen(t.app, owner.token, bikeId);
  return { owner, bikeId, frameNumber, reportId: report.report_id };
}

async function lastAudit(action: string, reportId: string) {
  const rows = await t.app.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, action)))
    .orderBy(desc(auditEvents.createdAt));
  return rows.find((row) => (row.details as { report_id?: string }).report_id === reportId);
}

const ids = (answer: { items: Array<{ report_id: string }> }) => answer.items.map((item) => item.report_id);

describe('staff review of theft reports (/backoffice/v2/stolen-bikes)', () => {
  it('lists new reports with the bike’s public facts and no owner; reviewing moves one out of the queue', async () => {
    const { owner, reportId, frameNumber } = await stolenReport();
    const queue = await call(support, 'GET', '/api/backoffice/theft-reports');
    expect(queue.statusCode).toBe(200);
    const item = queue.json().items.find((row: { report_id: string }) => row.report_id === reportId);
    expect(item).toMatchObject({
      status: 'submitted',
      reviewed_at: null,
      suspicious_at: null,
      bike: { nickname: 'Byhesten', frame_number: frameNumber, brand: 'Kildemoes' },
    });
    expect(queue.body).not.toContain(owner.email);

    const reviewed = await call(support, 'POST', `/api/backoffice/theft-reports/${reportId}/review`);
    expect(reviewed.statusCode).toBe(200);
    expect(reviewed.json().reviewed_at).not.toBeNull();
    expect(ids((await call(support, 'GET', '/api/backoffice/theft-reports')).json())).not.toContain(reportId);
    expect(
      ids((await call(support, 'GET', '/api/backoffice/theft-reports?filter=reviewed')).json()),
    ).toContain(reportId);
    const audit = await lastAudit('theft.report_reviewed', reportId);
    expect(audit).toMatchObject({ actorPartyId: supportPartyId, targetPartyId: owner.partyId });
    expect(audit?.details).toMatchObject({ before: { reviewed_at: null } });
    // Reviewing again changes nothing and files nothing.
    await call(support, 'POST', `/api/backoffice/theft-reports/${reportId}/review`);
    const audits = await t.app.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'theft.report_reviewed'));
    expect(
      audits.filter((row) => (row.details as { report_id?: string }).report_id === reportId),
    ).toHaveLength(1);
  });

  it('opening a report’s private data asks for a reason and is audited with the owner as target', async () => {
    const { owner, reportId, bikeId } = await stolenReport();
    const url = `/api/backoffice/theft-reports/${reportId}`;
    expect((await call(support, 'GET', url)).statusCode).toBe(422);
    const opened = await call(
      admin,
      'GET',
      `${url}?reason=${encodeURIComponent('Ticket 4711: owner asked')}`,
    );
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toMatchObject({
      report_id: reportId,
      bike_id: bikeId,
      status: 'submitted',
      pickups: [],
    });
    expect(opened.json()).not.toHaveProperty('pdf_url');
    const audit = await lastAudit('theft.report_viewed_by_staff', reportId);
    expect(audit?.targetPartyId).toBe(owner.partyId);
    expect(audit?.details).toMatchObject({ bike_id: bikeId, reason: 'Ticket 4711: owner asked' });
  });

  it('marks a report suspicious with a note (and reviewed), then clears it, audited before and after', async () => {
    const { owner, reportId } = await stolenReport();
    const url = `/api/backoffice/theft-reports/${reportId}/suspicion`;
    expect((await call(support, 'PUT', url, { suspicious: true })).statusCode).toBe(422);
    const marked = await call(support, 'PUT', url, {
      suspicious: true,
      note: 'Same frame sold online yesterday',
    });
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toMatchObject({
      suspicious_at: expect.any(String),
      reviewed_at: expect.any(String),
    });
    expect(
      ids((await call(support, 'GET', '/api/backoffice/theft-reports?filter=suspicious')).json()),
    ).toContain(reportId);
    expect((await lastAudit('theft.report_suspicion_changed', reportId))?.details).toMatchObject({
      before: { suspicious: false, note: null },
      after: { suspicious: true, note: 'Same frame sold online yesterday' },
    });
    const detail = await call(support, 'GET', `/api/backoffice/theft-reports/${reportId}?reason=check`);
    expect(detail.json().suspicious_note).toBe('Same frame sold online yesterday');

    const cleared = await call(support, 'PUT', url, { suspicious: false });
    expect(cleared.json().suspicious_at).toBeNull();
    const audit = await lastAudit('theft.report_suspicion_changed', reportId);
    expect(audit?.targetPartyId).toBe(owner.partyId);
    expect(audit?.details).toMatchObject({
      before: { suspicious: true },
      after: { suspicious: false, note: null },
    });
  });

  it('links the pickup of the found bike, only one of the same bike', async () => {
    const { owner, reportId, bikeId } = await stolenReport();
    const finder = await signUpUser(t.app);
    const pickupId = uuidv7();
    await t.app.db.insert(itemPickups).values({
      id: pickupId,
      bikeId,
      ownerPartyId: owner.partyId,
      holderPartyId: finder.partyId,
      createdByPartyId: finder.partyId,
      place: 'Nørreport station',
      collectUntil: '2999-01-01',
    });
    const detail = await call(
      support,
      'GET',
      `/api/backoffice/theft-reports/${reportId}?reason=found%20bike`,
    );
    expect(detail.json().pickups).toEqual([
      expect.objectContaining({ pickup_id: pickupId, place: 'Nørreport station' }),
    ]);
    const url = `/api/backoffice/theft-reports/${reportId}/found-link`;
    const other = await stolenReport();
    expect(
      (
        await call(support, 'PUT', `/api/backoffice/theft-reports/${other.reportId}/found-link`, {
          pickup_id: pickupId,
        })
      ).statusCode,
    ).toBe(404);
    const linked = await call(support, 'PUT', url, { pickup_id: pickupId });
    expect(linked.json().found_pickup_id).toBe(pickupId);
    expect((await lastAudit('theft.report_found_linked', reportId))?.details).toMatchObject({
      before: { pickup_id: null },
      after: { pickup_id: pickupId },
    });
    expect((await call(support, 'PUT', url, { pickup_id: null })).json().found_pickup_id).toBeNull();
  });

  it('writes to the owner through the register: the owner has the message in a chat, never the address', async () => {
    const { owner, reportId } = await stolenReport();
    const sent = await call(support, 'POST', `/api/backoffice/theft-reports/${reportId}/messages`, {
      text: 'We have a question about your report.',
    });
    expect(sent.statusCode).toBe(201);
    const chatId = sent.json().chat_id;
    const messages = await call(owner.token, 'GET', `/api/chats/${chatId}/messages`);
    expect(messages.statusCode).toBe(200);
    expect(messages.body).toContain('We have a question about your report.');
    // The owner sees the register, never the staff member's name, in the message and the chat.
    expect(messages.json().messages[0].sender).toEqual({ role: 'register', is_me: false, name: null });
    const chat = await call(owner.token, 'GET', `/api/chats/${chatId}`);
    expect(chat.json().participants).toContainEqual({ role: 'register', is_me: false, name: null });
    expect(chat.body).not.toContain('Staffsen');
    expect(messages.body).not.toContain('Staffsen');
    const audit = await lastAudit('theft.owner_contacted_by_staff', reportId);
    expect(audit).toMatchObject({ actorPartyId: supportPartyId, targetPartyId: owner.partyId });
    expect(audit?.details).toMatchObject({ chat_id: chatId });
  });

  it('staff write in one register chat per owner and bike: a colleague continues it, the owner sees one conversation', async () => {
    const { owner, reportId } = await stolenReport();
    const colleague = await namedStaff('Kai', 'Kollega');
    const first = await call(support, 'POST', `/api/backoffice/theft-reports/${reportId}/messages`, {
      text: 'Where was it parked?',
    });
    expect(first.statusCode, first.body).toBe(201);
    const chatId = first.json().chat_id;
    const second = await call(colleague, 'POST', `/api/backoffice/theft-reports/${reportId}/messages`, {
      text: 'Do you still have the receipt?',
    });
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json().chat_id).toBe(chatId);

    const inbox = await call(owner.token, 'GET', '/api/chats');
    const withRegister = inbox
      .json()
      .filter((chat: { participants: Array<{ role: string }> }) =>
        chat.participants.some((participant) => participant.role === 'register'),
      );
    expect(withRegister.map((chat: { id: string }) => chat.id)).toEqual([chatId]);
    expect(withRegister[0].participants).toEqual([
      { role: 'register', is_me: false, name: null },
      expect.objectContaining({ role: 'owner', is_me: true }),
    ]);
    const seen = await call(owner.token, 'GET', `/api/chats/${chatId}/messages`);
    expect(seen.json().messages.map((message: { content: string }) => message.content)).toEqual([
      'Where was it parked?',
      'Do you still have the receipt?',
    ]);
    for (const message of seen.json().messages) {
      expect(message.sender).toEqual({ role: 'register', is_me: false, name: null });
    }
    expect(inbox.body + seen.body).not.toMatch(/Staffsen|Kollega/);

    // The owner answers; a staff member who has not written yet opens the chat and answers for the register.
    const answered = await call(owner.token, 'POST', `/api/chats/${chatId}/messages`, {
      content: 'At the station',
    });
    expect(answered.statusCode, answered.body).toBe(201);
    const third = await namedStaff('Tove', 'Tredje');
    const opened = await call(third, 'GET', `/api/chats/${chatId}`);
    expect(opened.statusCode, opened.body).toBe(200);
    // One register side, theirs now, and the owner.
    expect(opened.json().participants).toHaveLength(2);
    expect(opened.json().participants).toEqual(
      expect.arrayContaining([
        { role: 'register', is_me: true, name: 'Tove Tredje' },
        expect.objectContaining({ role: 'owner', is_me: false }),
      ]),
    );
    // Staff see which colleague wrote.
    const asStaff = await call(third, 'GET', `/api/chats/${chatId}/messages`);
    expect(asStaff.json().messages[1].sender).toEqual({
      role: 'register',
      is_me: false,
      name: 'Kai Kollega',
    });
    const continued = await call(third, 'POST', `/api/chats/${chatId}/messages`, {
      content: 'Thank you, noted.',
    });
    expect(continued.statusCode, continued.body).toBe(201);
    const after = await call(owner.token, 'GET', `/api/chats/${chatId}/messages`);
    expect(after.json().messages).toHaveLength(4);
    expect(after.body).not.toContain('Tredje');
    // The register answered the owner: nothing in the chat is unread for the staff who wrote before.
    expect((await call(support, 'GET', `/api/chats/${chatId}`)).json().unread_count).toBe(0);
  });

  it('the register’s chat with an owner opens to nobody but staff in their own session', async () => {
    const { reportId } = await stolenReport();
    const sent = await call(support, 'POST', `/api/backoffice/theft-reports/${reportId}/messages`, {
      text: 'A question from the register.',
    });
    const chatId = sent.json().chat_id;
    const stranger = await signUpUser(t.app);
    const switched = await switchInto(t.app, admin, stranger.partyId);
    // Staff switched into someone's account act as that person, who is no part of it.
    for (const token of [stranger.token, switched]) {
      expect((await call(token, 'GET', `/api/chats/${chatId}`)).statusCode).toBe(404);
      expect((await call(token, 'GET', `/api/chats/${chatId}/messages`)).statusCode).toBe(404);
    }
    expect(
      (await call(stranger.token, 'POST', `/api/chats/${chatId}/messages`, { content: 'Let me in' }))
        .statusCode,
    ).toBe(404);
    expect((await call(null, 'GET', `/api/chats/${chatId}`)).statusCode).toBe(401);
  });

  it('refuses people and visitors; unknown reports are 404', async () => {
    const { owner, reportId } = await stolenReport();
    expect((await call(owner.token, 'GET', '/api/backoffice/theft-reports')).statusCode).toBe(403);
    expect((await call(null, 'GET', '/api/backoffice/theft-reports')).statusCode).toBe(401);
    expect(
      (await call(owner.token, 'POST', `/api/backoffice/theft-reports/${reportId}/review`)).statusCode,
    ).toBe(403);
    expect((await call(support, 'POST', '/api/backoffice/theft-reports/nope/review')).statusCode).toBe(404);
    expect(
      (await call(support, 'GET', `/api/backoffice/theft-reports/${uuidv7()}?reason=looking`)).statusCode,
    ).toBe(404);
  });
});
