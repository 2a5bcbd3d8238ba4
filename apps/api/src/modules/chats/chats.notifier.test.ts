import { CHAT_EMAIL_DELAY_MINUTES, type ChatCreated, type ChatMessage } from '@nbr/domain/chats';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBike } from '../../test/bike-helpers.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { bearer, mailsTo, signUpUser, type TestUser } from '../../test/identity-helpers.ts';
import { insertOrganisation } from '../../test/role-fixtures.ts';
import { createChatNotifier } from './chats.notifier.ts';
import { openChat, postMessage } from './chats.service.ts';

/*
 * The e-mail about unread messages, read from the mail outbox: once a message has waited unread for
 * CHAT_EMAIL_DELAY_MINUTES, a person who is not connected gets one mail (in their language) about all
 * their chats with news, never with the messages' text or anyone's name, and never twice for the same
 * messages. Passes run with an explicit `now` instead of waiting.
 */

const TEMPLATE = 'chat_unread';
const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);
const DUE = CHAT_EMAIL_DELAY_MINUTES + 1;

async function person(
  app: FastifyInstance,
  firstName: string,
  language: 'da' | 'en' | 'no',
): Promise<TestUser> {
  const user = await signUpUser(app, { chosen_language: language });
  const response = await app.inject({
    method: 'PUT',
    url: '/api/identities/me',
    headers: bearer(user.token),
    payload: { first_name: firstName, last_name: 'Testesen' },
  });
  if (response.statusCode !== 200) throw new Error(`profile answered ${response.statusCode}`);
  return user;
}

