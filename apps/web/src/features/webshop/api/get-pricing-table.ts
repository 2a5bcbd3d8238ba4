import { PricingTableSchema } from '@nbr/domain/webshop';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

export type PricingTable = z.infer<typeof PricingTableSchema>;

export const pricingTableQueryKey = ['webshop', 'pricing-table'] as const;

/**
 * POST /webshop/customer-session-for-pricing-table — the plans of the person's region in its
 * currency, their current plan and period, and whether it is cancelled. A read, so a query.
 */
export function getPricingTable(signal?: AbortSignal): Promise<PricingTable> {
  return api.post('/webshop/customer-session-for-pricing-table', undefined, {
    schema: PricingTableSchema,
    signal,
  });
}

export const pricingTableQueryOptions = queryOptions({
  queryKey: pricingTableQueryKey,
  queryFn: ({ signal }) => getPricingTable(signal),
});

export function usePricingTable() {
  return useQuery(pricingTableQueryOptions);
}
