import { DOCK_SUBPROTOCOL } from '@nbr/domain/dock-protocol';
import {
  DEVICE_CONNECTIONS_PER_MINUTE,
  DevicePairingRequestSchema,
  DevicePairingResultSchema,
  PairingCodeSchema,
} from '@nbr/domain/docks';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import { requireAuth } from '../../platform/auth/access.ts';
import { AppError } from '../../platform/errors.ts';
import { NO_CONTENT, SWITCHING_PROTOCOLS } from '../../platform/http/openapi.ts';
import { sharedBudget } from '../../platform/http/rate-limit.ts';
import { DeviceSightings } from './device-sightings.ts';
import { DeviceConnections, handleDeviceSocket } from './device-socket.ts';
import * as service from './lock-devices.service.ts';
import type { LocksDeps } from './lock-live.ts';

/** Budgets of the device endpoints (tests and the bench raise them: all their devices share one address). */
export interface LockDevicesRateLimits {
  /** Websocket upgrades and pairings one network address may try per minute, together. */
  deviceConnectionsPerMinute: number;
}

export interface LockDevicesRoutesOptions {
  deps: LocksDeps;
  rateLimits?: Partial<LockDevicesRateLimits>;
  /** This instance's device connections (the bench passes its own to reach the sockets). */
  connections?: DeviceConnections;
}

const TAGS = ['docks'];
const DockParamsSchema = z.object({ dock_id: z.string().max(64) });
const DeviceParamsSchema = z.object({ dock_id: z.string().max(64), device_id: z.string().max(64) });

/** Does the upgrade offer the protocol's subprotocol? (`Sec-WebSocket-Protocol: a, b`) */
function offersSubprotocol(request: FastifyRequest): boolean {
  const header = request.headers['sec-websocket-protocol'];
  const offered = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((name) => name.trim());
  return offered.includes(DOCK_SUBPROTOCOL);
}

/**
 * Lock devices (issue 28, docs/docks-protocol.md): the operator makes a device slot with a pairing
 * code and retires devices; the device trades the code for credentials and connects its websocket
 * with them. The device endpoints share one budget per network address, counted on the matched
 * route whatever the spelling of the path.
 */
export const lockDevicesRoutes: FastifyPluginAsyncZod<LockDevicesRoutesOptions> = async (app, options) => {
  const { deps } = options;
  const limits = { deviceConnectionsPerMinute: DEVICE_CONNECTIONS_PER_MINUTE, ...options.rateLimits };
  const deviceBudget = sharedBudget(
    app,
    'dock-devices address',
    limits.deviceConnectionsPerMinute,
    '1 minute',
    (request) => request.ip,
  );
  const connections = options.connections ?? new DeviceConnections();
  const sightings = new DeviceSightings(deps.db, app.log);
  app.addHook('onClose', () => sightings.close());
  /** The device each upgrade authenticated as, for the socket it opens. */
  const authenticated = new WeakMap<FastifyRequest, { id: string; dockId: string }>();

  app.post(
    '/docks/:dock_id/devices',
    {
      schema: {
        tags: TAGS,
        summary:
          'A new lock device slot of my dock (operator) with its one-time pairing code, shown once and valid for 30 minutes',
        params: DockParamsSchema,
        response: { 201: PairingCodeSchema },
      },
      config: { access: 'signed_in' },
    },
    async (request, reply) => {
      const created = await service.createDeviceSlot(deps, requireAuth(request), request.params.dock_id);
      return reply.code(201).send(created);
    },
  );

  app.delete(
    '/docks/:dock_id/devices/:device_id',
    {
      schema: {
        tags: TAGS,
        summary:
          'Retire a lock device of my dock (operator): its credentials stop working and it is disconnected',
        params: DeviceParamsSchema,
        response: { 204: NO_CONTENT },
      },
      config: { access: 'signed_in' },
    },
    async (request, reply) => {
      await service.retireDevice(
        deps,
        requireAuth(request),
        request.params.dock_id,
        request.params.device_id,
      );
      return reply.code(204).send();
    },
  );

  app.post(
    '/docks/devices/pairings',
    {
      schema: {
        tags: TAGS,
        summary:
          'A lock device trades its one-time pairing code for its credentials (no account: the code is the authority), once',
        body: DevicePairingRequestSchema,
        response: { 201: DevicePairingResultSchema },
      },
      config: { access: 'public' },
      onRequest: deviceBudget,
    },
    async (request, reply) => {
      const paired = await service.pairDevice(deps, request.body);
      return reply.code(201).send(paired);
    },
  );

  app.route({
    method: 'GET',
    url: '/docks/devices/websocket',
    schema: {
      tags: TAGS,
      summary: `A lock device's websocket (OCPP-J framing, subprotocol ${DOCK_SUBPROTOCOL}, HTTP Basic: device id and password)`,
      response: { 101: SWITCHING_PROTOCOLS },
    },
    // The Basic credentials are the authentication; they are checked below, before the upgrade.
    config: { access: 'public' },
    onRequest: deviceBudget,
    preValidation: async (request: FastifyRequest, reply: FastifyReply) => {
      const device = await service.authenticateDevice(deps, request.headers.authorization);
      if (!device) {
        reply.header('www-authenticate', 'Basic realm="nbr-lock", charset="UTF-8"');
        throw new AppError('invalid_credentials');
      }
      if (!offersSubprotocol(request)) throw new AppError('bad_request');
      authenticated.set(request, device);
    },
    // Credentials sent without the upgrade: there is nothing to answer over plain HTTP.
    handler: async () => {
      throw new AppError('bad_request');
    },
    wsHandler: (socket: WebSocket, request) => {
      const device = authenticated.get(request);
      if (!device || socket.protocol !== DOCK_SUBPROTOCOL) {
        socket.close(1002, 'subprotocol_required');
        return;
      }
      handleDeviceSocket(deps, connections, sightings, socket, device, request.log);
    },
  });
};
