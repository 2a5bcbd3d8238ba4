import { type ApiKeyCreate, type ApiKeyCreated, ApiKeyCreatedSchema } from '@nbr/domain/checks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { apiKeysQueryKey } from './get-api-keys.ts';

/** POST /organisations/{id}/api-keys — the answer holds the key itself, shown this once. */
export function createApiKey(organisationId: string, input: ApiKeyCreate): Promise<ApiKeyCreated> {
  return api.post(`/organisations/${encodeURIComponent(organisationId)}/api-keys`, input, {
    schema: ApiKeyCreatedSchema,
  });
}

export function useCreateApiKey(organisationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ApiKeyCreate) => createApiKey(organisationId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey(organisationId) }),
  });
}
