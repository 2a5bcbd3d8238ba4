import { z } from 'zod';

/*
 * Receipts, refunds and the organisation's subscription (issue 15 §6, §7): the bodies and answers
 * of their routes.
 */

/** The 14-day right of withdrawal of distance sales, DK and NO alike (payments.md §4.3). */
export const WITHDRAWAL_DAYS = 14;

/** POST /api/webshop/orders/{order_id}/refunds: all that is left of the order, or `amount_minor` of it. */
export const RefundCreateSchema = z.object({
  amount_minor: z.number().int().min(1).max(100_000_000).optional(),
});
export type RefundCreate = z.infer<typeof RefundCreateSchema>;

export const RefundSchema = z.object({
  id: z.uuid(),
  order_id: z.uuid(),
  amount_minor: z.number().int(),
  currency: z.enum(['DKK', 'NOK']),
  /** refunded; processing while the provider still works on it (it counts as given back). */
  state: z.enum(['refunded', 'processing']),
  /** The order's status afterwards: refunded once all of it has been given back. */
  order_status: z.string(),
  /** Whether the order was paid at most 14 days ago (the right of withdrawal; goods: from receipt). */
  within_withdrawal_period: z.boolean(),
  /** Free credits of the order taken back (only when the whole order is refunded). */
  credits_withdrawn: z.number().int(),
  /** Credits of the order already used on a bike: a registration that was used stays. */
  credits_kept: z.number().int(),
});
export type Refund = z.infer<typeof RefundSchema>;

/** POST /api/organisations/{organisation_id}/subscriptions/sessions: credits (bikes) for the members. */
export const OrganisationSubscriptionCreateSchema = z.object({
  quantity: z.number().int().min(1).max(1000),
});
export type OrganisationSubscriptionCreate = z.infer<typeof OrganisationSubscriptionCreateSchema>;

export const OrganisationParamsSchema = z.object({ organisation_id: z.uuid() });
export const OrganisationOrderParamsSchema = z.object({ organisation_id: z.uuid(), order_id: z.uuid() });

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
