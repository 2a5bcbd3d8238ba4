import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { apiKeysQueryKey } from './get-api-keys.ts';

/** DELETE /organisations/{id}/api-keys/{keyId} — checks with the key are refused from then on. */
export function revokeApiKey(organisationId: string, keyId: string): Promise<void> {
  return api.delete(
    `/organisations/${encodeURIComponent(organisationId)}/api-keys/${encodeURIComponent(keyId)}`,
  );
}

export function useRevokeApiKey(organisationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (keyId: string) => revokeApiKey(organisationId, keyId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey(organisationId) }),
  });
}
