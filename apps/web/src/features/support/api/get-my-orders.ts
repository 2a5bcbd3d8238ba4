import { type Order, OrderListSchema } from '@nbr/domain/webshop';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** GET /webshop/orders — my orders, to pick the one a question is about. */
export function getMyOrders(signal?: AbortSignal): Promise<Order[]> {
  return api.get('/webshop/orders', { schema: OrderListSchema, signal });
}

export function useMyOrders(isEnabled: boolean) {
  return useQuery({
    queryKey: ['webshop', 'orders'] as const,
    queryFn: ({ signal }) => getMyOrders(signal),
    enabled: isEnabled,
  });
}
