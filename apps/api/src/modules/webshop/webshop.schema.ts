import { z } from 'zod';

/**
 * Writes that cost money or move credits accept an Idempotency-Key (ARCHITECTURE §4; checked and
 * kept by platform/http/idempotency.ts). Declared here so the API document shows it.
 */
export const IdempotencyHeadersSchema = z.object({
  'idempotency-key': z.string().min(8).max(200).optional(),
});

/** What POST /dev/credits answers. */
export const DevCreditGrantResponseSchema = z.object({
  party_id: z.uuid(),
  subscription_id: z.uuid(),
  /** Free credits the account holds now. */
  credits_free: z.number().int(),
});
