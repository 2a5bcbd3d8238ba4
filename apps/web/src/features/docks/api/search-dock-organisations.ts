import { type DockOrganisation, DockOrganisationListSchema } from '@nbr/domain/docks';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** GET /operator/organisations?q= — organisations of the register to list on a dock, by name. */
export async function searchDockOrganisations(
  query: string,
  signal?: AbortSignal,
): Promise<DockOrganisation[]> {
  const answer = await api.get('/operator/organisations', {
    schema: DockOrganisationListSchema,
    query: { q: query },
    signal,
  });
  return answer.organisations;
}

export const dockOrganisationsQueryOptions = (query: string) =>
  queryOptions({
    queryKey: ['operator-organisations', query] as const,
    queryFn: ({ signal }) => searchDockOrganisations(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

export function useDockOrganisationSearch(query: string, options: { enabled: boolean }) {
  return useQuery({ ...dockOrganisationsQueryOptions(query), enabled: options.enabled });
}
