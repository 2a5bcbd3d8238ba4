import { SubscriptionCreditsStartedSchema } from '@nbr/domain/webshop';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { creditsQueryKey } from '../../../lib/api/webshop/get-credit-overview.ts';
import { api } from '../../../lib/api-client.ts';
import { IDEMPOTENCY_HEADER, withIdempotencyKey } from '../../../lib/idempotency.ts';
import { pricingTableQueryKey } from './get-pricing-table.ts';

export type SubscriptionCreditsStarted = z.infer<typeof SubscriptionCreditsStartedSchema>;

/**
 * POST /webshop/subscriptions/bikes — more bikes (credits) in the running subscription: SINGLE and
 * FAMILY answer a card payment for what is left of the period (payment_url); ORGANISATION raises the
 * quantity at the provider, billed to the stored card, and answers the credits added. A retry after
 * a network error reuses the key, so one press never opens two orders or raises twice.
 */
export function addSubscriptionBikes(quantity: number): Promise<SubscriptionCreditsStarted> {
  return withIdempotencyKey(`subscription-bikes:${quantity}`, (key) =>
    api.post(
      '/webshop/subscriptions/bikes',
      { quantity },
      { schema: SubscriptionCreditsStartedSchema, headers: { [IDEMPOTENCY_HEADER]: key } },
    ),
  );
}

export function useAddSubscriptionBikes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addSubscriptionBikes,
    onSuccess: (started) => {
      // Credits added at once (ORGANISATION): the overview and the table change now.
      if (started.credits_added === 0) return;
      void queryClient.invalidateQueries({ queryKey: pricingTableQueryKey });
      void queryClient.invalidateQueries({ queryKey: creditsQueryKey });
    },
  });
}
