import { randomUUID } from 'node:crypto';
import {
  type ChatCreated,
  type ChatMessage,
  type ChatMessagePage,
  type ChatSummary,
  MESSAGE_MAX_LENGTH,
  MESSAGES_PAGE_SIZE,
} from '@nbr/domain/chats';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownershipRequests } from '../../db/schema/ownership.ts';
import { uuidv7 } from '../../platform/ids.ts';
import { insertBike } from '../../test/bike-helpers.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { bearer, logIn, signUpUser, type TestUser } from '../../test/identity-helpers.ts';
import { grantStaffRole, switchInto } from '../../test/role-fixtures.ts';
import { openChat, postMessage } from './chats.service.ts';

/*
 * The chats API through HTTP: contacting a bike's owner, who stays anonymous until they write;
 * participants only (everyone else: 404, like an unknown id); pages of messages; unread counts and
 * the read position; limits. No answer ever carries an e-mail address.
 */

async function person(app: FastifyInstance, firstName: string, lastName: string): Promise<TestUser> {
  const user = await signUpUser(app);
  const response = await app.inject({
    method: 'PUT',
    url: '/api/identities/me',
    headers: bearer(user.token),
    payload: { first_name: firstName, last_name: lastName },
  });
  if (response.statusCode !== 200)
    throw new Error(`profile answered ${response.statusCode}: ${response.body}`);
  return user;
}

