import { createHash } from 'node:crypto';
import { and, eq, isNull, lt } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import type { Database, Executor } from '../../db/client.ts';
import { idempotencyKeys } from '../../db/schema/platform.ts';
import { AppError, ValidationError } from '../errors.ts';

/*
 * `Idempotency-Key` for writes that cost money or move ownership (ARCHITECTURE §4). A route opts in
 * with `config: { idempotent: true }`. The first request with a key runs and its answer is kept
 * (idempotency_keys); the same request again answers the kept answer with `Idempotent-Replayed:
 * true` and no second effect; the same key with another request is refused (422), and while the
 * first is still running a replay gets 409 so a double-click cannot run it twice. Only successful
 * answers are kept: a refused or failed request changed nothing, so retrying it with the same key
 * runs it again (after buying a credit, say). Without the header a route behaves as before.
 * A key whose request never finished (the process died mid-request) is "in progress" only for a
 * short lease, IDEMPOTENCY_LEASE_MS: after it the same request with the key runs again.
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Accept an Idempotency-Key header on this route (signed-in routes only). */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    idempotency?: { partyId: string; key: string } | null;
  }
}

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/**
 * The header of writes that cost money or move ownership (ARCHITECTURE §4), declared in their route
 * schemas so that the API document shows it; this plugin checks and keeps it.
 */
export const IdempotencyHeadersSchema = z.object({
  [IDEMPOTENCY_HEADER]: z.string().min(8).max(200).optional(),
});

/** How long a finished request's answer is remembered. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * How long a started request holds its key: far longer than any request runs, short enough that a
 * client retrying after a crash of the instance that ran it is not refused for a day.
 */
export const IDEMPOTENCY_LEASE_MS = 45_000;
const KEY_PATTERN = /^[\x21-\x7e]{8,200}$/;

function requestHash(request: FastifyRequest): string {
  return createHash('sha256')
    .update(`${request.method}\n${request.url}\n${JSON.stringify(request.body ?? null)}`)
    .digest('hex');
}

async function beginIdempotentRequest(
  db: Database,
  now: () => number,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const header = request.headers[IDEMPOTENCY_HEADER];
  if (header === undefined || !request.auth) return;
  const key = Array.isArray(header) ? header[0] : header;
  if (!key || !KEY_PATTERN.test(key)) {
    throw new ValidationError([{ loc: ['headers', IDEMPOTENCY_HEADER], type: 'invalid_value' }]);
  }
  const partyId = request.auth.partyId;
  const hash = requestHash(request);
  const route = `${request.method} ${request.routeOptions.url ?? request.url}`;
  const identifies = and(eq(idempotencyKeys.partyId, partyId), eq(idempotencyKeys.key, key));
  // Every expired key of the party goes, not only this one: kept answers hold personal data (a
  // registered bike), so none outlives its day. One primary-key range, so it stays cheap.
  await db
    .delete(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.partyId, partyId),
        lt(idempotencyKeys.createdAt, new Date(now() - IDEMPOTENCY_TTL_MS)),
      ),
    );
  const startedAt = new Date(now());
  const inserted = await db
    .insert(idempotencyKeys)
    .values({ partyId, key, route, requestHash: hash, createdAt: startedAt })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (inserted.length === 1) {
    request.idempotency = { partyId, key };
    return;
  }
  const [kept] = await db.select().from(idempotencyKeys).where(identifies);
  if (!kept) throw new AppError('idempotency_key_in_progress');
  if (kept.requestHash !== hash) {
    throw new ValidationError([{ loc: ['headers', IDEMPOTENCY_HEADER], type: 'idempotency_key_reused' }]);
  }
  if (kept.status === null) {
    // Once the lease ran out, the request that held it died: take the key over, unless another
    // retry took it first (it renewed the lease).
    const taken = await db
      .update(idempotencyKeys)
      .set({ createdAt: startedAt })
      .where(
        and(
          identifies,
          isNull(idempotencyKeys.status),
          lt(idempotencyKeys.createdAt, new Date(startedAt.getTime() - IDEMPOTENCY_LEASE_MS)),
        ),
      )
      .returning({ key: idempotencyKeys.key });
    if (taken.length !== 1) throw new AppError('idempotency_key_in_progress');
    request.idempotency = { partyId, key };
    return;
  }
  reply.header('idempotent-replayed', 'true').code(kept.status);
  if (kept.response === null) return reply.send();
  return reply.type('application/json; charset=utf-8').send(JSON.stringify(kept.response));
}

async function finishIdempotentRequest(
  db: Database,
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
) {
  const pending = request.idempotency;
  if (!pending) return;
  request.idempotency = null;
  const identifies = and(eq(idempotencyKeys.partyId, pending.partyId), eq(idempotencyKeys.key, pending.key));
  if (reply.statusCode >= 300) {
    await db.delete(idempotencyKeys).where(identifies);
    return;
  }
  let response: unknown = null;
  if (typeof payload === 'string' && payload !== '') {
    try {
      response = JSON.parse(payload);
    } catch {
      response = null;
    }
  }
  await db.update(idempotencyKeys).set({ status: reply.statusCode, response }).where(identifies);
}

/**
 * Forgets every kept answer of a party, in the caller's transaction: account deletion, since the
 * answers hold what the party registered (bikes, credits).
 */
export async function forgetIdempotencyKeys(executor: Executor, partyId: string): Promise<void> {
  await executor.delete(idempotencyKeys).where(eq(idempotencyKeys.partyId, partyId));
}

export const idempotencyPlugin = fp(
  async (app: FastifyInstance, options: { db: Database; now?: () => number }) => {
    const now = options.now ?? Date.now;
    app.decorateRequest('idempotency', null);
    app.addHook('preHandler', async (request, reply) => {
      if (!request.routeOptions.config?.idempotent) return;
      return beginIdempotentRequest(options.db, now, request, reply);
    });
    app.addHook('onSend', async (request, reply, payload) => {
      await finishIdempotentRequest(options.db, request, reply, payload);
      return payload;
    });
  },
  { name: 'idempotency' },
);
