import websocket from '@fastify/websocket';
import { type RealtimeEvent, RealtimeTicketSchema } from '@nbr/domain/chats';
import { DOCK_SUBPROTOCOL } from '@nbr/domain/dock-protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { requireAuth } from '../auth/access.ts';
import type { SigningKeys } from '../auth/keys.ts';
import { findLiveSession } from '../auth/sessions.ts';
import { useTokenOnce } from '../auth/single-use.ts';
import { AppError } from '../errors.ts';
import { SWITCHING_PROTOCOLS } from '../http/openapi.ts';
import { perAccountBudget } from '../http/rate-limit.ts';
import type { RealtimeHub } from './hub.ts';
import { issueTicket, type TicketClaims, verifyTicket } from './tickets.ts';

/*
 * The live channel (GET /api/ws): the browser asks for a ticket over HTTP with its access token
 * (POST /api/ws/tickets), then opens the websocket with `?ticket=…` — browsers cannot send headers
 * on a websocket. The ticket is checked, and the session it names must be live, before the upgrade:
 * a bad, expired, already used or missing ticket answers 401 `{"detail":"invalid_token"}` as plain HTTP. Once open,
 * the socket receives the party's events (RealtimeEventSchema) as JSON text frames and nothing is
 * written through it: writes are HTTP. Events are not replayed: when some may have been lost (the
 * instances' link through Redis dropped), the hub sends `resync` and the client fetches again. The server pings every `heartbeatMs`; each time it also checks
 * the session and closes with 4401 once it ended (logout, password change, deletion, left the
 * organisation it acted for), so the browser gets a fresh token and ticket or signs out.
 */

/** Close code when the session behind the socket ended: get a fresh token and ticket (or sign out). */
export const CLOSE_SESSION_ENDED = 4401;
/** Close code when the party has too many sockets open on this instance. */
export const CLOSE_TOO_MANY_CONNECTIONS = 4429;
/** Close code when the instance shuts down (RFC 6455 "going away"): reconnect, to another instance. */
export const CLOSE_GOING_AWAY = 1001;
/** Frames from the client are a `ping` at most: anything larger is refused by the socket itself. */
export const WEBSOCKET_MAX_PAYLOAD_BYTES = 1024;

export interface RealtimeSettings {
  /** How often the server pings each socket and re-checks its session. */
  heartbeatMs: number;
  /** Open sockets per party on one instance (tabs and devices); more are refused. */
  maxConnectionsPerParty: number;
  /** Tickets per person per minute. */
  ticketsPerMinute: number;
}

export const DEFAULT_REALTIME_SETTINGS: RealtimeSettings = {
  heartbeatMs: 30_000,
  maxConnectionsPerParty: 10,
  ticketsPerMinute: 60,
};

export interface RealtimeDeps {
  db: Database;
  hub: RealtimeHub;
  keys: SigningKeys;
}

export interface RealtimeRoutesOptions {
  deps: RealtimeDeps;
  settings?: Partial<RealtimeSettings>;
}

/**
 * The websocket server. Registered on the app before the routes, so that an upgrade aimed at any
 * other address is closed rather than left hanging. Closing the app closes every socket with 1001
 * (the plugin's own close sends no code, which browsers see as 1005).
 */
export async function registerWebsocketServer(app: FastifyInstance): Promise<void> {
  await app.register(websocket, {
    options: {
      maxPayload: WEBSOCKET_MAX_PAYLOAD_BYTES,
      // Lock devices ask for their protocol's subprotocol (docks/lock-devices.routes.ts, which refuses
      // an upgrade that does not offer it); browsers ask for none.
      handleProtocols: (offered) => (offered.has(DOCK_SUBPROTOCOL) ? DOCK_SUBPROTOCOL : false),
    },
    preClose(done) {
      for (const client of this.websocketServer.clients)
        client.close(CLOSE_GOING_AWAY, 'server_shutting_down');
      this.websocketServer.close();
      done();
    },
  });
}

/** The session still acts for the party the ticket was issued to. */
async function isSessionLive(db: Database, claims: TicketClaims): Promise<boolean> {
  const session = await findLiveSession(db, claims.sessionId);
  return session !== null && (session.actingPartyId ?? session.partyId) === claims.partyId;
}

/** A client's keep-alive (`ping` or `{"type":"ping"}`), answered with `pong` on every live channel. */
export function isPing(data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean): boolean {
  if (isBinary) return false;
  const text = (Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer)).toString(
    'utf8',
  );
  if (text.trim() === 'ping') return true;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'ping';
  } catch {
    return false;
  }
}

