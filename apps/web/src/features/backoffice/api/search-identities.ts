import { type IdentitySearchResponse, IdentitySearchResponseSchema } from '@nbr/domain/backoffice';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export interface IdentitySearchInput {
  /** Trimmed; empty lists the newest sign-ups. */
  query: string;
  page: number;
}

export function searchIdentities(
  input: IdentitySearchInput,
  signal?: AbortSignal,
): Promise<IdentitySearchResponse> {
  return api.get('/backoffice/identities', {
    schema: IdentitySearchResponseSchema,
    query: { query: input.query || undefined, page: input.page },
    signal,
  });
}

export const identitySearchQueryOptions = (input: IdentitySearchInput) =>
  queryOptions({
    queryKey: ['backoffice', 'identities', input.query, input.page] as const,
    queryFn: ({ signal }) => searchIdentities(input, signal),
    // The previous results stay on screen while the next ones load, so the list does not flicker per keystroke.
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });

export function useIdentitySearch(input: IdentitySearchInput, options: { enabled: boolean }) {
  return useQuery({ ...identitySearchQueryOptions(input), enabled: options.enabled });
}
