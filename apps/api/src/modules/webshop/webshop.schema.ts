import { z } from 'zod';

/** What POST /dev/credits answers. */
export const DevCreditGrantResponseSchema = z.object({
  party_id: z.uuid(),
  subscription_id: z.uuid(),
  /** Free credits the account holds now. */
  credits_free: z.number().int(),
});
