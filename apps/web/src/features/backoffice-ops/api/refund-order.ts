import { OrderSchema } from '@nbr/domain/webshop';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { IDEMPOTENCY_HEADER, withIdempotencyKey } from '../../../lib/idempotency.ts';
import { staffOrdersQueryKey } from './search-orders.ts';

/** POST /webshop/orders/{order_id}/refunds — admins give the whole amount back (with an Idempotency-Key). */
export function refundOrder(orderId: string) {
  const path = `/webshop/orders/${encodeURIComponent(orderId)}/refunds`;
  return withIdempotencyKey(path, (key) =>
    api.post(path, undefined, { schema: OrderSchema, headers: { [IDEMPOTENCY_HEADER]: key } }),
  );
}

export function useRefundOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundOrder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffOrdersQueryKey }),
  });
}
