import type { AccessLogPage } from '@nbr/domain/access-log';
import type {
  StaffTicketList,
  StaffTicketWithMessages,
  SupportMessage,
  Ticket,
  TicketWithMessages,
} from '@nbr/domain/support';
import { SUPPORT_CONFIRMATION_TTL_HOURS } from '@nbr/domain/support';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/backoffice.ts';
import { identities } from '../../db/schema/identity.ts';
import { supportTickets } from '../../db/schema/support.ts';
import { orders } from '../../db/schema/webshop.ts';
import { uuidv7 } from '../../platform/ids.ts';
import { insertBike } from '../../test/bike-helpers.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import {
  bearer,
  latestMail,
  logIn,
  mailsTo,
  signUpUser,
  type TestUser,
  uniqueEmail,
} from '../../test/identity-helpers.ts';
import { switchInto } from '../../test/role-fixtures.ts';
import { createStaffFixtures } from '../../test/staff-fixtures.ts';

/*
 * Support tickets through HTTP: the person who asks, another person, a visitor (and their mailed
 * link), support staff and admin staff; the statuses open → waiting → closed and back; the audit
 * rows of staff's work; the answer mail for someone not connected.
 */

const HOUR_MS = 60 * 60 * 1000;

let t: TestApp;
let person: TestUser;
let other: TestUser;
let supportToken: string;
let supportPartyId: string;
let adminToken: string;
let adminPartyId: string;

async function openTicket(token: string, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/support/tickets', headers: bearer(token), payload });
}

async function newTicket(user: TestUser = person, message = 'I cannot change my address') {
  const response = await openTicket(user.token, { subject_kind: 'account', message });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<TicketWithMessages>().ticket;
}

async function answer(token: string, ticketId: string, content = 'We have looked at it') {
  return t.app.inject({
    method: 'POST',
    url: `/api/backoffice/tickets/${ticketId}/messages`,
    headers: bearer(token),
    payload: { content },
  });
}

