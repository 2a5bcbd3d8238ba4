import { CREDITS_POLL_INTERVAL_MS, type CreditOverview, CreditOverviewSchema } from '@nbr/domain/credits';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../api-client.ts';

export const creditsQueryKey = ['credits'] as const;

/** GET /webshop/bike-ownership-credits/overview — whether a bike can be added now, and why not. */
export function getCreditOverview(signal?: AbortSignal): Promise<CreditOverview> {
  return api.get('/webshop/bike-ownership-credits/overview', { schema: CreditOverviewSchema, signal });
}

export const creditOverviewQueryOptions = queryOptions({
  queryKey: [...creditsQueryKey, 'overview'],
  queryFn: ({ signal }) => getCreditOverview(signal),
  // SPEC §4/§9: credits are polled every 30 s (a purchase may be confirmed minutes later).
  refetchInterval: CREDITS_POLL_INTERVAL_MS,
});

export function useCreditOverview() {
  return useQuery(creditOverviewQueryOptions);
}
