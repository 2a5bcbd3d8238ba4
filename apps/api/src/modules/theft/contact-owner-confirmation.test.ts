import { createHash } from 'node:crypto';
import type { ChatSummary } from '@nbr/domain/chats';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bikes } from '../../db/schema/bikes.ts';
import { parties } from '../../db/schema/identity.ts';
import { guestContactConfirmations, guestContacts } from '../../db/schema/theft.ts';
import { uuidv7 } from '../../platform/ids.ts';
import {
  confirmationCode,
  confirmationPath,
  contactAsConfirmedVisitor,
  postConfirmation,
} from '../../test/contact-owner-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { bearer, mailsTo, signUpUser, type TestUser, uniqueEmail } from '../../test/identity-helpers.ts';
import { ownerWithBike } from '../../test/ownership-fixtures.ts';
import { listen, openSocket } from '../../test/realtime-helpers.ts';
import { confirmEmail } from '../../test/verification-helpers.ts';
import { writeToBikeOwner } from '../chats/chats.facade.ts';

/*
 * Issue 6 §4, abuse-safe: anyone can type anyone's address into the contact form. A visitor's
 * message therefore waits until the link mailed to that address is followed; until then the owner
 * sees nothing, the address gets no answers and no account takes the message over. Unconfirmed
 * messages are dropped at their expiry; only confirmed guests are mailed answers or claimed.
 */

const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

function contact(
  app: FastifyInstance,
  bikeId: string,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  return app.inject({ method: 'POST', url: `/api/bikes/${bikeId}/contact-owner`, headers, payload: body });
}

async function markStolen(app: FastifyInstance, bikeId: string): Promise<void> {
  await app.db.update(bikes).set({ status: 'stolen' }).where(eq(bikes.id, bikeId));
}

