import type { ChatSummary } from '@nbr/domain/chats';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bikes } from '../../db/schema/bikes.ts';
import { chatMessages, chatParticipants } from '../../db/schema/chats.ts';
import { parties } from '../../db/schema/identity.ts';
import { guestContacts } from '../../db/schema/theft.ts';
import {
  confirmationCode,
  contactAsConfirmedVisitor,
  postConfirmation,
} from '../../test/contact-owner-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import {
  bearer,
  logIn,
  mailsTo,
  signUpUser,
  type TestUser,
  uniqueEmail,
} from '../../test/identity-helpers.ts';
import { ownerWithBike } from '../../test/ownership-fixtures.ts';
import { grantStaffRole, switchInto } from '../../test/role-fixtures.ts';
import { confirmEmail } from '../../test/verification-helpers.ts';

/*
 * POST /api/bikes/{bike_id}/contact-owner: signed-in senders write into their chat with the owner;
 * visitors only about a stolen bike, as guests whose address receives the announcement of an answer
 * and is never shown to the owner; a proven address brings the guest's chats into the account. A
 * visitor's message waits for the link mailed to their address (more in contact-owner-confirmation.test.ts).
 */

const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);

function contact(
  app: FastifyInstance,
  token: string | null,
  bikeId: string,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method: 'POST',
    url: `/api/bikes/${bikeId}/contact-owner`,
    headers: token ? bearer(token, headers) : headers,
    payload: body,
  });
}

async function markStolen(app: FastifyInstance, bikeId: string): Promise<void> {
  await app.db.update(bikes).set({ status: 'stolen' }).where(eq(bikes.id, bikeId));
}

