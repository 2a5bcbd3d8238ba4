import { CHAT_EMAIL_DELAY_MINUTES, type ChatCreated, type ChatMessage } from '@nbr/domain/chats';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBike } from '../../test/bike-helpers.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { bearer, mailsTo, signUpUser, type TestUser } from '../../test/identity-helpers.ts';
import { requireOwnRedis, startTwoAppsOnRedis, type TwoAppsOnRedis } from '../../test/own-redis-helpers.ts';
import type { OwnRedis } from '../../test/own-services.ts';
import {
  canRunTwoInstances,
  eventually,
  listen,
  openSocket,
  startTwoInstances,
  type TwoInstances,
} from '../../test/realtime-helpers.ts';

/*
 * Chat messages arrive live on the websocket, each as its reader sees it: on one instance, and
 * between two instances through Redis (PostgreSQL + Redis only, like the hub's own test).
 */

async function person(app: FastifyInstance, firstName: string): Promise<TestUser> {
  const user = await signUpUser(app);
  const response = await app.inject({
    method: 'PUT',
    url: '/api/identities/me',
    headers: bearer(user.token),
    payload: { first_name: firstName, last_name: 'Live' },
  });
  if (response.statusCode !== 200) throw new Error(`profile answered ${response.statusCode}`);
  return user;
}

async function contactOwner(app: FastifyInstance, from: TestUser, bikeId: string, content: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/chats/',
    headers: bearer(from.token),
    payload: { subject_id: bikeId, content },
  });
  if (response.statusCode !== 201) throw new Error(`POST /api/chats answered ${response.body}`);
  return response.json<ChatCreated>();
}

describe('chat messages live, one instance', () => {
  let t: TestApp;
  let baseUrl: string;
  let owner: TestUser;
  let finder: TestUser;
  let bikeId: string;

  beforeAll(async () => {
    t = await createTestApp();
    baseUrl = await listen(t.app);
    [owner, finder] = await Promise.all([person(t.app, 'Owner'), person(t.app, 'Finder')]);
    bikeId = (await insertBike(t.app.db, { ownerPartyId: owner.partyId })).bikeId;
  });

  afterAll(async () => {
    await t?.close();
  });

  it('reaches the recipient as they see it, and the writer as theirs', async () => {
    const [ownerSocket, finderSocket] = await Promise.all([
      openSocket(t.app, baseUrl, owner.token),
      openSocket(t.app, baseUrl, finder.token),
    ]);
    try {
      const created = await contactOwner(t.app, finder, bikeId, 'Din cykel står ved stationen');
      const received = await ownerSocket.waitFor(
        'chat.message',
        (event) => event.message.id === created.message.id,
      );
      expect(received.chat_id).toBe(created.chat.id);
      expect(received.message).toMatchObject({
        kind: 'text',
        content: 'Din cykel står ved stationen',
        sender: { role: 'contact', is_me: false, name: 'Finder Live' },
      });
      const echoed = await finderSocket.waitFor(
        'chat.message',
        (event) => event.message.id === created.message.id,
      );
      expect(echoed.message.sender).toEqual({ role: 'contact', is_me: true, name: 'Finder Live' });

      // The owner answers: the finder sees the name from now on, and nobody's e-mail address.
      const answer = await t.app.inject({
        method: 'POST',
        url: `/api/chats/${created.chat.id}/messages`,
        headers: bearer(owner.token),
        payload: { content: 'Tak!' },
      });
      const answerId = answer.json<ChatMessage>().id;
      const toFinder = await finderSocket.waitFor('chat.message', (event) => event.message.id === answerId);
      expect(toFinder.message.sender).toEqual({ role: 'owner', is_me: false, name: 'Owner Live' });
      const frames = JSON.stringify([...ownerSocket.events, ...finderSocket.events]);
      expect(frames).not.toContain(owner.email);
      expect(frames).not.toContain(finder.email);
    } finally {
      await Promise.all([ownerSocket.close(), finderSocket.close()]);
    }
  });

  it("tells the reader's other tabs the new unread count, and nobody else", async () => {
    const created = await contactOwner(t.app, finder, bikeId, 'Endnu en besked');
    const [tabA, tabB, finderSocket] = await Promise.all([
      openSocket(t.app, baseUrl, owner.token),
      openSocket(t.app, baseUrl, owner.token),
      openSocket(t.app, baseUrl, finder.token),
    ]);
    try {
      const read = await t.app.inject({
        method: 'POST',
        url: `/api/chats/${created.chat.id}/read`,
        headers: bearer(owner.token),
        payload: { message_id: created.message.id },
      });
      expect(read.statusCode).toBe(204);
      for (const tab of [tabA, tabB]) {
        expect(await tab.waitFor('chat.read')).toEqual({
          type: 'chat.read',
          chat_id: created.chat.id,
          unread_count: 0,
        });
      }
      // A message after the read proves the finder's socket is live and got no chat.read before it.
      await contactOwner(t.app, finder, bikeId, 'Sidste');
      await finderSocket.waitFor('chat.message', (event) => event.message.content === 'Sidste');
      expect(finderSocket.events.filter((event) => event.type === 'chat.read')).toEqual([]);
    } finally {
      await Promise.all([tabA.close(), tabB.close(), finderSocket.close()]);
    }
  });
});

