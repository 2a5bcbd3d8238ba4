import type { PlanKind } from '@nbr/domain/credits';
import { OrderCheckoutSchema } from '@nbr/domain/webshop';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { IDEMPOTENCY_HEADER, withIdempotencyKey } from '../../../lib/idempotency.ts';
import type { CheckoutStarted } from './create-card-order.ts';

/**
 * POST /webshop/subscriptions/sessions — an order for a plan of the person's region and the
 * provider's subscription window (payment_url); the period and credits come with the provider's word.
 */
export function createSubscriptionSession(input: {
  plan: PlanKind;
  quantity?: number;
  /** The ticked request to start at once (payments.md §4.3), stored on the order. */
  immediate_start_consent: boolean;
}): Promise<CheckoutStarted> {
  return withIdempotencyKey(`subscription-session:${JSON.stringify(input)}`, (key) =>
    api.post('/webshop/subscriptions/sessions', input, {
      schema: OrderCheckoutSchema,
      headers: { [IDEMPOTENCY_HEADER]: key },
    }),
  );
}

export function useCreateSubscriptionSession() {
  return useMutation({ mutationFn: createSubscriptionSession });
}
