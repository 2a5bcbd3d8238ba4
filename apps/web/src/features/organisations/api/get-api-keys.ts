import { type ApiKey, ApiKeyListSchema } from '@nbr/domain/checks';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { organisationsQueryKey } from '../../../lib/api/organisations/get-organisations.ts';
import { api } from '../../../lib/api-client.ts';

export const apiKeysQueryKey = (organisationId: string) =>
  [...organisationsQueryKey, organisationId, 'api-keys'] as const;

/** GET /organisations/{id}/api-keys — the organisation's keys for checks by API (admins only). */
export function getApiKeys(organisationId: string, signal?: AbortSignal): Promise<ApiKey[]> {
  return api.get(`/organisations/${encodeURIComponent(organisationId)}/api-keys`, {
    schema: ApiKeyListSchema,
    signal,
  });
}

export const apiKeysQueryOptions = (organisationId: string) =>
  queryOptions({
    queryKey: apiKeysQueryKey(organisationId),
    queryFn: ({ signal }) => getApiKeys(organisationId, signal),
  });

export function useApiKeys(organisationId: string) {
  return useQuery(apiKeysQueryOptions(organisationId));
}
