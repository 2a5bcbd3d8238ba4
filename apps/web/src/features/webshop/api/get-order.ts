import { type Order, OrderSchema } from '@nbr/domain/webshop';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { isSettled } from '../lib/order-state.ts';
import { ordersQueryKey } from './get-orders.ts';

/** How often the return page asks again while the provider has not confirmed the payment. */
export const ORDER_POLL_INTERVAL_MS = 3_000;

export const orderQueryKey = (orderId: string) => [...ordersQueryKey, orderId] as const;

/** GET /webshop/orders/{order_id} — one of the person's orders; only the provider makes it paid. */
export function getOrder(orderId: string, signal?: AbortSignal): Promise<Order> {
  return api.get(`/webshop/orders/${encodeURIComponent(orderId)}`, { schema: OrderSchema, signal });
}

/** Polls the order until its state is settled one way or the other (paid, fulfilled, cancelled …). */
export function orderQueryOptions(orderId: string) {
  return queryOptions({
    queryKey: orderQueryKey(orderId),
    queryFn: ({ signal }) => getOrder(orderId, signal),
    refetchInterval: (query) =>
      query.state.data && isSettled(query.state.data.status) ? false : ORDER_POLL_INTERVAL_MS,
  });
}

export function useOrder(orderId: string) {
  return useQuery({ ...orderQueryOptions(orderId), enabled: orderId !== '' });
}
