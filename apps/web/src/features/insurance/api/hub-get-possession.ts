import { type Possession, PossessionSchema } from '@nbr/domain/insurance';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const possessionQueryKey = (itemId: string) => ['insurance', 'possession', itemId] as const;

export const possessionPath = (itemId: string) =>
  `/insurance/insured-items/${encodeURIComponent(itemId)}/possession/`;

/** GET /insurance/insured-items/{id}/possession/ — the uploads, what is missing, the status. */
export function getPossession(itemId: string, signal?: AbortSignal): Promise<Possession> {
  return api.get(possessionPath(itemId), { schema: PossessionSchema, signal });
}

export function usePossession(itemId: string | undefined) {
  return useQuery(
    queryOptions({
      queryKey: possessionQueryKey(itemId ?? ''),
      queryFn: ({ signal }) => getPossession(itemId ?? '', signal),
      enabled: Boolean(itemId),
    }),
  );
}
