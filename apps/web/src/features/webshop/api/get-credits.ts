import { type Credit, CreditListSchema } from '@nbr/domain/credits';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { creditsQueryKey } from '../../../lib/api/webshop/get-credit-overview.ts';
import { api } from '../../../lib/api-client.ts';

/** GET /webshop/bike-activations — the person's credits, newest first; free while bike_ownership_id is null. */
export function getCredits(signal?: AbortSignal): Promise<Credit[]> {
  return api.get('/webshop/bike-activations', { schema: CreditListSchema, signal });
}

export const creditsListQueryOptions = queryOptions({
  queryKey: [...creditsQueryKey, 'list'],
  queryFn: ({ signal }) => getCredits(signal),
});

export function useCredits() {
  return useQuery(creditsListQueryOptions);
}
