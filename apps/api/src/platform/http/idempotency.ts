import { createHash } from 'node:crypto';
import { and, eq, isNotNull, isNull, lt } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import type { Database, Executor } from '../../db/client.ts';
import { idempotencyKeys } from '../../db/schema/platform.ts';
import { AppError, ValidationError } from '../errors.ts';
import type { FileUrlSigner } from '../storage/signed-urls.ts';

/*
 * `Idempotency-Key` for writes that cost money or move ownership (ARCHITECTURE §4). A route opts in
 * with `config: { idempotent: true }`. The first request with a key runs and its answer is kept
 * (idempotency_keys); the same request again answers the kept answer with `Idempotent-Replayed:
 * true` and no second effect; the same key with another request is refused (422), and while the
 * first is still running a replay gets 409 so a double-click cannot run it twice. Without the
 * header a route behaves as before.
 *
 * The answer is kept IN THE TRANSACTION OF THE EFFECT, so both commit or neither does: a process
 * that dies after the commit but before the client heard the answer leaves the answer kept, and the
 * retry repeats it. The one way to do it: the route hands its service `idempotencyClaim(request)`,
 * and the service calls `keepAnswer(tx, idempotency, answer)` in the transaction that completes
 * the effect, with the answer as the route sends it (presented inside that transaction). A service
 * that calls a payment provider between two transactions records in the first what it decided
 * (`recordProgress`: the order it placed) and reads `claim.progress` when it starts, so a retry
 * after a crash in between continues with the same order instead of placing a second one.
 *
 * Only successful answers are kept: a refused or failed request changed nothing, so retrying it
 * with the same key runs it again (after buying a credit, say). A key whose request never committed
 * (the process died before) is "in progress" only for a short lease, IDEMPOTENCY_LEASE_MS: after it
 * the same request with the key runs again. Keeping checks the lease is still this request's, so a
 * request that outlived its lease and was taken over by a retry rolls back instead of committing a
 * second effect.
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Accept an Idempotency-Key header on this route (signed-in routes only); see idempotencyClaim. */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    /** The key this request holds while it runs (null without one, and once answered). */
    idempotency: HeldKey | null;
  }
}

interface HeldKey {
  partyId: string;
  key: string;
  /** When this request took the key: the lease it must still hold to keep its answer. */
  leaseStartedAt: Date;
  progress: unknown;
  /** Set by keepAnswer: the answer is written in the effect's transaction. */
  kept: boolean;
}

/**
 * What a route hands its service so that the service's transaction keeps the answer: the key the
 * request holds and the status the route answers with on success.
 */
export interface IdempotencyClaim {
  readonly held: HeldKey;
  readonly status: number;
  /** What an earlier attempt with this key recorded before it died (recordProgress), else null. */
  readonly progress: unknown;
}

/**
 * The claim a route passes to its service: null when the request carries no Idempotency-Key. The
 * kept status is the one success status the route's schema declares (201 for POST /api/bikes).
 */
export function idempotencyClaim(request: FastifyRequest): IdempotencyClaim | null {
  const held = request.idempotency;
  if (!held) return null;
  return { held, status: successStatusOf(request), progress: held.progress };
}

function successStatusOf(request: FastifyRequest): number {
  const declared = Object.keys(request.routeOptions.schema?.response ?? {}).map(Number);
  const successes = declared.filter((status) => status >= 200 && status < 300);
  const [status] = successes;
  if (successes.length !== 1 || status === undefined) {
    throw new Error(`idempotent route ${request.routeOptions.url} must declare one success status`);
  }
  return status;
}

const heldRow = (held: HeldKey) =>
  and(
    eq(idempotencyKeys.partyId, held.partyId),
    eq(idempotencyKeys.key, held.key),
    isNull(idempotencyKeys.status),
    eq(idempotencyKeys.createdAt, held.leaseStartedAt),
  );

/**
 * Keeps `answer` (the JSON body the route sends) as the key's answer, in the caller's transaction:
 * it commits with the effect. Returns the answer. Without a claim it does nothing. Throws
 * idempotency_key_in_progress (rolling the effect back) when a retry took the key over meanwhile.
 */
export async function keepAnswer<Answer>(
  executor: Executor,
  claim: IdempotencyClaim | null,
  answer: Answer,
): Promise<Answer> {
  if (!claim) return answer;
  const kept = await executor
    .update(idempotencyKeys)
    .set({ status: claim.status, response: answer ?? null })
    .where(heldRow(claim.held))
    .returning({ key: idempotencyKeys.key });
  if (kept.length !== 1) throw new AppError('idempotency_key_in_progress');
  claim.held.kept = true;
  return answer;
}