async function chatsOf(app: FastifyInstance, user: TestUser): Promise<ChatSummary[]> {
  const response = await app.inject({ method: 'GET', url: '/api/chats/', headers: bearer(user.token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function unreadOf(app: FastifyInstance, user: TestUser): Promise<number> {
  const response = await app.inject({ method: 'GET', url: '/api/chats/unread', headers: bearer(user.token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ unread_count: number }>().unread_count;
}

const confirmationsOf = (app: FastifyInstance, email: string) =>
  app.db.select().from(guestContactConfirmations).where(eq(guestContactConfirmations.email, email));
const guestsOf = (app: FastifyInstance, email: string) =>
  app.db.select().from(guestContacts).where(eq(guestContacts.email, email));

describe('contact the owner: a visitor confirms their address', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({
      contactOwnerRateLimits: { visitorContactsPerHour: 100, visitorContactsPerAddress: 100 },
    });
  });

  afterAll(async () => {
    await t?.close();
  });

  it('the message waits for the mailed link, then reaches the owner live and by mail, without the address', async () => {
    const { owner, bikeId } = await ownerWithBike(t.app, { brand: 'Trek', model: 'FX 3' });
    await markStolen(t.app, bikeId);
    const email = uniqueEmail('finder');
    const message = 'Din cykel står ved Nørreport station, indgang Frederiksborggade.';

    const sent = await contact(t.app, bikeId, { message, email }, { 'accept-language': 'no' });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toEqual({ chat_id: null });

    // Nothing for the owner, no guest yet; the address has a link, in the language the visitor used.
    expect(await chatsOf(t.app, owner)).toEqual([]);
    expect(await unreadOf(t.app, owner)).toBe(0);
    expect(await guestsOf(t.app, email)).toEqual([]);
    const mails = await mailsTo(t.app.db, email);
    expect(mails.map((mail) => mail.template)).toEqual(['contact_owner_confirmation']);
    const [mail] = mails;
    expect(mail?.language).toBe('no');
    expect(mail?.subject).toBe('Bekreft meldingen din til sykkeleieren');
    expect(mail?.text).toContain('Trek FX 3');
    // Neither the text (a typed address must not receive someone's words) nor the owner's nickname.
    for (const secret of ['Nørreport', 'Racer', owner.email]) expect(mail?.text).not.toContain(secret);
    const code = await confirmationCode(t.app, email, bikeId);
    expect(mail?.links).toContain(`${t.config.publicUrl}${confirmationPath(bikeId)}?code=${code}`);
    // Only the code's hash is stored, with a 24-hour expiry.
    const [stored] = await confirmationsOf(t.app, email);
    expect(stored).toMatchObject({ codeHash: sha256(code), message, confirmedAt: null });
    expect(JSON.stringify(stored)).not.toContain(code);
    const hours = ((stored?.expiresAt.getTime() ?? 0) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);

    // The owner is online: the message arrives live once the visitor follows the link.
    const baseUrl = await listen(t.app);
    const socket = await openSocket(t.app, baseUrl, owner.token);
    try {
      const confirmed = await postConfirmation(t.app, code);
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(confirmed.json()).toEqual({ bike_id: bikeId });
      const live = await socket.waitFor('chat.message', (event) => event.message.content === message);
      expect(live.message.sender).toMatchObject({ role: 'guest', is_me: false, name: null });
      expect(JSON.stringify(socket.events)).not.toContain(email);
    } finally {
      await socket.close();
    }

    const ownerChats = await chatsOf(t.app, owner);
    expect(ownerChats).toHaveLength(1);
    expect(ownerChats[0]).toMatchObject({ unread_count: 1, subject: { kind: 'bike', id: bikeId } });
    expect(await unreadOf(t.app, owner)).toBe(1);
    const messages = await t.app.inject({
      method: 'GET',
      url: `/api/chats/${ownerChats[0]?.id}/messages`,
      headers: bearer(owner.token),
    });
    expect(messages.json().messages.map((one: { content: string }) => one.content)).toEqual([message]);
    for (const answer of [JSON.stringify(ownerChats), messages.body]) expect(answer).not.toContain(email);
    const [guest] = await guestsOf(t.app, email);
    expect(guest?.confirmedAt).toBeInstanceOf(Date);
    expect(guest?.language).toBe('no');
    // The message lives in the chat now, not in the confirmation.
    expect((await confirmationsOf(t.app, email))[0]).toMatchObject({ message: null });

    // The usual mail to the owner who has gone away, without the visitor's address or the text.
    await t.app.chatNotifier.runOnce(later(6));
    const [ownerMail] = await mailsTo(t.app.db, owner.email, 'chat_unread');
    expect(ownerMail?.text).not.toContain(email);
    expect(ownerMail?.text).not.toContain('Nørreport');

    // Following the link again delivers nothing more, and says so.
    const again = await postConfirmation(t.app, code, { 'accept-language': 'en' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      code: 'contact_already_sent',
      detail: 'This message has already been sent to the owner.',
    });
    expect(await unreadOf(t.app, owner)).toBe(1);
  });

  it('refuses unknown, malformed, expired and late codes alike; nothing reaches the owner', async () => {
    const { owner, bikeId } = await ownerWithBike(t.app);
    await markStolen(t.app, bikeId);

    const unknown = await postConfirmation(t.app, 'not-a-code-anyone-was-sent');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('contact_link_invalid');
    expect(unknown.json().detail).toMatch(/^Linket til at sende din besked/);
    const empty = await postConfirmation(t.app, '   ');
    expect(empty.statusCode).toBe(422);
    expect(empty.json().detail[0]).toMatchObject({ loc: ['body', 'code'], type: 'required' });
    const tooLong = await postConfirmation(t.app, 'x'.repeat(201));
    expect(tooLong.statusCode).toBe(422);

    // A link past its 24 hours (still stored) is refused like an unknown one.
    const email = uniqueEmail('slow');
    expect((await contact(t.app, bikeId, { message: 'Set i Valby.', email })).statusCode).toBe(201);
    const code = await confirmationCode(t.app, email, bikeId);
    await t.app.db
      .update(guestContactConfirmations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(guestContactConfirmations.email, email));
    const expired = await postConfirmation(t.app, code);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual(unknown.json());
    expect(await chatsOf(t.app, owner)).toEqual([]);
    expect(await guestsOf(t.app, email)).toEqual([]);

    // The next visitor message drops it (no job of its own needed) …
    expect((await contact(t.app, bikeId, { message: 'Igen.', email: uniqueEmail('next') })).statusCode).toBe(
      201,
    );
    expect(await confirmationsOf(t.app, email)).toEqual([]);

    // … and so does the chats notifier's pass, for messages nobody confirmed within a day.
    const late = uniqueEmail('late');
    expect((await contact(t.app, bikeId, { message: 'Set i Vanløse.', email: late })).statusCode).toBe(201);
    const lateCode = await confirmationCode(t.app, late, bikeId);
    await t.app.chatNotifier.runOnce(later(23 * 60));
    expect(await confirmationsOf(t.app, late)).toHaveLength(1);
    await t.app.chatNotifier.runOnce(later(24 * 60 + 1));
    expect(await confirmationsOf(t.app, late)).toEqual([]);
    expect((await postConfirmation(t.app, lateCode)).json().code).toBe('contact_link_invalid');
    expect(await chatsOf(t.app, owner)).toEqual([]);
    expect(await unreadOf(t.app, owner)).toBe(0);
  });

  it('answers the same whether or not the address has an account, and an unconfirmed message lands nowhere', async () => {
    const { owner, bikeId } = await ownerWithBike(t.app);
    await markStolen(t.app, bikeId);
    // Someone types the address of a person with a confirmed account.
    const person = await signUpUser(t.app, { email: uniqueEmail('victim'), skip_email: false });
    await confirmEmail(t.app, person.email);
    const stranger = uniqueEmail('nobody');

    const toAccount = await contact(t.app, bikeId, { message: 'Skrevet i dit navn.', email: person.email });
    const toNobody = await contact(t.app, bikeId, { message: 'Skrevet i dit navn.', email: stranger });
    expect(toAccount.statusCode).toBe(toNobody.statusCode);
    expect(toAccount.body).toBe(toNobody.body);
    const [accountMail] = await mailsTo(t.app.db, person.email, 'contact_owner_confirmation');
    const [strangerMail] = await mailsTo(t.app.db, stranger, 'contact_owner_confirmation');
    const neutral = (text: string | undefined, address: string) =>
      text?.replaceAll(address, '<address>').replace(/code=[\w-]+/g, 'code=<code>');
    expect(neutral(accountMail?.text, person.email)).toBe(neutral(strangerMail?.text, stranger));

    // Not confirmed: the owner sees nothing, and the person never finds it in their chats.
    expect(await chatsOf(t.app, owner)).toEqual([]);
    expect(await chatsOf(t.app, person)).toEqual([]);
    expect(await guestsOf(t.app, person.email)).toEqual([]);
  });

  it('a bike found before the link is followed gets no message', async () => {
    const { owner, bikeId } = await ownerWithBike(t.app);
    await markStolen(t.app, bikeId);
    const email = uniqueEmail('late-finder');
    expect((await contact(t.app, bikeId, { message: 'Den står her.', email })).statusCode).toBe(201);
    const code = await confirmationCode(t.app, email, bikeId);
    await t.app.db.update(bikes).set({ status: 'registered' }).where(eq(bikes.id, bikeId));

    const found = await postConfirmation(t.app, code);
    expect(found.statusCode).toBe(409);
    expect(found.json().code).toBe('bike_not_stolen');
    expect(await chatsOf(t.app, owner)).toEqual([]);
    expect(await guestsOf(t.app, email)).toEqual([]);
  });

  it('only a confirmed guest is mailed the owner’s answers or taken over by an account', async () => {
    const { owner, bikeId } = await ownerWithBike(t.app);
    await markStolen(t.app, bikeId);
    // A guest from before confirmations existed: their address was never proven.
    const unproven = uniqueEmail('unproven');
    const guestPartyId = uuidv7();
    const posted = await t.app.db.transaction(async (tx) => {
      await tx.insert(parties).values({ id: guestPartyId, kind: 'guest' });
      await tx.insert(guestContacts).values({ partyId: guestPartyId, email: unproven, language: 'da' });
      return writeToBikeOwner(tx, {
        bikeId,
        ownerPartyId: owner.partyId,
        senderPartyId: guestPartyId,
        senderRole: 'guest',
        content: 'Gammel besked.',
      });
    });
    // And a confirmed guest of another bike of the same owner.
    const { bikeId: otherBike } = await ownerWithBike(t.app);
    await markStolen(t.app, otherBike);
    const proven = uniqueEmail('proven');
    await contactAsConfirmedVisitor(t.app, otherBike, { message: 'Bekræftet besked.', email: proven });

    // The owner of the first bike answers the unproven guest: no mail goes to the typed address.
    const answer = await t.app.inject({
      method: 'POST',
      url: `/api/chats/${posted.chatId}/messages`,
      headers: bearer(owner.token),
      payload: { content: 'Tak, hvor præcis?' },
    });
    expect(answer.statusCode, answer.body).toBe(201);
    await t.app.chatNotifier.runOnce(later(6));
    expect(await mailsTo(t.app.db, unproven)).toEqual([]);

    // Proving the address with an account does not take the unproven guest's chat over.
    const person = await signUpUser(t.app, { email: unproven, skip_email: false });
    await confirmEmail(t.app, unproven);
    expect(await chatsOf(t.app, person)).toEqual([]);
    expect((await guestsOf(t.app, unproven))[0]?.claimedByPartyId).toBeNull();

    // The confirmed guest is claimed by an account proving that address.
    const claimer = await signUpUser(t.app, { email: proven, skip_email: false });
    await confirmEmail(t.app, proven);
    expect((await chatsOf(t.app, claimer)).map((chat) => chat.subject.id)).toEqual([otherBike]);
  });
});

describe('contact the owner: confirmation mails per address', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({
      contactOwnerRateLimits: { visitorContactsPerHour: 100, visitorContactsPerAddress: 2 },
    });
  });

  afterAll(async () => {
    await t?.close();
  });

  it('an address gets a limited number of confirmation mails an hour, however they are sent', async () => {
    const { bikeId } = await ownerWithBike(t.app);
    await markStolen(t.app, bikeId);
    const email = uniqueEmail('target');
    for (const variant of [email, email.toUpperCase()]) {
      expect((await contact(t.app, bikeId, { message: 'Hej', email: variant })).statusCode).toBe(201);
    }
    const limited = await contact(t.app, bikeId, { message: 'Hej igen', email });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('rate_limited');
    // Addresses are compared as typed case-insensitively: both went to the one mailbox.
    expect(await mailsTo(t.app.db, email, 'contact_owner_confirmation')).toHaveLength(2);
    // Another address is not held up.
    expect((await contact(t.app, bikeId, { message: 'Hej', email: uniqueEmail('other') })).statusCode).toBe(
      201,
    );
  });
});
