import { OrderCheckoutSchema, type OrderCreate } from '@nbr/domain/webshop';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { IDEMPOTENCY_HEADER, withIdempotencyKey } from '../../../lib/idempotency.ts';

export type CheckoutStarted = z.infer<typeof OrderCheckoutSchema>;

/**
 * POST /webshop/orders/reepay — the order, priced on the server, and the card provider's payment
 * window to send the browser to. A retry after a network error reuses the key, so one press never
 * opens two orders.
 */
export function createCardOrder(input: OrderCreate): Promise<CheckoutStarted> {
  return withIdempotencyKey(`card-order:${JSON.stringify(input)}`, (key) =>
    api.post('/webshop/orders/reepay', input, {
      schema: OrderCheckoutSchema,
      headers: { [IDEMPOTENCY_HEADER]: key },
    }),
  );
}

export function useCreateCardOrder() {
  return useMutation({ mutationFn: createCardOrder });
}
