import type { RealtimeEvent } from '@nbr/domain/chats';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import type { SigningKeys } from '../../platform/auth/keys.ts';
import { findLiveSession } from '../../platform/auth/sessions.ts';
import { useTokenOnce } from '../../platform/auth/single-use.ts';
import { AppError } from '../../platform/errors.ts';
import { SWITCHING_PROTOCOLS } from '../../platform/http/openapi.ts';
import { isUuid } from '../../platform/ids.ts';
import { CLOSE_SESSION_ENDED, isPing } from '../../platform/realtime/realtime.routes.ts';
import { verifyTicket } from '../../platform/realtime/tickets.ts';
import { requireVisibleDock } from './docks.service.ts';
import type { LocksDeps } from './lock-live.ts';
import { dockChannel } from './lock-state.ts';

export interface DockLiveRoutesOptions {
  deps: LocksDeps;
  keys: SigningKeys;
}

const PING_MS = 30_000;

/**
 * A dock's live channel for screens (GET /api/docks/{dockId}/websocket?ticket=…, issue 28): the
 * ticket from POST /api/ws/tickets, checked before the upgrade as /api/ws does (valid, its session
 * live, used once on any instance), and only for a person who may see the dock (maySeeDock; 404
 * otherwise, as for the dock itself). The socket gets `ready`, then `dock.lock` events of the dock's locks (and
 * `resync` when events may have been lost between instances); nothing is written through it.
 */
export const dockLiveRoutes: FastifyPluginAsyncZod<DockLiveRoutesOptions> = async (app, options) => {
  const { deps, keys } = options;
  const admitted = new WeakMap<FastifyRequest, { dockId: string; sessionId: string; partyId: string }>();
  /** The session still acts for the party the ticket was issued to. */
  const isSessionLive = async (sessionId: string, partyId: string) => {
    const session = await findLiveSession(deps.db, sessionId);
    return session !== null && (session.actingPartyId ?? session.partyId) === partyId;
  };

  app.route({
    method: 'GET',
    url: '/docks/:dock_id/websocket',
    schema: {
      tags: ['docks'],
      summary: "Websocket of a dock's live lock states (ticket from POST /api/ws/tickets)",
      params: z.object({ dock_id: z.string().max(64) }),
      querystring: z.object({ ticket: z.string().optional() }),
      response: { 101: SWITCHING_PROTOCOLS },
    },
    // The ticket is the authentication; it is checked below, before the upgrade.
    config: { access: 'public' },
    preValidation: async (request) => {
      const ticket = (request.query as { ticket?: unknown }).ticket;
      const dockId = (request.params as { dock_id: string }).dock_id;
      if (typeof ticket !== 'string' || ticket === '') throw new AppError('invalid_token');
      const verified = await verifyTicket(keys, ticket);
      const session = await findLiveSession(deps.db, verified.sessionId);
      if (!session || (session.actingPartyId ?? session.partyId) !== verified.partyId) {
        throw new AppError('invalid_token');
      }
      if (!isUuid(dockId)) throw new AppError('dock_not_found');
      await requireVisibleDock(deps.db, session.partyId, dockId);
      if (!(await useTokenOnce(deps.db, 'realtime_ticket', verified.ticketId, verified.expiresAt))) {
        throw new AppError('invalid_token');
      }
      admitted.set(request, { dockId, sessionId: verified.sessionId, partyId: verified.partyId });
    },
    handler: async () => {
      throw new AppError('bad_request');
    },
    wsHandler: (socket: WebSocket, request) => {
      const admission = admitted.get(request);
      if (!admission) {
        socket.close(CLOSE_SESSION_ENDED, 'invalid_token');
        return;
      }
      const { dockId } = admission;
      const send = (event: RealtimeEvent) => {
        if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(event));
      };
      const unsubscribe = deps.hub.subscribe(dockChannel(dockId), (event) => {
        if (event.type === 'dock.lock' || event.type === 'resync') send(event);
      });
      send({ type: 'ready' });
      let unansweredPings = 0;
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
        // Closed once its session ends (logout, password change), as /api/ws is.
        isSessionLive(admission.sessionId, admission.partyId)
          .then((isLive) => {
            if (!isLive) socket.close(CLOSE_SESSION_ENDED, 'session_ended');
          })
          .catch((error: unknown) =>
            request.log.warn({ err: error }, 'docks: could not check the session of a screen'),
          );
      }, PING_MS);
      // The screen's keep-alive, answered as /api/ws answers it (the client reconnects when unanswered).
      socket.on('message', (data, isBinary) => {
        if (isPing(data, isBinary)) send({ type: 'pong' });
      });
      socket.on('close', () => {
        clearInterval(heartbeat);
        unsubscribe();
      });
    },
  });
};
