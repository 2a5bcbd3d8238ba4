import {
  type OrderStatus,
  type ShipmentStatus,
  type StaffOrderList,
  StaffOrderListSchema,
} from '@nbr/domain/webshop';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export interface OrderSearchInput {
  query: string;
  status: OrderStatus | null;
  shipmentStatus: ShipmentStatus | null;
  page: number;
}

export const staffOrdersQueryKey = ['backoffice', 'orders'] as const;

/** GET /backoffice/orders — the shop's orders, newest first. */
export function searchOrders(input: OrderSearchInput, signal?: AbortSignal): Promise<StaffOrderList> {
  return api.get('/backoffice/orders', {
    schema: StaffOrderListSchema,
    query: {
      query: input.query || undefined,
      status: input.status ?? undefined,
      shipment_status: input.shipmentStatus ?? undefined,
      page: input.page,
    },
    signal,
  });
}

export const staffOrdersQueryOptions = (input: OrderSearchInput) =>
  queryOptions({
    queryKey: [...staffOrdersQueryKey, input] as const,
    queryFn: ({ signal }) => searchOrders(input, signal),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });

export function useStaffOrders(input: OrderSearchInput) {
  return useQuery(staffOrdersQueryOptions(input));
}