describe('unread-messages e-mail', () => {
  let t: TestApp;

  const contactOwner = async (from: TestUser, bikeId: string, content: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/chats/',
      headers: bearer(from.token),
      payload: { subject_id: bikeId, content },
    });
    if (response.statusCode !== 201) throw new Error(`POST /api/chats answered ${response.body}`);
    return response.json<ChatCreated>();
  };
  const send = async (from: TestUser, chatId: string, content: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/chats/${chatId}/messages`,
      headers: bearer(from.token),
      payload: { content },
    });
    if (response.statusCode !== 201) throw new Error(`POST messages answered ${response.body}`);
    return response.json<ChatMessage>();
  };
  const bikeOf = async (user: TestUser, brand: string | null = 'Centurion') =>
    (await insertBike(t.app.db, { ownerPartyId: user.partyId, brand })).bikeId;

  beforeAll(async () => {
    t = await createTestApp();
  });

  afterAll(async () => {
    await t?.close();
  });

  it('waits for the delay, then mails the owner once, in Danish, without text or names', async () => {
    const owner = await person(t.app, 'Olga', 'da');
    const finder = await person(t.app, 'Frede', 'en');
    const created = await contactOwner(finder, await bikeOf(owner), 'Hemmelig besked om låsen');
    await send(finder, created.chat.id, 'Anden besked');

    expect((await t.app.chatNotifier.runOnce(later(1))).mailed).toBe(0);
    expect(await mailsTo(t.app.db, owner.email, TEMPLATE)).toHaveLength(0);

    const report = await t.app.chatNotifier.runOnce(later(DUE));
    expect(report.mailed).toBe(1);
    const [mail, ...more] = await mailsTo(t.app.db, owner.email, TEMPLATE);
    expect(more).toHaveLength(0);
    expect(mail?.language).toBe('da');
    expect(mail?.subject).toBe('Du har ulæste beskeder');
    expect(mail?.text).toContain('Du har 2 ulæste beskeder');
    expect(mail?.text).toContain('Centurion');
    expect(mail?.links).toContain(`http://localhost:3000/app/chats/${created.chat.id}`);
    for (const part of [mail?.text, mail?.html]) {
      expect(part).not.toContain('Hemmelig');
      expect(part).not.toContain('Frede');
      expect(part).not.toContain(finder.email);
    }
    // The writer has read their own messages: nothing for them.
    expect(await mailsTo(t.app.db, finder.email, TEMPLATE)).toHaveLength(0);

    // The same messages never bring a second mail.
    await t.app.chatNotifier.runOnce(later(DUE + 10));
    expect(await mailsTo(t.app.db, owner.email, TEMPLATE)).toHaveLength(1);
  });

  it("mails the anonymous owner's answer to the finder in English, without the owner's name", async () => {
    const owner = await person(t.app, 'Anonyma', 'no');
    const finder = await person(t.app, 'Finn', 'en');
    const created = await contactOwner(finder, await bikeOf(owner, null), 'Found your bike');
    await t.app.chatNotifier.runOnce(later(DUE));
    const answer = await send(owner, created.chat.id, 'Thanks, call me');
    expect(answer.sender?.name).toBe('Anonyma Testesen');

    await t.app.chatNotifier.runOnce(later(DUE));
    const [mail] = await mailsTo(t.app.db, finder.email, TEMPLATE);
    expect(mail?.subject).toBe('You have unread messages');
    expect(mail?.text).toContain('You have 1 unread message');
    expect(mail?.text).toContain('A chat about a bike: 1 unread message');
    expect(mail?.text).not.toContain('Anonyma');
    expect(mail?.text).not.toContain('Thanks');
    expect(mail?.text).not.toContain(owner.email);
    // The owner was mailed in Norwegian about the first message.
    expect((await mailsTo(t.app.db, owner.email, TEMPLATE))[0]?.subject).toBe('Du har uleste meldinger');
  });

  it('sends one mail for several chats, linking to the inbox', async () => {
    const owner = await person(t.app, 'Mette', 'da');
    const [first, second] = await Promise.all([person(t.app, 'A', 'da'), person(t.app, 'B', 'da')]);
    const chatA = await contactOwner(first, await bikeOf(owner), 'Hej A');
    const chatB = await contactOwner(second, await bikeOf(owner), 'Hej B');
    await send(second, chatB.chat.id, 'Hej igen');

    await t.app.chatNotifier.runOnce(later(DUE));
    const mails = await mailsTo(t.app.db, owner.email, TEMPLATE);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('Du har 3 ulæste beskeder');
    expect(mails[0]?.links).toEqual(
      expect.arrayContaining([
        `http://localhost:3000/app/chats/${chatA.chat.id}`,
        `http://localhost:3000/app/chats/${chatB.chat.id}`,
        'http://localhost:3000/app/chats',
      ]),
    );
  });

  it('leaves someone connected alone, and mails them once they have gone with the messages unread', async () => {
    const owner = await person(t.app, 'Online', 'da');
    const finder = await person(t.app, 'Finder', 'da');
    const unsubscribe = t.app.realtime.subscribe(owner.partyId, () => {});
    await contactOwner(finder, await bikeOf(owner), 'Er du der?');
    try {
      const report = await t.app.chatNotifier.runOnce(later(DUE));
      expect(report.online).toBeGreaterThanOrEqual(1);
      expect(await mailsTo(t.app.db, owner.email, TEMPLATE)).toHaveLength(0);
    } finally {
      unsubscribe();
    }
    await t.app.chatNotifier.runOnce(later(DUE));
    expect(await mailsTo(t.app.db, owner.email, TEMPLATE)).toHaveLength(1);
  });

  it('sends nothing about messages read in time', async () => {
    const owner = await person(t.app, 'Reader', 'da');
    const finder = await person(t.app, 'Writer', 'da');
    const created = await contactOwner(finder, await bikeOf(owner), 'Læs mig');
    const read = await t.app.inject({
      method: 'POST',
      url: `/api/chats/${created.chat.id}/read`,
      headers: bearer(owner.token),
      payload: { message_id: created.message.id },
    });
    expect(read.statusCode).toBe(204);
    await t.app.chatNotifier.runOnce(later(DUE));
    expect(await mailsTo(t.app.db, owner.email, TEMPLATE)).toHaveLength(0);
  });

  it('mails about new messages after an earlier mail, and only about them', async () => {
    const owner = await person(t.app, 'Twice', 'en');
    const finder = await person(t.app, 'Sender', 'en');
    const created = await contactOwner(finder, await bikeOf(owner), 'One');
    await t.app.chatNotifier.runOnce(later(DUE));
    expect(await mailsTo(t.app.db, owner.email, TEMPLATE)).toHaveLength(1);
    await send(finder, created.chat.id, 'Two');
    await t.app.chatNotifier.runOnce(later(DUE));
    const mails = await mailsTo(t.app.db, owner.email, TEMPLATE);
    expect(mails).toHaveLength(2);
    // Still unread: the count covers both messages.
    expect(mails[0]?.text).toContain('You have 2 unread messages');
  });

  it("sends nothing for the register's own messages alone, but counts them with a person's", async () => {
    const owner = await person(t.app, 'Systemic', 'en');
    const finder = await person(t.app, 'Poster', 'en');
    const created = await contactOwner(finder, await bikeOf(owner), 'Hello');
    await t.app.chatNotifier.runOnce(later(DUE));
    expect(await mailsTo(t.app.db, owner.email, TEMPLATE)).toHaveLength(1);
    await postMessage(t.app.db, { kind: 'system', chatId: created.chat.id, systemEvent: 'request_closed' });
    await t.app.chatNotifier.runOnce(later(DUE));
    expect(await mailsTo(t.app.db, owner.email, TEMPLATE)).toHaveLength(1);
    await send(finder, created.chat.id, 'Still there?');
    await t.app.chatNotifier.runOnce(later(DUE));
    const mails = await mailsTo(t.app.db, owner.email, TEMPLATE);
    expect(mails).toHaveLength(2);
    expect(mails[0]?.text).toContain('You have 3 unread messages');
  });

  it('marks an organisation participant as told without mailing anyone', async () => {
    const admin = await person(t.app, 'Admin', 'da');
    const finder = await person(t.app, 'Finder', 'da');
    const organisationId = await insertOrganisation(t.app.db, {
      name: 'Notifier Cykler ApS',
      type: 'business',
      members: [{ partyId: admin.partyId, role: 'admin' }],
    });
    const bike = await insertBike(t.app.db, { ownerPartyId: organisationId });
    await contactOwner(finder, bike.bikeId, 'Til firmaet');
    const report = await t.app.chatNotifier.runOnce(later(DUE));
    expect(report.skipped).toBeGreaterThanOrEqual(1);
    expect(await mailsTo(t.app.db, admin.email, TEMPLATE)).toHaveLength(0);
    expect((await t.app.chatNotifier.runOnce(later(DUE))).skipped).toBe(0);
  });

  it('never mails twice when two instances run a pass at the same moment', async () => {
    const owner = await person(t.app, 'Raced', 'da');
    const finders = await Promise.all([1, 2, 3].map((index) => person(t.app, `F${index}`, 'da')));
    const bikeId = await bikeOf(owner);
    for (const finder of finders) {
      const chatId = await openChat(t.app.db, { kind: 'bike', bikeId, startedByPartyId: finder.partyId }, [
        { partyId: finder.partyId, role: 'contact', isNameVisible: true },
        { partyId: owner.partyId, role: 'owner', isNameVisible: false },
      ]);
      await postMessage(t.app.db, { kind: 'text', chatId, senderPartyId: finder.partyId, content: 'Hej' });
    }
    const deps = {
      db: t.app.db,
      hub: t.app.realtime,
      fileUrls: t.app.fileUrls,
      publicUrl: t.config.publicUrl,
    };
    const instances = [1, 2, 3, 4].map(() => createChatNotifier({ deps, logger: t.app.log }));
    const now = later(DUE);
    const reports = await Promise.all(instances.map((instance) => instance.runOnce(now)));
    // An instance that got only some of the rows backs off; a later pass picks the person up.
    reports.push(await t.app.chatNotifier.runOnce(now));
    const mails = await mailsTo(t.app.db, owner.email, TEMPLATE);
    expect(mails, JSON.stringify(reports)).toHaveLength(1);
    expect(mails[0]?.text).toContain('Du har 3 ulæste beskeder');
  });
});
