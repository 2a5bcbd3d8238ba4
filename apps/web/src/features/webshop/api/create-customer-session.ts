import { CustomerSessionSchema } from '@nbr/domain/webshop';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { creditsQueryKey } from '../../../lib/api/webshop/get-credit-overview.ts';
import { api } from '../../../lib/api-client.ts';
import { IDEMPOTENCY_HEADER, withIdempotencyKey } from '../../../lib/idempotency.ts';
import { pricingTableQueryKey } from './get-pricing-table.ts';

export type CustomerSession = z.infer<typeof CustomerSessionSchema>;
export type CustomerAction = 'change_card' | 'cancel' | 'resume';

/**
 * POST /webshop/customers/sessions — the person's subscription at the provider with its card page;
 * `cancel` ends it at the period's end (it stays active until then), `resume` undoes that.
 */
export function createCustomerSession(action: CustomerAction): Promise<CustomerSession> {
  return withIdempotencyKey(`customer-session:${action}`, (key) =>
    api.post(
      '/webshop/customers/sessions',
      { action },
      { schema: CustomerSessionSchema, headers: { [IDEMPOTENCY_HEADER]: key } },
    ),
  );
}

export function useCreateCustomerSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCustomerSession,
    onSuccess: (_session, action) => {
      if (action === 'change_card') return;
      void queryClient.invalidateQueries({ queryKey: pricingTableQueryKey });
      void queryClient.invalidateQueries({ queryKey: creditsQueryKey });
    },
  });
}
