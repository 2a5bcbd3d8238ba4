import { randomUUID } from 'node:crypto';
import type { RealtimeEvent } from '@nbr/domain/chats';
import { REALTIME_TICKET_SECONDS } from '@nbr/domain/chats';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { bearer, claimsOf, logIn, signUpUser, type TestUser } from '../../test/identity-helpers.ts';
import {
  connect,
  eventually,
  listen,
  openSocket,
  ticketFor,
  websocketUrl,
} from '../../test/realtime-helpers.ts';
import { generateSigningKeys } from '../auth/keys.ts';
import { CLOSE_SESSION_ENDED } from './realtime.routes.ts';
import { issueTicket } from './tickets.ts';

/*
 * The websocket through a real port: tickets, the check before the upgrade, delivery per party,
 * pings, limits, and a socket closed once its session ends. One instance, in-process hub (the
 * Redis hub between two instances: realtime.redis.test.ts).
 */

/** What any refused token or ticket answers (`detail` untranslated, as existing clients expect). */
const INVALID_TOKEN = { detail: 'invalid_token', code: 'invalid_token' };

const chatRead = (unreadCount: number): Extract<RealtimeEvent, { type: 'chat.read' }> => ({
  type: 'chat.read',
  chat_id: randomUUID(),
  unread_count: unreadCount,
});