describe.skipIf(!canRunTwoInstances)('chat messages live between two instances (PostgreSQL + Redis)', () => {
  let two: TwoInstances;
  let owner: TestUser;
  let finder: TestUser;
  let bikeId: string;

  beforeAll(async () => {
    two = await startTwoInstances();
    [owner, finder] = await Promise.all([person(two.a.app, 'Owner'), person(two.a.app, 'Finder')]);
    bikeId = (await insertBike(two.a.test.database.db, { ownerPartyId: owner.partyId })).bikeId;
  });

  afterAll(async () => {
    await two?.close();
  });

  it("a message POSTed through instance A reaches the recipient's socket on instance B", async () => {
    const ownerOnB = await openSocket(two.b.app, two.b.baseUrl, owner.token);
    try {
      const created = await contactOwner(two.a.app, finder, bikeId, 'Via instans A');
      const received = await ownerOnB.waitFor(
        'chat.message',
        (event) => event.message.id === created.message.id,
      );
      expect(received.message).toMatchObject({
        content: 'Via instans A',
        sender: { role: 'contact', is_me: false, name: 'Finder Live' },
      });
    } finally {
      await ownerOnB.close();
    }
  });

  it('does not mail someone connected to the other instance, and mails them once they are gone', async () => {
    const ownerOnB = await openSocket(two.b.app, two.b.baseUrl, owner.token);
    const due = new Date(Date.now() + (CHAT_EMAIL_DELAY_MINUTES + 1) * 60_000);
    const db = two.a.test.database.db;
    try {
      await contactOwner(two.a.app, finder, bikeId, 'Er du online?');
      const report = await two.a.app.chatNotifier.runOnce(due);
      expect(report.online).toBeGreaterThanOrEqual(1);
      expect(await mailsTo(db, owner.email, 'chat_unread')).toHaveLength(0);
    } finally {
      await ownerOnB.close();
    }
    // Presence is dropped when the socket closes; the next pass on A mails them.
    await eventually(async () => (await two.a.app.chatNotifier.runOnce(due)).mailed > 0);
    expect(await mailsTo(db, owner.email, 'chat_unread')).toHaveLength(1);
  });
});

/*
 * Redis killed under two instances (a redis-server of the test's own, one shared database): a
 * message written during the outage is saved and answered, the sockets of both instances are told
 * to resync once Redis is back, and the refetch they then make has the message.
 */
describe('chat messages across a Redis outage', () => {
  let redis: OwnRedis;
  let two: TwoAppsOnRedis;
  let baseUrlA: string;
  let baseUrlB: string;
  let owner: TestUser;
  let finder: TestUser;
  let bikeId: string;

  beforeAll(async () => {
    redis = await requireOwnRedis();
    two = await startTwoAppsOnRedis(redis.url);
    [baseUrlA, baseUrlB] = await Promise.all([listen(two.a.app), listen(two.b)]);
    [owner, finder] = await Promise.all([person(two.a.app, 'Owner'), person(two.a.app, 'Finder')]);
    bikeId = (await insertBike(two.a.database.db, { ownerPartyId: owner.partyId })).bikeId;
  }, 60_000);

  afterAll(async () => {
    await two?.close();
    await redis?.destroy();
  });

  it('saves a message written while Redis is down, tells both instances’ sockets to resync, and the refetch has it', async () => {
    const [ownerOnA, finderOnB] = await Promise.all([
      openSocket(two.a.app, baseUrlA, owner.token),
      openSocket(two.b, baseUrlB, finder.token),
    ]);
    try {
      await redis.kill();
      // Written through B while nothing carries it to A: the write itself succeeds.
      const created = await contactOwner(two.b, finder, bikeId, 'Skrevet mens Redis var nede');
      await redis.start();
      await ownerOnA.waitFor('resync', undefined, 30_000);
      await finderOnB.waitFor('resync', undefined, 30_000);
      // What the web app does on resync: fetch the chat again; the message is there.
      const messages = await two.a.app.inject({
        method: 'GET',
        url: `/api/chats/${created.chat.id}/messages`,
        headers: bearer(owner.token),
      });
      expect(messages.statusCode).toBe(200);
      expect(JSON.stringify(messages.json())).toContain(created.message.id);
      // And live delivery between the instances works again.
      const answer = await two.a.app.inject({
        method: 'POST',
        url: `/api/chats/${created.chat.id}/messages`,
        headers: bearer(owner.token),
        payload: { content: 'Tak, Redis er tilbage' },
      });
      const answerId = answer.json<ChatMessage>().id;
      await finderOnB.waitFor('chat.message', (event) => event.message.id === answerId, 30_000);
    } finally {
      await Promise.all([ownerOnA.close(), finderOnB.close()]);
    }
  }, 90_000);

  it('mails someone connected only to the other instance while presence cannot be read', async () => {
    const ownerOnB = await openSocket(two.b, baseUrlB, owner.token);
    const due = new Date(Date.now() + (CHAT_EMAIL_DELAY_MINUTES + 1) * 60_000);
    try {
      await contactOwner(two.a.app, finder, bikeId, 'Er du der?');
      await redis.kill();
      // A cannot see B's socket: the owner counts as offline and is mailed rather than never told.
      const report = await two.a.app.chatNotifier.runOnce(due);
      expect(report.mailed).toBeGreaterThan(0);
      expect(await mailsTo(two.a.database.db, owner.email, 'chat_unread')).not.toHaveLength(0);
    } finally {
      await ownerOnB.close();
      await redis.start();
    }
  }, 60_000);
});
