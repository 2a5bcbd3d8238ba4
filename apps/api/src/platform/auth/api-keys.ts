import { createHash, randomBytes } from 'node:crypto';
import { API_KEY_HINT_LENGTH, API_KEY_PREFIX, type ApiKeyScope, looksLikeApiKey } from '@nbr/domain/checks';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Executor } from '../../db/client.ts';
import { organisationApiKeys, organisations } from '../../db/schema/organisations.ts';
import { AppError } from '../errors.ts';
import { bearerToken } from './authenticate.ts';

/*
 * Organisations' API keys (issue 32 §1): the credential of the check routes, which no person's
 * session opens, and which opens nothing else (access level `api_key_check` in access.ts). The
 * organisations module creates, lists and revokes them; this file makes and recognises them.
 */

/** The organisation behind an API key, as the check routes see their caller. */
export interface ApiKeyAuth {
  keyId: string;
  organisationPartyId: string;
  organisationType: string;
  scopes: ApiKeyScope[];
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the access hook on routes of access `api_key_check`; null elsewhere. */
    apiKey: ApiKeyAuth | null;
  }
}

/** A key's last use is written at most this often: a marketplace's steady stream costs no write per call. */
const LAST_USED_RESOLUTION_MS = 60_000;

/** The stored form of a key: its SHA-256 (the key is 256 random bits, so no slow hash is needed). */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** A new key: the recognisable prefix and 32 random bytes; the caller keeps only its hash and hint. */
export function generateApiKey(): { key: string; hash: string; hint: string } {
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { key, hash: hashApiKey(key), hint: key.slice(0, API_KEY_HINT_LENGTH) };
}

/**
 * The live key behind a request's `Authorization: Bearer <key>` with the scope asked for. No header
 * is 401 not_authenticated; a bearer that is not shaped like a key (a person's session token) is 403
 * api_key_required, so a session never opens these routes; an unknown, revoked or out-of-scope key,
 * or one of a suspended organisation, is 401 invalid_api_key.
 */
export async function authenticateApiKey(
  executor: Executor,
  request: FastifyRequest,
  scope: ApiKeyScope,
  now = new Date(),
): Promise<ApiKeyAuth> {
  const token = bearerToken(request);
  if (token === undefined) throw new AppError('not_authenticated');
  if (token === null || !looksLikeApiKey(token)) throw new AppError('api_key_required');
  const [row] = await executor
    .select({
      keyId: organisationApiKeys.id,
      organisationPartyId: organisationApiKeys.organisationPartyId,
      organisationType: organisations.type,
      scopes: organisationApiKeys.scopes,
      lastUsedAt: organisationApiKeys.lastUsedAt,
    })
    .from(organisationApiKeys)
    .innerJoin(organisations, eq(organisations.partyId, organisationApiKeys.organisationPartyId))
    .where(
      and(
        eq(organisationApiKeys.keyHash, hashApiKey(token)),
        isNull(organisationApiKeys.revokedAt),
        isNull(organisations.suspendedAt),
      ),
    )
    .limit(1);
  if (!row?.scopes.includes(scope)) throw new AppError('invalid_api_key');
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS) {
    await executor
      .update(organisationApiKeys)
      .set({ lastUsedAt: now })
      .where(
        and(
          eq(organisationApiKeys.id, row.keyId),
          or(
            isNull(organisationApiKeys.lastUsedAt),
            lt(organisationApiKeys.lastUsedAt, new Date(now.getTime() - LAST_USED_RESOLUTION_MS)),
          ),
        ),
      );
  }
  return {
    keyId: row.keyId,
    organisationPartyId: row.organisationPartyId,
    organisationType: row.organisationType,
    scopes: row.scopes as ApiKeyScope[],
  };
}
