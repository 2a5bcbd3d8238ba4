import { z } from 'zod';

/*
 * The organisation's subscription (issue 15 §6): the bodies and answers of its routes.
 */

/** POST /api/organisations/{organisation_id}/subscriptions/sessions: credits (bikes) for the members. */
export const OrganisationSubscriptionCreateSchema = z.object({
  quantity: z.number().int().min(1).max(1000),
});
export type OrganisationSubscriptionCreate = z.infer<typeof OrganisationSubscriptionCreateSchema>;

/** GET /api/organisations/{organisation_id}/orders/{order_id}: what the return page polls. */
export const OrganisationOrderStateSchema = z.object({
  order_id: z.uuid(),
  status: z.string(),
  quantity: z.number().int(),
  total_minor: z.number().int(),
  currency: z.enum(['DKK', 'NOK']),
  receipt_number: z.string().nullable(),
  /** The organisation's credits now. */
  credits_total: z.number().int(),
  credits_free: z.number().int(),
  subscription_active: z.boolean(),
});
export type OrganisationOrderState = z.infer<typeof OrganisationOrderStateSchema>;
