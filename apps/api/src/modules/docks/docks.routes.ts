import {
  DockListSchema,
  DockLockParamsSchema,
  DockLocksSchema,
  DockOperationSchema,
  DockOrganisationListSchema,
  DockOrganisationQuerySchema,
  DockParamsSchema,
  DockParkingParamsSchema,
  DockWriteSchema,
  LeftBehindListSchema,
  LockHistoryQuerySchema,
  LockHistorySchema,
  LockLabelSchema,
  OperatorDockListSchema,
  OperatorLockSchema,
  OperatorReasonSchema,
} from '@nbr/domain/docks';
import { PickupCreateSchema, PickupSchema } from '@nbr/domain/finds';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../platform/auth/access.ts';
import { IdempotencyHeadersSchema, idempotencyClaim } from '../../platform/http/idempotency.ts';
import { perAccountBudget } from '../../platform/http/rate-limit.ts';
import type { DocksDeps } from './docks.deps.ts';
import * as service from './docks.service.ts';

/** Docks an operator's staff member may create per hour. */
export const DOCKS_CREATED_PER_HOUR = 30;
/** Changes to docks and locks (edit, relabel, service marks, hand-overs) one person may make per hour. */
export const DOCK_CHANGES_PER_HOUR = 600;
/** Organisation searches (a debounced field, one per pause in typing) one person may make per hour. */
export const DOCK_ORGANISATION_SEARCHES_PER_HOUR = 600;

export interface DocksRoutesOptions {
  deps: DocksDeps;
}

const TAGS = ['docks'];
const NOT_FOUND =
  '404 dock_not_found for a dock the caller does not run (acting for its organisation, as its admin or dock operator)';

/**
 * Docks and smart locks (issue 28): the person's docks and locks, and the operator's side. Changes
 * are the operator's own acts (not staff switched into an account); reading is open to a switched
 * session, as a person's other pages are.
 */