/**
 * Records, in the caller's transaction, what this attempt decided before an outside call (a payment
 * provider's): a retry after a crash reads it as `claim.progress` and continues from there.
 */
export async function recordProgress(
  executor: Executor,
  claim: IdempotencyClaim | null,
  progress: unknown,
): Promise<void> {
  if (!claim) return;
  const recorded = await executor
    .update(idempotencyKeys)
    .set({ progress })
    .where(heldRow(claim.held))
    .returning({ key: idempotencyKeys.key });
  if (recorded.length !== 1) throw new AppError('idempotency_key_in_progress');
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
  options: IdempotencyOptions,
  now: () => number,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const { db } = options;
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
  // Taken outside the effect's transaction and committed at once: a concurrent replay sees it (409).
  const inserted = await db
    .insert(idempotencyKeys)
    .values({ partyId, key, route, requestHash: hash, createdAt: startedAt })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (inserted.length === 1) {
    request.idempotency = { partyId, key, leaseStartedAt: startedAt, progress: null, kept: false };
    return;
  }
  const [kept] = await db.select().from(idempotencyKeys).where(identifies);
  if (!kept) throw new AppError('idempotency_key_in_progress');
  if (kept.requestHash !== hash) {
    throw new ValidationError([{ loc: ['headers', IDEMPOTENCY_HEADER], type: 'idempotency_key_reused' }]);
  }
  if (kept.status === null) {
    // Once the lease ran out, the request that held it died before its transaction committed:
    // take the key over (with what it recorded before dying), unless another retry took it first.
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
      .returning({ progress: idempotencyKeys.progress });
    if (taken.length !== 1) throw new AppError('idempotency_key_in_progress');
    request.idempotency = {
      partyId,
      key,
      leaseStartedAt: startedAt,
      progress: taken[0]?.progress ?? null,
      kept: false,
    };
    return;
  }
  // The kept body goes through the route's serializer like the first answer did; its signed file
  // addresses are signed again, as they expire long before the kept answer does.
  reply.header('idempotent-replayed', 'true').code(kept.status);
  if (kept.response === null) return reply.send();
  return reply.send(renewSignedAddresses(kept.response, options.fileUrls));
}

/** Every signed file address in a kept answer, signed again from now; everything else as kept. */
function renewSignedAddresses(value: unknown, signer: FileUrlSigner): unknown {
  if (typeof value === 'string') return signer.renew(value) ?? value;
  if (Array.isArray(value)) return value.map((item) => renewSignedAddresses(item, signer));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([name, item]) => [name, renewSignedAddresses(item, signer)]),
    );
  }
  return value;
}

/**
 * After the answer: a key whose request did not keep an answer is given up, so a retry runs again.
 * That is every refusal and failure (their transactions rolled back), and a success of a route that
 * forgot to keep its answer: a defect, logged. A key with recorded progress (an order placed before
 * the payment provider failed or timed out) stays, its lease ended, so the retry continues from it
 * rather than deciding again (a second quantity raise, say).
 */
async function releaseUnkeptKey(
  db: Database,
  now: () => number,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const held = request.idempotency;
  if (!held) return;
  request.idempotency = null;
  if (held.kept && reply.statusCode < 300) return;
  if (reply.statusCode < 300) {
    request.log.error(
      { route: request.routeOptions.url },
      'an idempotent route answered without keeping its answer (keepAnswer)',
    );
  }
  await db.delete(idempotencyKeys).where(and(heldRow(held), isNull(idempotencyKeys.progress)));
  await db
    .update(idempotencyKeys)
    .set({ createdAt: new Date(now() - IDEMPOTENCY_LEASE_MS - 1) })
    .where(and(heldRow(held), isNotNull(idempotencyKeys.progress)));
}

/**
 * Forgets every kept answer of a party, in the caller's transaction: account deletion, since the
 * answers hold what the party registered (bikes, credits).
 */
export async function forgetIdempotencyKeys(executor: Executor, partyId: string): Promise<void> {
  await executor.delete(idempotencyKeys).where(eq(idempotencyKeys.partyId, partyId));
}

interface IdempotencyOptions {
  db: Database;
  /** Signs the file addresses of a replayed answer again. */
  fileUrls: FileUrlSigner;
  now?: () => number;
}

export const idempotencyPlugin = fp(
  async (app: FastifyInstance, options: IdempotencyOptions) => {
    const now = options.now ?? Date.now;
    app.decorateRequest('idempotency', null);
    app.addHook('preHandler', async (request, reply) => {
      if (!request.routeOptions.config?.idempotent) return;
      return beginIdempotentRequest(options, now, request, reply);
    });
    app.addHook('onSend', async (request, reply, payload) => {
      await releaseUnkeptKey(options.db, now, request, reply);
      return payload;
    });
  },
  { name: 'idempotency' },
);
