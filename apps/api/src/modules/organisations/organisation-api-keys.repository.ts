import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { organisationApiKeys } from '../../db/schema/organisations.ts';

export type ApiKeyRow = typeof organisationApiKeys.$inferSelect;

export async function insertApiKey(
  executor: Executor,
  values: Omit<typeof organisationApiKeys.$inferInsert, 'lastUsedAt' | 'revokedAt' | 'revokedByPartyId'>,
): Promise<ApiKeyRow> {
  const [row] = await executor.insert(organisationApiKeys).values(values).returning();
  if (!row) throw new Error('insert organisation_api_keys returned no row');
  return row;
}

/** The organisation's keys, revoked ones too (its record of who could check), newest first. */
export function listApiKeys(executor: Executor, organisationPartyId: string): Promise<ApiKeyRow[]> {
  return executor
    .select()
    .from(organisationApiKeys)
    .where(eq(organisationApiKeys.organisationPartyId, organisationPartyId))
    .orderBy(desc(organisationApiKeys.createdAt), desc(organisationApiKeys.id));
}

/** Revokes a live key of the organisation; null when it has no such key (or it was revoked already). */
export async function revokeApiKey(
  executor: Executor,
  organisationPartyId: string,
  keyId: string,
  revokedByPartyId: string,
  now: Date,
): Promise<ApiKeyRow | null> {
  const [row] = await executor
    .update(organisationApiKeys)
    .set({ revokedAt: now, revokedByPartyId })
    .where(
      and(
        eq(organisationApiKeys.id, keyId),
        eq(organisationApiKeys.organisationPartyId, organisationPartyId),
        isNull(organisationApiKeys.revokedAt),
      ),
    )
    .returning();
  return row ?? null;
}
