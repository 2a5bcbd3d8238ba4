import { type ApiKey, type ApiKeyCreated, ApiKeyScopeSchema } from '@nbr/domain/checks';
import type { ApiKeyRow } from './organisation-api-keys.repository.ts';

/** A key as the organisation's admins see it: never the key itself, which is not kept. */
export function presentApiKey(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes.flatMap((scope) => {
      const parsed = ApiKeyScopeSchema.safeParse(scope);
      return parsed.success ? [parsed.data] : [];
    }),
    hint: row.hint,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
  };
}

/** The answer to creating a key: the one time its secret is shown. */
export function presentCreatedApiKey(row: ApiKeyRow, secret: string): ApiKeyCreated {
  return { ...presentApiKey(row), secret };
}