export const realtimeRoutes: FastifyPluginAsyncZod<RealtimeRoutesOptions> = async (app, options) => {
  const { db, hub, keys } = options.deps;
  const settings = { ...DEFAULT_REALTIME_SETTINGS, ...options.settings };
  /** The ticket of each request that passed the check, for the socket it opens. */
  const tickets = new WeakMap<FastifyRequest, TicketClaims>();
  /** Open sockets per party on this instance. */
  const openSockets = new Map<string, number>();

  app.post(
    '/ws/tickets',
    {
      schema: {
        tags: ['realtime'],
        summary: 'A ticket to open the websocket with (GET /api/ws?ticket=…), valid for a minute',
        response: { 200: RealtimeTicketSchema },
      },
      config: { access: 'signed_in' },
      preHandler: perAccountBudget(app, settings.ticketsPerMinute, '1 minute'),
    },
    async (request) => {
      const auth = requireAuth(request);
      const { ticket, expiresIn } = await issueTicket(keys, {
        sessionId: auth.sessionId,
        partyId: auth.partyId,
      });
      return { ticket, expires_in: expiresIn };
    },
  );

  app.route({
    method: 'GET',
    url: '/ws',
    schema: {
      tags: ['realtime'],
      summary:
        'Websocket of live events (new messages, offer state, read positions) for the party the ticket names',
      querystring: z.object({ ticket: z.string().optional() }),
      response: { 101: SWITCHING_PROTOCOLS },
    },
    // The ticket is the authentication; it is checked below, before the upgrade.
    config: { access: 'public' },
    preValidation: async (request) => {
      const ticket = (request.query as { ticket?: unknown }).ticket;
      if (typeof ticket !== 'string' || ticket === '') throw new AppError('invalid_token');
      const verified = await verifyTicket(keys, ticket);
      const claims: TicketClaims = { sessionId: verified.sessionId, partyId: verified.partyId };
      if (!(await isSessionLive(db, claims))) throw new AppError('invalid_token');
      // Single use: a second socket with the same ticket, here or on another instance, is refused.
      if (!(await useTokenOnce(db, 'realtime_ticket', verified.ticketId, verified.expiresAt))) {
        throw new AppError('invalid_token');
      }
      if ((openSockets.get(claims.partyId) ?? 0) >= settings.maxConnectionsPerParty) {
        throw new AppError('rate_limited');
      }
      tickets.set(request, claims);
    },
    // A valid ticket sent without the upgrade: there is nothing to answer over plain HTTP.
    handler: async () => {
      throw new AppError('bad_request');
    },
    wsHandler: (socket: WebSocket, request) => {
      const claims = tickets.get(request);
      if (!claims) {
        socket.close(CLOSE_SESSION_ENDED, 'invalid_token');
        return;
      }
      const { partyId } = claims;
      // Counted again here: sockets opened at the same moment all passed the check above.
      const open = openSockets.get(partyId) ?? 0;
      if (open >= settings.maxConnectionsPerParty) {
        socket.close(CLOSE_TOO_MANY_CONNECTIONS, 'too_many_connections');
        return;
      }
      openSockets.set(partyId, open + 1);

      const send = (event: RealtimeEvent) => {
        if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(event));
      };
      const unsubscribe = hub.subscribe(partyId, send);
      send({ type: 'ready' });

      // Pings unanswered since the last pong. Two in a row (a minute in production) mean the peer is
      // gone without a close; one alone may just be a busy phone or a slow network.
      let unansweredPings = 0;
      let isChecking = false;
      socket.on('pong', () => {
        unansweredPings = 0;
      });
      const heartbeat = setInterval(() => {
        if (unansweredPings >= 2) {
          socket.terminate();
          return;
        }
        unansweredPings += 1;
        socket.ping();
        if (isChecking) return;
        isChecking = true;
        isSessionLive(db, claims)
          .then((isLive) => {
            if (!isLive) socket.close(CLOSE_SESSION_ENDED, 'session_ended');
          })
          .catch((error: unknown) => {
            // The database is unavailable for a moment: keep the socket, check again next time.
            request.log.warn({ err: error }, 'realtime: could not check the session of a socket');
          })
          .finally(() => {
            isChecking = false;
          });
      }, settings.heartbeatMs);

      socket.on('message', (data, isBinary) => {
        if (isPing(data, isBinary)) send({ type: 'pong' });
      });
      socket.on('close', () => {
        clearInterval(heartbeat);
        unsubscribe();
        const remaining = (openSockets.get(partyId) ?? 1) - 1;
        if (remaining > 0) openSockets.set(partyId, remaining);
        else openSockets.delete(partyId);
      });
    },
  });
};
