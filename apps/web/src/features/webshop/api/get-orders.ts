import { type Order, OrderListSchema } from '@nbr/domain/webshop';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const ordersQueryKey = ['webshop', 'orders'] as const;

/** GET /webshop/orders — the person's orders, newest first, with lines, totals and shipping state. */
export function getOrders(signal?: AbortSignal): Promise<Order[]> {
  return api.get('/webshop/orders', { schema: OrderListSchema, signal });
}

export const ordersQueryOptions = queryOptions({
  queryKey: ordersQueryKey,
  queryFn: ({ signal }) => getOrders(signal),
});

export function useOrders() {
  return useQuery(ordersQueryOptions);
}