describe('chats API', () => {
  let t: TestApp;
  let owner: TestUser;
  let contact: TestUser;
  let stranger: TestUser;
  let staffToken: string;
  let bikeId: string;
  let chatId: string;

  const inject = (token: string | null, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: token ? bearer(token) : {},
      ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
    });
  const send = (token: string, id: string, content: string) =>
    inject(token, 'POST', `/api/chats/${id}/messages`, { content });
  const unreadOf = async (token: string) =>
    (await inject(token, 'GET', '/api/chats/unread')).json<{ unread_count: number }>().unread_count;
  const chatOf = async (token: string, id: string) => {
    const response = await inject(token, 'GET', `/api/chats/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ChatSummary>();
  };
  /** Nobody's address in any chat answer: the people's own, and no '@' at all. */
  const expectNoEmail = (body: string) => {
    for (const user of [owner, contact, stranger]) expect(body).not.toContain(user.email);
    expect(body).not.toContain('@');
  };

  beforeAll(async () => {
    t = await createTestApp();
    [owner, contact, stranger] = await Promise.all([
      person(t.app, 'Ole', 'Ejer'),
      person(t.app, 'Kim', 'Kontakt'),
      person(t.app, 'Sif', 'Fremmed'),
    ]);
    const staff = await signUpUser(t.app);
    await grantStaffRole(t.app.db, staff.partyId, 'support');
    staffToken = await logIn(t.app, staff.email, staff.password);
    bikeId = (
      await insertBike(t.app.db, {
        ownerPartyId: owner.partyId,
        frameNumber: 'WCHAT12345K',
        plateId: null,
        brand: 'Kildemoes',
        model: 'Logic',
      })
    ).bikeId;
  });

  afterAll(async () => {
    await t?.close();
  });

  describe('contacting the owner of a bike (POST /api/chats/)', () => {
    it("opens a chat with the owner, whose name stays hidden; the caller's own name shows", async () => {
      const response = await inject(contact.token, 'POST', '/api/chats/', {
        subject_id: bikeId,
        content: '  Hej, jeg har fundet din cykel.  ',
      });
      expect(response.statusCode, response.body).toBe(201);
      expectNoEmail(response.body);
      const created = response.json<ChatCreated>();
      chatId = created.chat.id;
      expect(created.message).toMatchObject({
        chat_id: chatId,
        kind: 'text',
        content: 'Hej, jeg har fundet din cykel.',
        sender: { role: 'contact', is_me: true, name: 'Kim Kontakt' },
        system_event: null,
        offer: null,
      });
      expect(created.chat.subject).toMatchObject({ kind: 'bike', id: bikeId });
      // What a stranger may see of the bike: brand and model, no frame number or plate.
      expect(created.chat.subject.bike).toMatchObject({
        bike_id: bikeId,
        brand: 'Kildemoes',
        frame_number: null,
      });
      expect(created.chat.participants).toEqual(
        expect.arrayContaining([
          { role: 'contact', is_me: true, name: 'Kim Kontakt' },
          { role: 'owner', is_me: false, name: null },
        ]),
      );
      expect(created.chat.unread_count).toBe(0);
      expect(created.chat.last_message?.id).toBe(created.message.id);
    });

    it('shows the owner the chat with one unread message, the contact by name and the bike in full', async () => {
      const response = await inject(owner.token, 'GET', '/api/chats/');
      expect(response.statusCode).toBe(200);
      expectNoEmail(response.body);
      const [chat] = response.json<ChatSummary[]>();
      expect(chat).toMatchObject({ id: chatId, unread_count: 1 });
      expect(chat?.subject.bike?.frame_number).toBe('WCHAT12345K');
      expect(chat?.participants).toEqual(
        expect.arrayContaining([
          { role: 'contact', is_me: false, name: 'Kim Kontakt' },
          { role: 'owner', is_me: true, name: 'Ole Ejer' },
        ]),
      );
      expect(chat?.last_message).toMatchObject({ sender: { is_me: false, name: 'Kim Kontakt' } });
      expect(await unreadOf(owner.token)).toBe(1);
    });

    it('continues the same chat when the caller writes about the bike again', async () => {
      const response = await inject(contact.token, 'POST', '/api/chats/', {
        subject_id: bikeId,
        content: 'Er du der?',
      });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json<ChatCreated>().chat.id).toBe(chatId);
      expect(await unreadOf(owner.token)).toBe(2);
      expect(await unreadOf(contact.token)).toBe(0);
    });

    it("reveals the owner's name once the owner writes back, and not before", async () => {
      expect((await chatOf(contact.token, chatId)).participants).toContainEqual({
        role: 'owner',
        is_me: false,
        name: null,
      });
      const answer = await send(owner.token, chatId, 'Tak! Hvor er den?');
      expect(answer.statusCode, answer.body).toBe(201);
      expect(answer.json<ChatMessage>().sender).toEqual({ role: 'owner', is_me: true, name: 'Ole Ejer' });
      const seen = await chatOf(contact.token, chatId);
      expectNoEmail(JSON.stringify(seen));
      expect(seen.participants).toContainEqual({ role: 'owner', is_me: false, name: 'Ole Ejer' });
      expect(seen.unread_count).toBe(1);
      // Writing is reading: the owner's own message moved their read position past everything.
      expect(await unreadOf(owner.token)).toBe(0);
    });

    it('refuses a chat about my own bike with 409 own_bike', async () => {
      const response = await inject(owner.token, 'POST', '/api/chats/', {
        subject_id: bikeId,
        content: 'Hej',
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: 'own_bike' });
    });

    it("answers 404 for another's private bike, an unknown id and a malformed one", async () => {
      const hidden = await insertBike(t.app.db, { ownerPartyId: owner.partyId, visibility: 'private' });
      for (const subjectId of [hidden.bikeId, randomUUID(), 'not-a-uuid']) {
        const response = await inject(stranger.token, 'POST', '/api/chats/', {
          subject_id: subjectId,
          content: 'Hej',
        });
        expect(response.statusCode, `${subjectId}: ${response.body}`).toBe(404);
      }
    });

    it('answers 401 to a visitor and 422 for a missing subject or content', async () => {
      expect(
        (await inject(null, 'POST', '/api/chats/', { subject_id: bikeId, content: 'Hej' })).statusCode,
      ).toBe(401);
      const missing = await inject(stranger.token, 'POST', '/api/chats/', {});
      expect(missing.statusCode).toBe(422);
      expect(
        missing.json<{ detail: Array<{ loc: string[] }> }>().detail.map((issue) => issue.loc.at(-1)),
      ).toEqual(expect.arrayContaining(['subject_id', 'content']));
    });

    it("continues a request's chat for its participants only", async () => {
      const requestId = uuidv7();
      await t.app.db.insert(ownershipRequests).values({
        id: requestId,
        bikeId,
        requesterPartyId: stranger.partyId,
        ownerPartyId: owner.partyId,
      });
      const requestChatId = await openChat(t.app.db, { kind: 'request', requestId, bikeId }, [
        { partyId: stranger.partyId, role: 'requester', isNameVisible: true },
        { partyId: owner.partyId, role: 'owner', isNameVisible: false },
      ]);
      const byRequester = await inject(stranger.token, 'POST', '/api/chats/', {
        subject_id: requestId,
        content: 'Må jeg overtage den?',
      });
      expect(byRequester.statusCode, byRequester.body).toBe(201);
      const created = byRequester.json<ChatCreated>();
      expect(created.chat).toMatchObject({ id: requestChatId, subject: { kind: 'request', id: requestId } });
      // The requester is a stranger to the bike; the owner sees their own bike in full.
      expect(created.chat.subject.bike?.frame_number).toBeNull();
      expect((await chatOf(owner.token, requestChatId)).subject.bike?.frame_number).toBe('WCHAT12345K');
      const byOther = await inject(contact.token, 'POST', '/api/chats/', {
        subject_id: requestId,
        content: 'Hej',
      });
      expect(byOther.statusCode).toBe(404);
    });
  });

  describe('who may see a chat', () => {
    it('answers 404 to anyone not taking part, staff included, and for malformed or unknown ids', async () => {
      for (const token of [stranger.token, staffToken]) {
        expect((await inject(token, 'GET', `/api/chats/${chatId}`)).statusCode).toBe(404);
        expect((await inject(token, 'GET', `/api/chats/${chatId}/messages`)).statusCode).toBe(404);
        expect((await send(token, chatId, 'Hej')).statusCode).toBe(404);
        const latest = (await chatOf(owner.token, chatId)).last_message?.id;
        expect(
          (await inject(token, 'POST', `/api/chats/${chatId}/read`, { message_id: latest })).statusCode,
        ).toBe(404);
      }
      expect((await inject(staffToken, 'GET', '/api/chats/')).json()).not.toContainEqual(
        expect.objectContaining({ id: chatId }),
      );
      for (const id of ['not-a-uuid', randomUUID()]) {
        expect((await inject(owner.token, 'GET', `/api/chats/${id}`)).statusCode).toBe(404);
        expect((await inject(owner.token, 'GET', `/api/chats/${id}/messages`)).statusCode).toBe(404);
        expect((await send(owner.token, id, 'Hej')).statusCode).toBe(404);
      }
    });

    it('answers 401 to a visitor on every chat route', async () => {
      const latest = (await chatOf(owner.token, chatId)).last_message?.id;
      const calls = [
        inject(null, 'GET', '/api/chats/'),
        inject(null, 'GET', '/api/chats/unread'),
        inject(null, 'GET', `/api/chats/${chatId}`),
        inject(null, 'GET', `/api/chats/${chatId}/messages`),
        inject(null, 'POST', `/api/chats/${chatId}/messages`, { content: 'Hej' }),
        inject(null, 'POST', `/api/chats/${chatId}/read`, { message_id: latest }),
      ];
      for (const response of await Promise.all(calls)) expect(response.statusCode).toBe(401);
    });

    it('lets staff switched into a participant read the chat but not write in their name', async () => {
      const switched = await switchInto(t.app, staffToken, owner.partyId);
      expect((await inject(switched, 'GET', `/api/chats/${chatId}`)).statusCode).toBe(200);
      const write = await send(switched, chatId, 'Support skriver');
      expect(write.statusCode).toBe(403);
      expect(write.json()).toMatchObject({ code: 'not_allowed_while_switched' });
    });
  });

  describe('writing', () => {
    it('refuses empty, blank and too long content with 422, and writes nothing', async () => {
      const before = (await chatOf(owner.token, chatId)).last_message?.id;
      for (const content of ['', '   ', 'x'.repeat(MESSAGE_MAX_LENGTH + 1)]) {
        const response = await send(contact.token, chatId, content);
        expect(response.statusCode, content.slice(0, 10)).toBe(422);
        const [issue] = response.json<{ detail: Array<{ loc: string[]; type: string }> }>().detail;
        expect(issue?.loc).toEqual(['body', 'content']);
        expect(issue?.type).toBe(content.length > MESSAGE_MAX_LENGTH ? 'too_long' : 'required');
      }
      expect((await send(contact.token, chatId, 'x'.repeat(MESSAGE_MAX_LENGTH))).statusCode).toBe(201);
      expect((await chatOf(owner.token, chatId)).last_message?.id).not.toBe(before);
    });

    it('limits how many messages one account writes per minute (429)', async () => {
      const chatty = await signUpUser(t.app);
      const statuses: number[] = [];
      for (let index = 0; index < 31; index += 1) {
        const response = await inject(chatty.token, 'POST', '/api/chats/', {
          subject_id: bikeId,
          content: `Besked ${index}`,
        });
        statuses.push(response.statusCode);
      }
      expect(statuses.slice(0, 30).every((status) => status === 201)).toBe(true);
      expect(statuses[30]).toBe(429);
    });
  });

  describe('pages of messages', () => {
    let pagedChatId: string;
    let written: string[];

    beforeAll(async () => {
      // More messages than the per-minute budget allows: written as the service does it.
      const pager = await person(t.app, 'Pia', 'Pager');
      const bike = await insertBike(t.app.db, { ownerPartyId: owner.partyId });
      pagedChatId = await openChat(
        t.app.db,
        { kind: 'bike', bikeId: bike.bikeId, startedByPartyId: pager.partyId },
        [
          { partyId: pager.partyId, role: 'contact', isNameVisible: true },
          { partyId: owner.partyId, role: 'owner', isNameVisible: false },
        ],
      );
      written = [];
      for (let index = 0; index < MESSAGES_PAGE_SIZE + 12; index += 1) {
        const posted = await postMessage(t.app.db, {
          kind: 'text',
          chatId: pagedChatId,
          senderPartyId: index % 2 === 0 ? pager.partyId : owner.partyId,
          content: `m${index}`,
        });
        written.push(posted.id);
      }
    });

    it('answers the newest page oldest first, then the older ones through next_before', async () => {
      const first = await inject(owner.token, 'GET', `/api/chats/${pagedChatId}/messages`);
      expect(first.statusCode, first.body).toBe(200);
      const page1 = first.json<ChatMessagePage>();
      expect(page1.messages.map((message) => message.id)).toEqual(written.slice(12));
      expect(page1.messages[0]?.content).toBe('m12');
      expect(page1.next_before).toBe(written[12]);

      const second = await inject(
        owner.token,
        'GET',
        `/api/chats/${pagedChatId}/messages?before=${page1.next_before}`,
      );
      const page2 = second.json<ChatMessagePage>();
      expect(page2.messages.map((message) => message.content)).toEqual(
        Array.from({ length: 12 }, (_, index) => `m${index}`),
      );
      expect(page2.next_before).toBeNull();
    });

    it('presents every message for the reader: is_me per side, the other side anonymous until written', async () => {
      const page = (
        await inject(owner.token, 'GET', `/api/chats/${pagedChatId}/messages`)
      ).json<ChatMessagePage>();
      const mine = page.messages.filter((message) => message.sender?.is_me);
      const theirs = page.messages.filter((message) => message.sender && !message.sender.is_me);
      expect(mine.length).toBeGreaterThan(0);
      expect(theirs.every((message) => message.sender?.name === 'Pia Pager')).toBe(true);
      expectNoEmail(JSON.stringify(page));
    });

    it('refuses a malformed before with 422', async () => {
      const response = await inject(owner.token, 'GET', `/api/chats/${pagedChatId}/messages?before=nope`);
      expect(response.statusCode).toBe(422);
      expect(response.json<{ detail: Array<{ loc: string[] }> }>().detail[0]?.loc).toEqual([
        'query',
        'before',
      ]);
    });

    it('lists chats newest activity first', async () => {
      const list = (await inject(owner.token, 'GET', '/api/chats/')).json<ChatSummary[]>();
      const times = list.map((chat) => chat.updated_at);
      expect([...times].sort().reverse()).toEqual(times);
      expect(list.map((chat) => chat.id)).toContain(pagedChatId);
    });
  });

  describe('reading (POST /api/chats/{id}/read) and unread counts', () => {
    let readChatId: string;
    let ids: string[];
    let reader: TestUser;
    let writer: TestUser;

    beforeAll(async () => {
      reader = await person(t.app, 'Rie', 'Reader');
      writer = await person(t.app, 'Will', 'Writer');
      const bike = await insertBike(t.app.db, { ownerPartyId: reader.partyId });
      const opened = await inject(writer.token, 'POST', '/api/chats/', {
        subject_id: bike.bikeId,
        content: 'Et',
      });
      readChatId = opened.json<ChatCreated>().chat.id;
      ids = [opened.json<ChatCreated>().message.id];
      for (const content of ['To', 'Tre'])
        ids.push((await send(writer.token, readChatId, content)).json<ChatMessage>().id);
    });

    it('counts what the reader has not read, per chat and in total', async () => {
      expect(await unreadOf(reader.token)).toBe(3);
      expect((await chatOf(reader.token, readChatId)).unread_count).toBe(3);
      expect(await unreadOf(writer.token)).toBe(0);
    });

    it('moves the read position forward, never back', async () => {
      const read = (messageId: string | undefined) =>
        inject(reader.token, 'POST', `/api/chats/${readChatId}/read`, { message_id: messageId });
      expect((await read(ids[1])).statusCode).toBe(204);
      expect(await unreadOf(reader.token)).toBe(1);
      expect((await read(ids[0])).statusCode).toBe(204);
      expect(await unreadOf(reader.token)).toBe(1);
      expect((await read(ids[2])).statusCode).toBe(204);
      expect(await unreadOf(reader.token)).toBe(0);
      const list = (await inject(reader.token, 'GET', '/api/chats/')).json<ChatSummary[]>();
      expect(list.find((chat) => chat.id === readChatId)?.unread_count).toBe(0);
    });

    it("refuses another chat's message (404) and a malformed id (422)", async () => {
      const otherMessage = (await chatOf(owner.token, chatId)).last_message?.id;
      const foreign = await inject(reader.token, 'POST', `/api/chats/${readChatId}/read`, {
        message_id: otherMessage,
      });
      expect(foreign.statusCode).toBe(404);
      const malformed = await inject(reader.token, 'POST', `/api/chats/${readChatId}/read`, {
        message_id: 'x',
      });
      expect(malformed.statusCode).toBe(422);
    });
  });
});