describe('the websocket', () => {
  let t: TestApp;
  let baseUrl: string;
  const logLines: string[] = [];
  let p: TestUser;
  let q: TestUser;

  beforeAll(async () => {
    t = await createTestApp({
      env: { LOG_LEVEL: 'info' },
      logStream: { write: (line) => logLines.push(line) },
      // A short heartbeat: a revoked session's socket is closed within a fraction of a second.
      realtimeSettings: { heartbeatMs: 200, maxConnectionsPerParty: 3 },
    });
    baseUrl = await listen(t.app);
    [p, q] = await Promise.all([signUpUser(t.app), signUpUser(t.app)]);
  });

  afterAll(async () => {
    await t?.close();
  });

  describe('tickets', () => {
    it('are refused to a visitor', async () => {
      const response = await t.app.inject({ method: 'POST', url: '/api/ws/tickets' });
      expect(response.statusCode).toBe(401);
    });

    it('name the session and the party, expire after a minute and are no access token', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/ws/tickets',
        headers: bearer(p.token),
      });
      expect(response.statusCode).toBe(200);
      const body = response.json<{ ticket: string; expires_in: number }>();
      expect(body.expires_in).toBe(REALTIME_TICKET_SECONDS);
      const claims = decodeJwt(body.ticket);
      expect(claims).toMatchObject({ session: claimsOf(p.token).sid, party: p.partyId, aud: 'nbr:realtime' });
      expect(claims.exp! - claims.iat!).toBe(REALTIME_TICKET_SECONDS);
      expect(decodeProtectedHeader(body.ticket).typ).toBe('nbr-ws-ticket+jwt');
      // Nothing of an access token: no e-mail, no party ids under their token names.
      expect(claims).not.toHaveProperty('sid');
      expect(claims).not.toHaveProperty('party_id');
      expect(claims).not.toHaveProperty('email');
    });

    it('are refused as a bearer token', async () => {
      const ticket = await ticketFor(t.app, p.token);
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/identities/me',
        headers: bearer(ticket),
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(INVALID_TOKEN);
    });
  });

  describe('opening', () => {
    it('without a ticket is refused with 401 before the upgrade', async () => {
      const outcome = await connect(websocketUrl(baseUrl));
      expect(outcome).toMatchObject({ kind: 'refused', status: 401 });
      expect(outcome.kind === 'refused' && JSON.parse(outcome.body)).toEqual(INVALID_TOKEN);
    });

    it('with an access token as the ticket is refused', async () => {
      const outcome = await connect(websocketUrl(baseUrl, p.token));
      expect(outcome).toMatchObject({ kind: 'refused', status: 401 });
      expect(outcome.kind === 'refused' && JSON.parse(outcome.body)).toEqual(INVALID_TOKEN);
    });

    it('with an access token in the header and no ticket is refused', async () => {
      const outcome = await new Promise<{ status: number }>((resolve, reject) => {
        const socket = new WebSocket(websocketUrl(baseUrl), { headers: bearer(p.token) });
        socket.once('open', () => {
          socket.terminate();
          resolve({ status: 101 });
        });
        socket.once('unexpected-response', (_request, response) => {
          socket.terminate();
          resolve({ status: response.statusCode ?? 0 });
        });
        socket.once('error', reject);
      });
      expect(outcome.status).toBe(401);
    });

    it('with an expired ticket is refused with 401 before the upgrade', async () => {
      const claims = claimsOf(p.token);
      const { ticket } = await issueTicket(
        t.app.authenticator.keys,
        { sessionId: String(claims.sid), partyId: p.partyId },
        new Date(Date.now() - (REALTIME_TICKET_SECONDS + 5) * 1000),
      );
      const outcome = await connect(websocketUrl(baseUrl, ticket));
      expect(outcome).toMatchObject({ kind: 'refused', status: 401 });
      expect(outcome.kind === 'refused' && JSON.parse(outcome.body)).toEqual(INVALID_TOKEN);
    });

    it('with a ticket signed by other keys is refused', async () => {
      const claims = claimsOf(p.token);
      const { ticket } = await issueTicket(await generateSigningKeys(), {
        sessionId: String(claims.sid),
        partyId: p.partyId,
      });
      expect(await connect(websocketUrl(baseUrl, ticket))).toMatchObject({ kind: 'refused', status: 401 });
    });

    it('with a tampered ticket (another party) is refused', async () => {
      const ticket = await ticketFor(t.app, p.token);
      const [header, payload, signature] = ticket.split('.');
      const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as Record<
        string,
        unknown
      >;
      const forged = Buffer.from(JSON.stringify({ ...claims, party: q.partyId })).toString('base64url');
      const outcome = await connect(websocketUrl(baseUrl, `${header}.${forged}.${signature}`));
      expect(outcome).toMatchObject({ kind: 'refused', status: 401 });
    });

    it('with a ticket of a session that has ended is refused', async () => {
      const token = await logIn(t.app, p.email, p.password);
      const ticket = await ticketFor(t.app, token);
      const logout = await t.app.inject({
        method: 'POST',
        url: '/api/identities/authentications/logout',
        headers: bearer(token),
      });
      expect(logout.statusCode).toBeLessThan(300);
      const outcome = await connect(websocketUrl(baseUrl, ticket));
      expect(outcome).toMatchObject({ kind: 'refused', status: 401 });
    });

    it('with a ticket that already opened a socket is refused (single use, issue 27)', async () => {
      const ticket = await ticketFor(t.app, p.token);
      const first = await connect(websocketUrl(baseUrl, ticket));
      expect(first.kind).toBe('open');
      const second = await connect(websocketUrl(baseUrl, ticket));
      expect(second).toMatchObject({ kind: 'refused', status: 401 });
      // Also once the first socket has closed: the ticket is used up, not the connection slot.
      if (first.kind === 'open') await first.live.close();
      const third = await connect(websocketUrl(baseUrl, ticket));
      expect(third).toMatchObject({ kind: 'refused', status: 401 });
    });

    it('over plain HTTP (no upgrade) with a valid ticket answers 400', async () => {
      const ticket = await ticketFor(t.app, p.token);
      const response = await t.app.inject({ method: 'GET', url: `/api/ws?ticket=${ticket}` });
      expect(response.statusCode).toBe(400);
    });

    it('keeps the ticket out of the request log', async () => {
      const ticket = await ticketFor(t.app, p.token);
      const live = await openSocket(t.app, baseUrl, p.token);
      await live.close();
      await connect(websocketUrl(baseUrl, ticket)).then((outcome) => {
        if (outcome.kind === 'open') outcome.socket.terminate();
      });
      const log = logLines.join('\n');
      expect(log).toContain('/api/ws?ticket=[redacted]');
      expect(log).not.toContain(ticket);
      expect(log).not.toContain(ticket.split('.')[2]);
    });
  });

  describe('an open socket', () => {
    it('says ready, answers pings and ignores anything else', async () => {
      const live = await openSocket(t.app, baseUrl, p.token);
      expect(live.events).toEqual([{ type: 'ready' }]);
      live.socket.send('ping');
      await live.waitFor('pong');
      live.socket.send(JSON.stringify({ type: 'chat.message', chat_id: randomUUID() }));
      live.socket.send('hello');
      live.socket.send(JSON.stringify({ type: 'ping' }));
      await live.waitFor('pong');
      expect(live.events).toEqual([{ type: 'ready' }, { type: 'pong' }, { type: 'pong' }]);
      await live.close();
    });

    it("receives the party's events and not another party's", async () => {
      const [ofP, ofQ] = await Promise.all([
        openSocket(t.app, baseUrl, p.token),
        openSocket(t.app, baseUrl, q.token),
      ]);
      const forP = chatRead(3);
      await t.app.realtime.publish(p.partyId, forP);
      expect(await ofP.waitFor('chat.read')).toEqual(forP);
      // A marker for Q after P's event: had P's event gone to Q too, it would have come first.
      const forQ = chatRead(7);
      await t.app.realtime.publish(q.partyId, forQ);
      await ofQ.waitFor('chat.read');
      expect(ofQ.events).toEqual([{ type: 'ready' }, forQ]);
      await Promise.all([ofP.close(), ofQ.close()]);
    });

    it('reaches every socket of the party (tabs, devices)', async () => {
      const tabs = await Promise.all([
        openSocket(t.app, baseUrl, p.token),
        openSocket(t.app, baseUrl, await logIn(t.app, p.email, p.password)),
      ]);
      const event = chatRead(1);
      await t.app.realtime.publish(p.partyId, event);
      for (const tab of tabs) expect(await tab.waitFor('chat.read')).toEqual(event);
      await Promise.all(tabs.map((tab) => tab.close()));
    });

    it('makes the party online until it closes', async () => {
      const user = await signUpUser(t.app);
      expect(await t.app.realtime.isOnline(user.partyId)).toBe(false);
      const live = await openSocket(t.app, baseUrl, user.token);
      expect(await t.app.realtime.isOnline(user.partyId)).toBe(true);
      await live.close();
      await eventually(async () => !(await t.app.realtime.isOnline(user.partyId)));
    });

    it('is closed with 4401 once its session ends (logout)', async () => {
      const token = await logIn(t.app, q.email, q.password);
      const live = await openSocket(t.app, baseUrl, token);
      const logout = await t.app.inject({
        method: 'POST',
        url: '/api/identities/authentications/logout',
        headers: bearer(token),
      });
      expect(logout.statusCode).toBeLessThan(300);
      expect(await live.closed).toEqual({ code: CLOSE_SESSION_ENDED, reason: 'session_ended' });
      // Closed for good: the party no longer receives on it.
      expect(live.socket.readyState).toBe(live.socket.CLOSED);
    });

    it('stays open while its session lives', async () => {
      const live = await openSocket(t.app, baseUrl, p.token);
      // Several heartbeats (200 ms each) pass: each one checks the session and keeps the socket.
      let pongs = 0;
      while (pongs < 5) {
        live.socket.send('ping');
        await live.waitFor('pong');
        pongs += 1;
        await new Promise((resolve) => setTimeout(resolve, 120));
      }
      expect(live.socket.readyState).toBe(live.socket.OPEN);
      await live.close();
    });

    it('refuses a frame larger than a ping', async () => {
      const live = await openSocket(t.app, baseUrl, p.token);
      live.socket.send('x'.repeat(64 * 1024));
      expect((await live.closed).code).toBe(1009);
    });
  });

  it('refuses more sockets per party than the limit, before the upgrade', async () => {
    const user = await signUpUser(t.app);
    const open = await Promise.all([1, 2, 3].map(() => openSocket(t.app, baseUrl, user.token)));
    const outcome = await connect(websocketUrl(baseUrl, await ticketFor(t.app, user.token)));
    expect(outcome).toMatchObject({ kind: 'refused', status: 429 });
    // Another party is not affected.
    const other = await openSocket(t.app, baseUrl, q.token);
    await other.close();
    await open[0]!.close();
    // One closed: room for one more (the server counts the close once it has seen it).
    await eventually(async () => {
      const retry = await connect(websocketUrl(baseUrl, await ticketFor(t.app, user.token)));
      if (retry.kind === 'refused') return false;
      open[0] = retry.live;
      return true;
    });
    await Promise.all(open.map((live) => live.close()));
  });
});
