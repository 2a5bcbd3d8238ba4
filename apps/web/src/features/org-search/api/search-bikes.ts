import {
  type OrgBikeSearchQuery,
  type OrgBikeSearchResponse,
  OrgBikeSearchResponseSchema,
} from '@nbr/domain/org-search';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** The criteria as the address keeps them (?q=&brand=&model=&color=&stolen=); empty ones left out. */
export type OrgSearchCriteria = Partial<Record<keyof OrgBikeSearchQuery, string>>;

export function hasCriteria(criteria: OrgSearchCriteria): boolean {
  return Object.values(criteria).some((value) => Boolean(value));
}

/** GET /org-bike-search — the register as the police, municipalities and insurers search it. */
export function searchBikes(
  criteria: OrgSearchCriteria,
  signal?: AbortSignal,
): Promise<OrgBikeSearchResponse> {
  const query = Object.fromEntries(Object.entries(criteria).filter(([, value]) => Boolean(value)));
  return api.get('/org-bike-search', { query, schema: OrgBikeSearchResponseSchema, signal });
}

export const orgBikeSearchQueryOptions = (criteria: OrgSearchCriteria) =>
  queryOptions({
    queryKey: ['org-bike-search', criteria] as const,
    queryFn: ({ signal }) => searchBikes(criteria, signal),
    enabled: hasCriteria(criteria),
    // A search is not page data: a failure is shown beside the form, never as the error page.
    meta: { pageData: false },
  });

export function useOrgBikeSearch(criteria: OrgSearchCriteria, enabled: boolean) {
  return useQuery({ ...orgBikeSearchQueryOptions(criteria), enabled: enabled && hasCriteria(criteria) });
}
