import { createHash } from 'node:crypto';
import { lt } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { usedTokens } from '../../db/schema/platform.ts';

/** What a single-use token is for; each purpose is its own namespace of tokens. */
export type SingleUsePurpose = 'realtime_ticket' | 'mailgun_inbound';

/**
 * Marks a token used: true the first time, false for every later use on any instance (the database's
 * primary key decides, so two instances checking at once cannot both win). In the caller's
 * transaction, so a use whose effect rolls back leaves the token unused (a provider's retry of a
 * delivery that failed is still accepted). `expiresAt` is when the token stops being accepted
 * anyway; rows past it are deleted here, as new ones arrive.
 */
export async function useTokenOnce(
  executor: Executor,
  purpose: SingleUsePurpose,
  token: string,
  expiresAt: Date,
  now = new Date(),
): Promise<boolean> {
  await executor.delete(usedTokens).where(lt(usedTokens.expiresAt, now));
  const inserted = await executor
    .insert(usedTokens)
    .values({ purpose, tokenHash: createHash('sha256').update(token).digest('hex'), expiresAt })
    .onConflictDoNothing()
    .returning({ tokenHash: usedTokens.tokenHash });
  return inserted.length === 1;
}