async function staffView(token: string, ticketId: string) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/backoffice/tickets/${ticketId}`,
    headers: bearer(token),
  });
  return response;
}

async function auditOf(action: string, ticketId: string) {
  const rows = await t.app.db
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.action, action))
    .orderBy(desc(auditEvents.createdAt));
  return rows.filter((row) => (row.details as { ticket_id?: string } | null)?.ticket_id === ticketId);
}

beforeAll(async () => {
  t = await createTestApp();
  [person, other] = await Promise.all([signUpUser(t.app), signUpUser(t.app)]);
  await t.app.inject({
    method: 'PUT',
    url: '/api/identities/me',
    headers: bearer(person.token),
    payload: { first_name: 'Asta', last_name: 'Asker' },
  });
  const staff = await createStaffFixtures(t.app);
  supportToken = staff.support.token;
  supportPartyId = staff.support.partyId;
  adminToken = staff.admin.token;
  adminPartyId = staff.admin.partyId;
});

afterAll(async () => {
  await t?.close();
});

describe('a person asks', () => {
  it('opens a ticket about their account; it is open, theirs, and in the staff queue', async () => {
    const response = await openTicket(person.token, { subject_kind: 'account', message: 'Hello support' });
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json<TicketWithMessages>();
    expect(created.ticket).toMatchObject({
      subject_kind: 'account',
      status: 'open',
      bike: null,
      order: null,
    });
    expect(created.messages).toMatchObject([
      { author: 'person', content: 'Hello support', staff_name: null },
    ]);

    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/support/tickets',
      headers: bearer(person.token),
    });
    expect(mine.json<Ticket[]>().map((ticket) => ticket.id)).toContain(created.ticket.id);
    const theirs = await t.app.inject({
      method: 'GET',
      url: '/api/support/tickets',
      headers: bearer(other.token),
    });
    expect(theirs.json<Ticket[]>().map((ticket) => ticket.id)).not.toContain(created.ticket.id);

    const queue = await t.app.inject({
      method: 'GET',
      url: '/api/backoffice/tickets?status=open',
      headers: bearer(supportToken),
    });
    expect(queue.statusCode).toBe(200);
    const list = queue.json<StaffTicketList>();
    const row = list.tickets.find((ticket) => ticket.id === created.ticket.id);
    expect(row?.requester).toMatchObject({
      party_id: person.partyId,
      name: 'Asta Asker',
      email: person.email,
      is_guest: false,
    });
    expect(list.counts.open).toBeGreaterThanOrEqual(1);
  });

  it('about one of their bikes, or one of their orders; never someone else’s', async () => {
    const bike = await insertBike(t.app.db, { ownerPartyId: person.partyId, nickname: 'Blue' });
    const othersBike = await insertBike(t.app.db, { ownerPartyId: other.partyId });
    const ok = await openTicket(person.token, {
      subject_kind: 'bike',
      bike_id: bike.bikeId,
      message: 'Plate?',
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json<TicketWithMessages>().ticket.bike).toMatchObject({ id: bike.bikeId, nickname: 'Blue' });
    const refused = await openTicket(person.token, {
      subject_kind: 'bike',
      bike_id: othersBike.bikeId,
      message: 'x',
    });
    expect(refused.statusCode).toBe(422);
    const missing = await openTicket(person.token, { subject_kind: 'bike', message: 'no bike' });
    expect(missing.statusCode).toBe(422);

    const orderId = uuidv7();
    await t.app.db.insert(orders).values({
      id: orderId,
      partyId: person.partyId,
      region: 'dk',
      currency: 'DKK',
      subtotalMinor: 0,
      totalMinor: 0,
      vatMinor: 0,
      paymentMethod: 'voucher',
    });
    const aboutOrder = await openTicket(person.token, {
      subject_kind: 'order',
      order_id: orderId,
      message: 'Where?',
    });
    expect(aboutOrder.statusCode, aboutOrder.body).toBe(201);
    expect(aboutOrder.json<TicketWithMessages>().ticket.order?.id).toBe(orderId);
    const notTheirs = await openTicket(other.token, {
      subject_kind: 'order',
      order_id: orderId,
      message: 'Mine?',
    });
    expect(notTheirs.statusCode).toBe(422);
  });

  it('another person, a visitor and staff switched in cannot write in it', async () => {
    const ticket = await newTicket();
    const url = `/api/support/tickets/${ticket.id}`;
    expect((await t.app.inject({ method: 'GET', url, headers: bearer(other.token) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const write = (headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: `${url}/messages`, headers, payload: { content: 'hi' } });
    expect((await write(bearer(other.token))).statusCode).toBe(404);
    const switched = await switchInto(t.app, supportToken, person.partyId);
    expect((await write(bearer(switched))).statusCode).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/support/tickets/not-a-uuid',
          headers: bearer(person.token),
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('statuses: open → waiting → closed, and back', () => {
  it('staff answer (waiting, taken by them, audited); the person writes (open); staff close; writing opens it again', async () => {
    const ticket = await newTicket();
    const answered = await answer(supportToken, ticket.id, 'Try again now');
    expect(answered.statusCode, answered.body).toBe(201);
    expect(answered.json<SupportMessage>()).toMatchObject({ author: 'staff' });

    const asPerson = await t.app.inject({
      method: 'GET',
      url: `/api/support/tickets/${ticket.id}`,
      headers: bearer(person.token),
    });
    const seen = asPerson.json<TicketWithMessages>();
    expect(seen.ticket.status).toBe('waiting');
    // The team answers: the person never sees the staff member's name.
    expect(seen.messages.at(-1)).toMatchObject({
      author: 'staff',
      content: 'Try again now',
      staff_name: null,
    });
    const asStaff = (await staffView(adminToken, ticket.id)).json<StaffTicketWithMessages>();
    expect(asStaff.ticket.assigned_to?.party_id).toBe(supportPartyId);

    const [answeredEvent] = await auditOf('support.ticket_answered', ticket.id);
    expect(answeredEvent).toMatchObject({ actorPartyId: supportPartyId, targetPartyId: person.partyId });

    const reply = await t.app.inject({
      method: 'POST',
      url: `/api/support/tickets/${ticket.id}/messages`,
      headers: bearer(person.token),
      payload: { content: 'It works, thanks' },
    });
    expect(reply.statusCode, reply.body).toBe(201);
    expect((await staffView(supportToken, ticket.id)).json<StaffTicketWithMessages>().ticket.status).toBe(
      'open',
    );

    const closed = await t.app.inject({
      method: 'PATCH',
      url: `/api/backoffice/tickets/${ticket.id}`,
      headers: bearer(adminToken),
      payload: { status: 'closed' },
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json<StaffTicketWithMessages>().ticket.status).toBe('closed');
    const [changed] = await auditOf('support.ticket_status_changed', ticket.id);
    expect(changed).toMatchObject({ targetPartyId: person.partyId });
    expect(changed?.details).toMatchObject({ from: 'open', to: 'closed' });

    const again = await t.app.inject({
      method: 'POST',
      url: `/api/support/tickets/${ticket.id}/messages`,
      headers: bearer(person.token),
      payload: { content: 'One more thing' },
    });
    expect(again.statusCode).toBe(201);
    const reopened = await t.app.inject({
      method: 'GET',
      url: `/api/support/tickets/${ticket.id}`,
      headers: bearer(person.token),
    });
    expect(reopened.json<TicketWithMessages>().ticket.status).toBe('open');
  });

  it('staff take a ticket (audited); the queue filters by status and counts each', async () => {
    const ticket = await newTicket(other, 'Filter me');
    const taken = await t.app.inject({
      method: 'PATCH',
      url: `/api/backoffice/tickets/${ticket.id}`,
      headers: bearer(adminToken),
      payload: { assign_to_me: true },
    });
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json<StaffTicketWithMessages>().ticket.assigned_to).not.toBeNull();
    expect(await auditOf('support.ticket_assigned', ticket.id)).toHaveLength(1);

    const open = (
      await t.app.inject({
        method: 'GET',
        url: '/api/backoffice/tickets?status=open',
        headers: bearer(supportToken),
      })
    ).json<StaffTicketList>();
    expect(open.tickets.every((row) => row.status === 'open')).toBe(true);
    expect(open.tickets[0]?.id).toBe(ticket.id);
    const closed = (
      await t.app.inject({
        method: 'GET',
        url: '/api/backoffice/tickets?status=closed',
        headers: bearer(supportToken),
      })
    ).json<StaffTicketList>();
    expect(closed.tickets.map((row) => row.id)).not.toContain(ticket.id);
    expect(open.counts.open).toBe(open.tickets.length);
  });

  it('people who are not staff cannot see or answer the queue', async () => {
    const ticket = await newTicket();
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/backoffice/tickets', headers: bearer(person.token) }))
        .statusCode,
    ).toBe(403);
    expect((await staffView(person.token, ticket.id)).statusCode).toBe(403);
    expect((await answer(other.token, ticket.id)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/backoffice/tickets' })).statusCode).toBe(401);
  });
});

describe('staff opening a ticket', () => {
  it('is audited on the first read, not on the live view’s refetch, again for a colleague and after 30 minutes', async () => {
    const ticket = await newTicket(other, 'Who reads this?');
    expect((await staffView(supportToken, ticket.id)).statusCode).toBe(200);
    const [first, ...more] = await auditOf('support.ticket_viewed', ticket.id);
    expect(more).toHaveLength(0);
    expect(first).toMatchObject({ actorPartyId: supportPartyId, targetPartyId: other.partyId });

    // The live view asks again: the same opening.
    expect((await staffView(supportToken, ticket.id)).statusCode).toBe(200);
    expect(await auditOf('support.ticket_viewed', ticket.id)).toHaveLength(1);

    expect((await staffView(adminToken, ticket.id)).statusCode).toBe(200);
    const withColleague = await auditOf('support.ticket_viewed', ticket.id);
    expect(withColleague.map((row) => row.actorPartyId).sort()).toEqual(
      [supportPartyId, adminPartyId].sort(),
    );

    // 31 minutes after the first read, reading it is a new opening.
    if (!first) throw new Error('no audit row of the first read');
    await t.app.db
      .update(auditEvents)
      .set({ createdAt: new Date(Date.now() - 31 * 60 * 1000) })
      .where(eq(auditEvents.id, first.id));
    await staffView(supportToken, ticket.id);
    const reads = await auditOf('support.ticket_viewed', ticket.id);
    expect(reads.filter((row) => row.actorPartyId === supportPartyId)).toHaveLength(2);
  });

  it('is not in the person’s access log: they asked us to read it', async () => {
    const asker = await signUpUser(t.app);
    const ticket = await newTicket(asker, 'Please look at my account');
    expect((await staffView(supportToken, ticket.id)).statusCode).toBe(200);
    expect(await auditOf('support.ticket_viewed', ticket.id)).toHaveLength(1);
    const log = await t.app.inject({
      method: 'GET',
      url: '/api/identities/me/access-log',
      headers: bearer(asker.token),
    });
    expect(log.statusCode, log.body).toBe(200);
    expect(log.json<AccessLogPage>().entries).toEqual([]);
  });
});

describe('mail when the person is not connected', () => {
  it('an answer brings a mail in the person’s language with a link back, never the answer’s text', async () => {
    const norwegian = await signUpUser(t.app);
    await t.app.inject({
      method: 'PUT',
      url: '/api/identities/me',
      headers: bearer(norwegian.token),
      payload: { language: 'no' },
    });
    const ticket = await newTicket(norwegian);
    expect(await mailsTo(t.app.db, norwegian.email, 'support_answered')).toHaveLength(0);
    expect((await answer(supportToken, ticket.id, 'Secret answer text')).statusCode).toBe(201);
    const mail = await latestMail(t.app.db, norwegian.email, 'support_answered');
    expect(mail.language).toBe('no');
    expect(mail.subject).toBe('Supporten vår har svart deg');
    expect(mail.text).not.toContain('Secret answer text');
    expect(mail.links.some((link) => link.endsWith(`/support/chat?ticket=${ticket.id}`))).toBe(true);
  });
});

describe('a visitor asks', () => {
  // Each visitor from a network address of their own: this file is not about the visitors' budget.
  let visitors = 0;
  const nextAddress = () => `198.51.100.${++visitors}`;

  async function guestTicket(email: string, message = 'I forgot which address I used') {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/support/guest-tickets',
      remoteAddress: nextAddress(),
      headers: { 'accept-language': 'da' },
      payload: { email, message },
    });
    expect(response.statusCode, response.body).toBe(201);
    const mail = await latestMail(t.app.db, email, 'support_guest_confirmation');
    const link = mail.links.find((candidate) => new URL(candidate).pathname === '/support/chat');
    if (!link) throw new Error('no link back');
    const url = new URL(link);
    return {
      mail,
      ticketId: url.searchParams.get('ticket') as string,
      key: {
        expires: url.searchParams.get('expires') as string,
        signature: url.searchParams.get('signature') as string,
      },
    };
  }

  it('the question reaches staff only once the mailed link is followed; the link then opens the conversation', async () => {
    const email = uniqueEmail('visitor');
    const { mail, ticketId, key } = await guestTicket(email);
    expect(mail.language).toBe('da');
    const queue = async () =>
      (
        await t.app.inject({ method: 'GET', url: '/api/backoffice/tickets', headers: bearer(supportToken) })
      ).json<StaffTicketList>();
    expect((await queue()).tickets.map((row) => row.id)).not.toContain(ticketId);
    expect((await staffView(supportToken, ticketId)).statusCode).toBe(404);
    expect(await auditOf('support.ticket_viewed', ticketId)).toEqual([]);

    const wrong = await t.app.inject({
      method: 'POST',
      url: `/api/support/guest-tickets/${ticketId}/open`,
      payload: { ...key, signature: `${key.signature.slice(0, -2)}xx` },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<{ code: string }>().code).toBe('support_link_invalid');

    const opened = await t.app.inject({
      method: 'POST',
      url: `/api/support/guest-tickets/${ticketId}/open`,
      payload: key,
    });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json<TicketWithMessages>().messages).toHaveLength(1);
    const row = (await queue()).tickets.find((ticket) => ticket.id === ticketId);
    expect(row?.requester).toMatchObject({ party_id: null, email, is_guest: true });
    // Staff reading it is audited with no person as target: the visitor has no account.
    expect((await staffView(supportToken, ticketId)).statusCode).toBe(200);
    const [read] = await auditOf('support.ticket_viewed', ticketId);
    expect(read).toMatchObject({ actorPartyId: supportPartyId, targetPartyId: null });

    // Staff answer: a visitor has no live connection, so the answer is mailed with a fresh link.
    expect((await answer(supportToken, ticketId, 'Use the address on your receipt')).statusCode).toBe(201);
    const answeredMail = await latestMail(t.app.db, email, 'support_answered');
    expect(answeredMail.language).toBe('da');
    const back = new URL(answeredMail.links.find((link) => link.includes('/support/chat')) as string);
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/support/guest-tickets/${ticketId}/open`,
      payload: { expires: back.searchParams.get('expires'), signature: back.searchParams.get('signature') },
    });
    expect(again.json<TicketWithMessages>().messages.at(-1)).toMatchObject({ author: 'staff' });

    const written = await t.app.inject({
      method: 'POST',
      url: `/api/support/guest-tickets/${ticketId}/messages`,
      payload: { ...key, content: 'Thanks!' },
    });
    expect(written.statusCode, written.body).toBe(201);
    expect((await staffView(supportToken, ticketId)).json<StaffTicketWithMessages>().ticket.status).toBe(
      'open',
    );
  });

  it('an account proven with the address takes the confirmed questions asked from it as a visitor', async () => {
    const email = uniqueEmail('later');
    const confirmed = await guestTicket(email, 'Asked before I had an account');
    await t.app.inject({
      method: 'POST',
      url: `/api/support/guest-tickets/${confirmed.ticketId}/open`,
      payload: confirmed.key,
    });
    const unconfirmed = await guestTicket(email, 'Nobody followed this link');
    const account = await signUpUser(t.app, { email });
    const before = await t.app.inject({
      method: 'GET',
      url: '/api/support/tickets',
      headers: bearer(account.token),
    });
    expect(before.json<Ticket[]>()).toHaveLength(0);
    // Signing in with the confirmed address proves it (identity's onAddressProven).
    await t.app.db
      .update(identities)
      .set({ emailVerifiedAt: new Date() })
      .where(eq(identities.partyId, account.partyId));
    const token = await logIn(t.app, email, account.password);
    const mine = await t.app.inject({ method: 'GET', url: '/api/support/tickets', headers: bearer(token) });
    expect(mine.json<Ticket[]>().map((ticket) => ticket.id)).toEqual([confirmed.ticketId]);
    expect(mine.json<Ticket[]>().map((ticket) => ticket.id)).not.toContain(unconfirmed.ticketId);
    const staffSees = (await staffView(supportToken, confirmed.ticketId)).json<StaffTicketWithMessages>();
    expect(staffSees.ticket.requester).toMatchObject({ party_id: account.partyId, is_guest: false });
  });

  it('a question nobody confirmed is deleted after its hours by the background pass, with nobody asking since', async () => {
    const unconfirmed = await guestTicket(uniqueEmail('visitor'), 'Never confirmed');
    const confirmed = await guestTicket(uniqueEmail('visitor'), 'Confirmed at once');
    const opened = await t.app.inject({
      method: 'POST',
      url: `/api/support/guest-tickets/${confirmed.ticketId}/open`,
      payload: confirmed.key,
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const exists = async (ticketId: string) =>
      (await t.app.db.select().from(supportTickets).where(eq(supportTickets.id, ticketId))).length === 1;

    // Within the hours nothing goes; after them the unconfirmed question does, the confirmed stays.
    await t.app.supportSweeper.runOnce(new Date(Date.now() + (SUPPORT_CONFIRMATION_TTL_HOURS - 1) * HOUR_MS));
    expect(await exists(unconfirmed.ticketId)).toBe(true);
    await t.app.supportSweeper.runOnce(new Date(Date.now() + (SUPPORT_CONFIRMATION_TTL_HOURS + 1) * HOUR_MS));
    expect(await exists(unconfirmed.ticketId)).toBe(false);
    expect(await exists(confirmed.ticketId)).toBe(true);
  });

  it('a signed link of one ticket opens no other', async () => {
    const first = await guestTicket(uniqueEmail('visitor'));
    const second = await guestTicket(uniqueEmail('visitor'));
    const crossed = await t.app.inject({
      method: 'POST',
      url: `/api/support/guest-tickets/${second.ticketId}/open`,
      payload: first.key,
    });
    expect(crossed.statusCode).toBe(400);
  });

  it('a robot filling the honeypot gets the same answer and nothing is sent', async () => {
    const email = uniqueEmail('robot');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/support/guest-tickets',
      remoteAddress: nextAddress(),
      payload: { email, message: 'spam', website: 'http://spam.example' },
    });
    expect(response.statusCode).toBe(201);
    expect(await mailsTo(t.app.db, email)).toHaveLength(0);
  });
});

