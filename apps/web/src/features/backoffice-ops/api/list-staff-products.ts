import { type StaffProduct, StaffProductListSchema } from '@nbr/domain/webshop';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const staffProductsQueryKey = ['backoffice', 'products'] as const;

/** GET /backoffice/products — every product of both regions with its price. */
export function listStaffProducts(signal?: AbortSignal): Promise<StaffProduct[]> {
  return api.get('/backoffice/products', { schema: StaffProductListSchema, signal });
}

export const staffProductsQueryOptions = queryOptions({
  queryKey: staffProductsQueryKey,
  queryFn: ({ signal }) => listStaffProducts(signal),
});

export function useStaffProducts() {
  return useQuery(staffProductsQueryOptions);
}
