import { randomUUID } from 'node:crypto';
import type { RealtimeEvent } from '@nbr/domain/chats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, logIn, signUpUser, type TestUser } from '../../test/identity-helpers.ts';
import {
  canRunTwoInstances,
  connect,
  eventually,
  openSocket,
  startTwoInstances,
  type TwoInstances,
  ticketFor,
  websocketUrl,
} from '../../test/realtime-helpers.ts';
import { CLOSE_SESSION_ENDED } from './realtime.routes.ts';

/*
 * Two API instances behind one address: one PostgreSQL (TEST_DATABASE_URL, project api-postgres)
 * and one Redis (TEST_REDIS_URL), each instance listening on its own port with its own Redis hub.
 * Skipped where either is missing; CI has both.
 */

const chatRead = (unreadCount: number): Extract<RealtimeEvent, { type: 'chat.read' }> => ({
  type: 'chat.read',
  chat_id: randomUUID(),
  unread_count: unreadCount,
});

describe.skipIf(!canRunTwoInstances)('two API instances sharing Redis', () => {
  let two: TwoInstances;
  let p: TestUser;
  let q: TestUser;

  beforeAll(async () => {
    // A short heartbeat: a session ended through one instance closes the socket on the other soon.
    two = await startTwoInstances({ realtimeSettings: { heartbeatMs: 200 } });
    [p, q] = await Promise.all([signUpUser(two.a.app), signUpUser(two.a.app)]);
  });

  afterAll(async () => {
    await two?.close();
  });

  it('opens one socket per ticket across the instances: the copy sent to B is refused (issue 27)', async () => {
    const ticket = await ticketFor(two.a.app, p.token);
    const onA = await connect(websocketUrl(two.a.baseUrl, ticket));
    expect(onA.kind).toBe('open');
    expect(await connect(websocketUrl(two.b.baseUrl, ticket))).toMatchObject({
      kind: 'refused',
      status: 401,
    });
    if (onA.kind === 'open') await onA.live.close();
  });

  it('delivers an event published through A to the socket on B, and only to its party', async () => {
    const [pOnB, qOnB] = await Promise.all([
      openSocket(two.b.app, two.b.baseUrl, p.token),
      openSocket(two.b.app, two.b.baseUrl, q.token),
    ]);
    const forP = chatRead(2);
    await two.a.app.realtime.publish(p.partyId, forP);
    expect(await pOnB.waitFor('chat.read')).toEqual(forP);
    // A marker for Q published after P's event on the same channel: Q would have had P's first.
    const forQ = chatRead(5);
    await two.a.app.realtime.publish(q.partyId, forQ);
    await qOnB.waitFor('chat.read');
    expect(qOnB.events).toEqual([{ type: 'ready' }, forQ]);
    await Promise.all([pOnB.close(), qOnB.close()]);
  });

  it('delivers once to sockets of the party on both instances, whichever publishes', async () => {
    const [onA, onB] = await Promise.all([
      openSocket(two.a.app, two.a.baseUrl, p.token),
      openSocket(two.b.app, two.b.baseUrl, p.token),
    ]);
    const first = chatRead(1);
    const second = chatRead(2);
    await two.b.app.realtime.publish(p.partyId, first);
    await two.b.app.realtime.publish(p.partyId, second);
    for (const live of [onA, onB]) {
      await live.waitFor('chat.read', (event) => event.chat_id === second.chat_id);
      // The publishing instance delivers to its own sockets directly and ignores its own echo.
      expect(live.events).toEqual([{ type: 'ready' }, first, second]);
    }
    await Promise.all([onA.close(), onB.close()]);
  });

  it('shows a party connected on B as online on A, until the socket closes', async () => {
    const user = await signUpUser(two.a.app);
    expect(await two.a.app.realtime.isOnline(user.partyId)).toBe(false);
    const live = await openSocket(two.b.app, two.b.baseUrl, user.token);
    await eventually(() => two.a.app.realtime.isOnline(user.partyId));
    await live.close();
    await eventually(async () => !(await two.a.app.realtime.isOnline(user.partyId)));
    expect(await two.b.app.realtime.isOnline(user.partyId)).toBe(false);
  });

  it('opens a socket on B with a ticket issued by A', async () => {
    const outcome = await connect(websocketUrl(two.b.baseUrl, await ticketFor(two.a.app, p.token)));
    expect(outcome.kind).toBe('open');
    if (outcome.kind === 'open') {
      await outcome.live.waitFor('ready');
      await outcome.live.close();
    }
  });

  it('closes the socket on B with 4401 when the session is ended through A', async () => {
    const token = await logIn(two.a.app, q.email, q.password);
    const live = await openSocket(two.b.app, two.b.baseUrl, token);
    const logout = await two.a.app.inject({
      method: 'POST',
      url: '/api/identities/authentications/logout',
      headers: bearer(token),
    });
    expect(logout.statusCode).toBeLessThan(300);
    expect((await live.closed).code).toBe(CLOSE_SESSION_ENDED);
  });
});