async function chatsOf(app: FastifyInstance, user: TestUser): Promise<ChatSummary[]> {
  const response = await app.inject({ method: 'GET', url: '/api/chats/', headers: bearer(user.token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function messagesOf(app: FastifyInstance, user: TestUser, chatId: string) {
  const response = await app.inject({
    method: 'GET',
    url: `/api/chats/${chatId}/messages`,
    headers: bearer(user.token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{
    messages: Array<{ content: string | null; sender: { is_me: boolean; role: string } }>;
  }>().messages;
}

describe('contact the owner', () => {
  let t: TestApp;

  beforeAll(async () => {
    // Every request of the file comes from one address: the visitors' budget is tried on its own below.
    t = await createTestApp({ contactOwnerRateLimits: { visitorContactsPerHour: 100 } });
  });

  afterAll(async () => {
    await t?.close();
  });

  it('a signed-in person writes into their one chat with the owner, who stays anonymous', async () => {
    const { owner, bikeId } = await ownerWithBike(t.app);
    const finder = await signUpUser(t.app);

    const first = await contact(t.app, finder.token, bikeId, { message: 'Jeg tror, jeg har set din cykel.' });
    expect(first.statusCode, first.body).toBe(201);
    const chatId = first.json().chat_id;
    expect(chatId).toMatch(/^[0-9a-f-]{36}$/);
    const again = await contact(t.app, finder.token, bikeId, { message: 'Den står ved Nørreport.' });
    expect(again.json().chat_id).toBe(chatId);

    const ownerChats = await chatsOf(t.app, owner);
    const chat = ownerChats.find((candidate) => candidate.id === chatId);
    expect(chat).toMatchObject({ unread_count: 2, subject: { kind: 'bike', id: bikeId } });
    expect(JSON.stringify(ownerChats)).not.toContain(finder.email);
    const finderChats = await chatsOf(t.app, finder);
    expect(finderChats.find((candidate) => candidate.id === chatId)?.participants).toContainEqual({
      role: 'owner',
      is_me: false,
      name: null,
    });
    expect(JSON.stringify(finderChats)).not.toContain(owner.email);
  });

  it('refuses the own bike, private and unknown bikes, bad input and staff switched in', async () => {
    const { owner, bikeId } = await ownerWithBike(t.app);
    const { bikeId: privateBike } = await ownerWithBike(t.app, { visibility: 'private' });
    const other = await signUpUser(t.app);

    const own = await contact(t.app, owner.token, bikeId, { message: 'Hej' });
    expect(own.statusCode).toBe(409);
    expect(own.json().code).toBe('own_bike');
    const hidden = await contact(t.app, other.token, privateBike, { message: 'Hej' });
    const unknown = await contact(t.app, other.token, '0190a0b0-0000-7000-8000-000000000000', {
      message: 'Hej',
    });
    const malformed = await contact(t.app, other.token, 'not-a-bike', { message: 'Hej' });
    for (const response of [hidden, unknown, malformed]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(unknown.json());
    }
    expect((await contact(t.app, other.token, bikeId, { message: '   ' })).statusCode).toBe(422);
    expect((await contact(t.app, other.token, bikeId, { message: 'x'.repeat(2001) })).statusCode).toBe(422);
    expect((await contact(t.app, other.token, bikeId, {})).statusCode).toBe(422);

    const staff = await signUpUser(t.app, { email: uniqueEmail('support') });
    await grantStaffRole(t.app.db, staff.partyId, 'support');
    const switched = await switchInto(t.app, staff.token, other.partyId);
    const bySwitched = await contact(t.app, switched, bikeId, { message: 'Hej' });
    expect(bySwitched.statusCode).toBe(403);
    expect(bySwitched.json().code).toBe('not_allowed_while_switched');
  });

  it('a visitor may write only about a stolen bike, and must give an address', async () => {
    const { bikeId } = await ownerWithBike(t.app);
    const { bikeId: privateBike } = await ownerWithBike(t.app, { visibility: 'private' });
    const email = uniqueEmail('visitor');

    const notStolen = await contact(t.app, null, bikeId, { message: 'Hej', email });
    expect(notStolen.statusCode).toBe(409);
    expect(notStolen.json().code).toBe('bike_not_stolen');
    expect((await contact(t.app, null, privateBike, { message: 'Hej', email })).statusCode).toBe(404);

    await markStolen(t.app, bikeId);
    const noAddress = await contact(t.app, null, bikeId, { message: 'Hej' });
    expect(noAddress.statusCode).toBe(422);
    expect(noAddress.json().detail[0]).toMatchObject({ loc: ['body', 'email'], type: 'required' });
    const badAddress = await contact(t.app, null, bikeId, { message: 'Hej', email: 'not-an-address' });
    expect(badAddress.statusCode).toBe(422);
    expect(await t.app.db.select().from(guestContacts).where(eq(guestContacts.email, email))).toEqual([]);

    // A private bike reported stolen is still reachable: that is what the report is for.
    await markStolen(t.app, privateBike);
    expect((await contact(t.app, null, privateBike, { message: 'Hej', email })).statusCode).toBe(201);
  });

  it('a robot filling the honeypot is answered like anyone and nothing is written', async () => {
    const { owner, bikeId } = await ownerWithBike(t.app);
    await markStolen(t.app, bikeId);
    const email = uniqueEmail('robot');
    const response = await contact(t.app, null, bikeId, {
      message: 'Cheap watches',
      email,
      website: 'https://spam.example',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ chat_id: null });
    expect(await t.app.db.select().from(guestContacts).where(eq(guestContacts.email, email))).toEqual([]);
    expect(await chatsOf(t.app, owner)).toEqual([]);
    expect(await mailsTo(t.app.db, email)).toEqual([]);
  });

  it('a visitor’s message reaches the owner without the address; the answer is announced to the visitor', async () => {
    const { owner, bikeId } = await ownerWithBike(t.app);
    await markStolen(t.app, bikeId);
    const email = uniqueEmail('finder');

    const sent = await contact(
      t.app,
      null,
      bikeId,
      { message: 'Din cykel står låst ved Nørreport station.', email },
      { 'accept-language': 'en' },
    );
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toEqual({ chat_id: null });
    // Nothing reaches the owner before the visitor follows the link mailed to the address.
    expect(await chatsOf(t.app, owner)).toEqual([]);
    const confirmed = await postConfirmation(t.app, await confirmationCode(t.app, email, bikeId));
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    await contactAsConfirmedVisitor(t.app, bikeId, { message: 'Den er der stadig.', email });

    const [guest] = await t.app.db.select().from(guestContacts).where(eq(guestContacts.email, email));
    expect(guest).toMatchObject({ language: 'en', claimedByPartyId: null });
    const [party] = await t.app.db
      .select()
      .from(parties)
      .where(eq(parties.id, guest?.partyId ?? ''));
    expect(party?.kind).toBe('guest');

    const ownerChats = await chatsOf(t.app, owner);
    expect(ownerChats).toHaveLength(1);
    const [chat] = ownerChats;
    expect(chat).toMatchObject({ unread_count: 2, subject: { kind: 'bike', id: bikeId } });
    expect(chat?.participants).toContainEqual({ role: 'guest', is_me: false, name: null });
    expect(JSON.stringify(ownerChats)).not.toContain(email);
    const chatId = chat?.id ?? '';
    const shown = await messagesOf(t.app, owner, chatId);
    expect(shown.map((message) => message.content)).toEqual([
      'Din cykel står låst ved Nørreport station.',
      'Den er der stadig.',
    ]);

    // The owner is away: the notifier mails them, without the visitor's address (the development
    // stand-in runs a pass as if the delay had passed).
    const pass = await t.app.inject({ method: 'POST', url: '/dev/chats/notify' });
    expect(pass.statusCode).toBe(200);
    expect(pass.json().mailed).toBeGreaterThanOrEqual(1);
    const [ownerMail] = await mailsTo(t.app.db, owner.email, 'chat_unread');
    expect(ownerMail?.text).not.toContain(email);
    expect(ownerMail?.text).not.toContain('Nørreport');

    // The owner answers; the guest gets one mail in their language, without the text or the owner.
    const answer = await t.app.inject({
      method: 'POST',
      url: `/api/chats/${chatId}/messages`,
      headers: bearer(owner.token),
      payload: { content: 'Tak! Jeg hedder Anna og henter den i aften.' },
    });
    expect(answer.statusCode).toBe(201);
    await t.app.inject({
      method: 'POST',
      url: `/api/chats/${chatId}/messages`,
      headers: bearer(owner.token),
      payload: { content: 'Ring gerne.' },
    });
    await t.app.chatNotifier.runOnce(later(6));
    await t.app.chatNotifier.runOnce(later(12));
    const guestMails = await mailsTo(t.app.db, email);
    expect(guestMails.map((mail) => mail.template)).toEqual([
      'chat_guest_answered',
      'contact_owner_confirmation',
      'contact_owner_confirmation',
    ]);
    const [mail] = guestMails;
    expect(mail?.subject).toBe('The bike owner has answered you');
    expect(mail?.links).toContain(`${t.config.publicUrl}/app/chats`);
    expect(mail?.text).toContain(email);
    for (const secret of ['Anna', 'aften', owner.email]) expect(mail?.text).not.toContain(secret);
  });

  it('an account that proves the address takes over the guest’s chats', async () => {
    const { owner, bikeId } = await ownerWithBike(t.app);
    await markStolen(t.app, bikeId);
    const email = uniqueEmail('claimer');
    await contactAsConfirmedVisitor(t.app, bikeId, { message: 'Fundet i Valby.', email });
    const chatId = (await chatsOf(t.app, owner))[0]?.id ?? '';

    // Signing up with the address is not enough: it must be confirmed.
    const person = await signUpUser(t.app, { email, skip_email: false });
    expect(await chatsOf(t.app, person)).toEqual([]);
    await confirmEmail(t.app, email);
    const claimed = await chatsOf(t.app, person);
    expect(claimed.map((chat) => chat.id)).toEqual([chatId]);
    const messages = await messagesOf(t.app, person, chatId);
    expect(messages[0]).toMatchObject({
      content: 'Fundet i Valby.',
      sender: { is_me: true, role: 'contact' },
    });
    const [guest] = await t.app.db.select().from(guestContacts).where(eq(guestContacts.email, email));
    expect(guest?.claimedByPartyId).toBe(person.partyId);

    // Later messages from the same address as a visitor make a new guest, claimed at the next sign-in.
    const { bikeId: secondBike } = await ownerWithBike(t.app);
    await markStolen(t.app, secondBike);
    await contactAsConfirmedVisitor(t.app, secondBike, { message: 'Også denne.', email });
    const token = await logIn(t.app, email, person.password);
    const afterLogIn = await t.app.inject({
      method: 'GET',
      url: '/api/chats/unread',
      headers: bearer(token),
    });
    expect(afterLogIn.json()).toEqual({ unread_count: 0 });
    expect((await chatsOf(t.app, person)).map((chat) => chat.subject.id).sort()).toEqual(
      [bikeId, secondBike].sort(),
    );
    const senders = await t.app.db
      .select({ sender: chatMessages.senderPartyId })
      .from(chatMessages)
      .where(eq(chatMessages.chatId, chatId));
    expect(senders).toEqual([{ sender: person.partyId }]);
    const rows = await t.app.db.select().from(chatParticipants).where(eq(chatParticipants.chatId, chatId));
    expect(rows.map((row) => row.partyId).sort()).toEqual([owner.partyId, person.partyId].sort());
  });
});

describe('contact the owner: budgets', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ contactOwnerRateLimits: { visitorContactsPerHour: 2, contactsPerHour: 2 } });
  });

  afterAll(async () => {
    await t?.close();
  });

  it('limits visitors per network address and people per account', async () => {
    const { bikeId } = await ownerWithBike(t.app);
    await markStolen(t.app, bikeId);
    for (let i = 0; i < 2; i += 1) {
      const response = await contact(t.app, null, bikeId, {
        message: `Besked ${i}`,
        email: uniqueEmail('v'),
      });
      expect(response.statusCode).toBe(201);
    }
    const limited = await contact(t.app, null, bikeId, { message: 'En til', email: uniqueEmail('v') });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('rate_limited');

    // Accounts have a budget of their own, not the visitors' one.
    const person = await signUpUser(t.app);
    for (let i = 0; i < 2; i += 1) {
      expect((await contact(t.app, person.token, bikeId, { message: `Hej ${i}` })).statusCode).toBe(201);
    }
    expect((await contact(t.app, person.token, bikeId, { message: 'Igen' })).statusCode).toBe(429);
    const someoneElse = await signUpUser(t.app);
    expect((await contact(t.app, someoneElse.token, bikeId, { message: 'Hej' })).statusCode).toBe(201);
  });
});