export const docksRoutes: FastifyPluginAsyncZod<DocksRoutesOptions> = async (app, options) => {
  const { deps } = options;
  const changes = perAccountBudget(app, DOCK_CHANGES_PER_HOUR, '1 hour');

  app.get(
    '/docks',
    {
      schema: {
        tags: TAGS,
        summary:
          'The docks I may use (public ones, my organisations’ and those naming me), with their free locks now',
        response: { 200: DockListSchema },
      },
      config: { access: 'signed_in' },
    },
    async (request) => service.listDocksForPerson(deps, requireAuth(request)),
  );

  app.get(
    '/docks/:dock_id/locks',
    {
      schema: {
        tags: TAGS,
        summary:
          'The dock and each lock’s state now (then follow its live channel); a lock with my bike is marked as mine, nobody else’s parking is shown. 404 dock_not_found for a dock I may not use',
        params: DockParamsSchema,
        response: { 200: DockLocksSchema },
      },
      config: { access: 'signed_in' },
    },
    async (request) => service.dockLocksForPerson(deps, requireAuth(request), request.params.dock_id),
  );

  app.get(
    '/operator/docks',
    {
      schema: {
        tags: TAGS,
        summary:
          'The docks of the organisation I act for, with their occupancy; its admins and dock operators only (403)',
        response: { 200: OperatorDockListSchema },
      },
      config: { access: 'signed_in' },
    },
    async (request) => service.listOperatorDocks(deps, requireAuth(request)),
  );

  app.get(
    '/operator/organisations',
    {
      schema: {
        tags: TAGS,
        summary:
          'Organisations of the register whose name contains q (2–80 characters, case does not matter), to list on a dock: at most 10, names starting with q first; never suspended ones or the one I act for; only id, name, type and region. Its admins and dock operators only (403)',
        querystring: DockOrganisationQuerySchema,
        response: { 200: DockOrganisationListSchema },
      },
      config: { access: 'signed_in' },
      preHandler: perAccountBudget(app, DOCK_ORGANISATION_SEARCHES_PER_HOUR, '1 hour'),
    },
    async (request) => service.searchDockOrganisations(deps, requireAuth(request), request.query),
  );

  app.post(
    '/docks',
    {
      schema: {
        tags: TAGS,
        summary:
          'A new dock of the organisation I act for (its admins and dock operators, 403 otherwise): address and position, opening hours, who may use it (everyone signed in, members of listed organisations — any of the register; 422 for one that does not exist or is suspended — or people named by e-mail address)',
        body: DockWriteSchema,
        response: { 201: DockOperationSchema },
      },
      config: { access: 'signed_in_self' },
      preHandler: perAccountBudget(app, DOCKS_CREATED_PER_HOUR, '1 hour'),
    },
    async (request, reply) =>
      reply.code(201).send(await service.createDock(deps, requireAuth(request), request.body)),
  );

  app.get(
    '/docks/:dock_id/operation',
    {
      schema: {
        tags: TAGS,
        summary: `The dock as its operator runs it: settings, access lists, devices and locks (state, service mark, since when a bike stands in it, never whose); ${NOT_FOUND}`,
        params: DockParamsSchema,
        response: { 200: DockOperationSchema },
      },
      config: { access: 'signed_in' },
    },
    async (request) => service.getDockOperation(deps, requireAuth(request), request.params.dock_id),
  );

  app.put(
    '/docks/:dock_id',
    {
      schema: {
        tags: TAGS,
        summary: `Changes the dock’s settings and access lists as given; 409 dock_closed_down once closed; ${NOT_FOUND}`,
        params: DockParamsSchema,
        body: DockWriteSchema,
        response: { 200: DockOperationSchema },
      },
      config: { access: 'signed_in_self' },
      preHandler: changes,
    },
    async (request) => service.updateDock(deps, requireAuth(request), request.params.dock_id, request.body),
  );

  app.post(
    '/docks/:dock_id/close',
    {
      schema: {
        tags: TAGS,
        summary: `Closes the dock down: kept for its history, listed to nobody but its operator; 409 dock_closed_down when it already is; ${NOT_FOUND}`,
        params: DockParamsSchema,
        response: { 200: DockOperationSchema },
      },
      config: { access: 'signed_in_self' },
      preHandler: changes,
    },
    async (request) => service.closeDock(deps, requireAuth(request), request.params.dock_id),
  );

  app.put(
    '/docks/:dock_id/locks/:lock_id/label',
    {
      schema: {
        tags: TAGS,
        summary: `What people read on the lock ("A3"); 409 lock_label_taken when another lock of the dock has it, 404 lock_not_found; ${NOT_FOUND}`,
        params: DockLockParamsSchema,
        body: LockLabelSchema,
        response: { 200: OperatorLockSchema },
      },
      config: { access: 'signed_in_self' },
      preHandler: changes,
    },
    async (request) =>
      service.relabelLock(
        deps,
        requireAuth(request),
        request.params.dock_id,
        request.params.lock_id,
        request.body.label,
      ),
  );

  app.get(
    '/docks/:dock_id/locks/:lock_id/history',
    {
      schema: {
        tags: TAGS,
        summary: `The lock’s reports, commands and service marks, newest first, a page at a time (who asked as a role, never who); ${NOT_FOUND}`,
        params: DockLockParamsSchema,
        querystring: LockHistoryQuerySchema,
        response: { 200: LockHistorySchema },
      },
      config: { access: 'signed_in' },
    },
    async (request) =>
      service.lockHistory(
        deps,
        requireAuth(request),
        request.params.dock_id,
        request.params.lock_id,
        request.query,
      ),
  );

  app.put(
    '/docks/:dock_id/locks/:lock_id/out-of-service',
    {
      schema: {
        tags: TAGS,
        summary: `Takes the lock out of service with a reason (nobody may lock in it; audited, shown live); marking it again changes the reason; ${NOT_FOUND}`,
        params: DockLockParamsSchema,
        body: OperatorReasonSchema,
        response: { 200: OperatorLockSchema },
      },
      config: { access: 'signed_in_self' },
      preHandler: changes,
    },
    async (request) =>
      service.setLockService(deps, requireAuth(request), request.params.dock_id, request.params.lock_id, {
        outOfService: true,
        reason: request.body.reason,
      }),
  );

  app.delete(
    '/docks/:dock_id/locks/:lock_id/out-of-service',
    {
      schema: {
        tags: TAGS,
        summary: `The lock is back in service (audited, shown live); nothing changes for a lock in service; ${NOT_FOUND}`,
        params: DockLockParamsSchema,
        response: { 200: OperatorLockSchema },
      },
      config: { access: 'signed_in_self' },
      preHandler: changes,
    },
    async (request) =>
      service.setLockService(deps, requireAuth(request), request.params.dock_id, request.params.lock_id, {
        outOfService: false,
      }),
  );

  app.get(
    '/docks/:dock_id/left-behind',
    {
      schema: {
        tags: TAGS,
        summary: `Bikes parked longer than the dock allows and not handed over, oldest first, with lock label and frame number; ${NOT_FOUND}`,
        params: DockParamsSchema,
        response: { 200: LeftBehindListSchema },
      },
      config: { access: 'signed_in' },
    },
    async (request) => service.listLeftBehind(deps, requireAuth(request), request.params.dock_id),
  );

  app.post(
    '/docks/:dock_id/parkings/:parking_id/hand-over',
    {
      schema: {
        tags: TAGS,
        summary: `Hands a bike left behind to the held-bike workflow: its owner is told where and until when to collect it. Operators that are the police or a municipality only (403 held_bikes_not_allowed); 409 parking_not_left_behind, parking_closed, parking_handed_over; 404 parking_not_found; ${NOT_FOUND}`,
        params: DockParkingParamsSchema,
        headers: IdempotencyHeadersSchema,
        body: PickupCreateSchema,
        response: { 201: PickupSchema },
      },
      config: { access: 'signed_in_self', idempotent: true },
      preHandler: changes,
    },
    async (request, reply) => {
      const pickup = await service.handOverParking(
        deps,
        requireAuth(request),
        request.params.dock_id,
        request.params.parking_id,
        request.body,
        idempotencyClaim(request),
        request.log,
      );
      return reply.code(201).send(pickup);
    },
  );
};
