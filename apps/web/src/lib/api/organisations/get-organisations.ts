import { type Organisation, OrganisationListSchema } from '@nbr/domain/organisations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../api-client.ts';

export const organisationsQueryKey = ['organisations'] as const;

/** GET /organisations — the signed-in person's organisations with their role in each. */
export function getOrganisations(signal?: AbortSignal): Promise<Organisation[]> {
  return api.get('/organisations', { schema: OrganisationListSchema, signal });
}

export const organisationsQueryOptions = queryOptions({
  queryKey: organisationsQueryKey,
  queryFn: ({ signal }) => getOrganisations(signal),
});

export function useOrganisations() {
  return useQuery(organisationsQueryOptions);
}