describe('rate limits', () => {
  it('a person opens only so many tickets an hour', async () => {
    const limited = await createTestApp({ supportRateLimits: { ticketsPerHour: 2 } });
    try {
      const user = await signUpUser(limited.app);
      const open = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/support/tickets',
          headers: bearer(user.token),
          payload: { subject_kind: 'account', message: 'again' },
        });
      expect((await open()).statusCode).toBe(201);
      expect((await open()).statusCode).toBe(201);
      const third = await open();
      expect(third.statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('rate limits of visitors', () => {
  it('a typed address gets only so many confirmation mails an hour, from however many networks', async () => {
    const limited = await createTestApp({ supportRateLimits: { visitorTicketsPerAddress: 1 } });
    try {
      const email = uniqueEmail('flooded');
      const ask = (remoteAddress: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/support/guest-tickets',
          remoteAddress,
          payload: { email, message: 'Hello' },
        });
      expect((await ask('192.0.2.1')).statusCode).toBe(201);
      expect((await ask('192.0.2.2')).statusCode).toBe(429);
      expect(await mailsTo(limited.app.db, email, 'support_guest_confirmation')).toHaveLength(1);
    } finally {
      await limited.close();
    }
  });
});

describe('audit rows of a visitor’s ticket', () => {
  it('name no person: the visitor has no account', async () => {
    const rows = await t.app.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'support.ticket_answered'));
    const ofGuests = rows.filter((row) => row.targetPartyId === null);
    expect(ofGuests.length).toBeGreaterThan(0);
    expect(rows.filter((row) => row.targetPartyId === person.partyId).length).toBeGreaterThan(0);
  });
});
