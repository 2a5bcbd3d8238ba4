import { z } from 'zod';

/**
 * POST /api/bikes/ uses a credit, so it accepts an Idempotency-Key (ARCHITECTURE §4; checked and
 * kept by platform/http/idempotency.ts). Declared here so the API document shows it.
 */
export const IdempotencyHeadersSchema = z.object({
  'idempotency-key': z.string().min(8).max(200).optional(),
});
