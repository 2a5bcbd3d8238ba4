import { type Possession, PossessionSchema } from '@nbr/domain/insurance';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { possessionPath, possessionQueryKey } from './hub-get-possession.ts';
import { policyQueryKey } from './policies-get-policy.ts';

/** DELETE …/possession/uploads/{upload_id}/ — the file stays among the bike's pictures. */
export function removePossessionUpload(itemId: string, uploadId: string): Promise<Possession> {
  return api.delete(`${possessionPath(itemId)}uploads/${encodeURIComponent(uploadId)}/`, undefined, {
    schema: PossessionSchema,
  });
}

export function useRemovePossessionUpload(itemId: string, policyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (uploadId: string) => removePossessionUpload(itemId, uploadId),
    onSuccess: (possession) => {
      queryClient.setQueryData(possessionQueryKey(itemId), possession);
      void queryClient.invalidateQueries({ queryKey: policyQueryKey(policyId) });
    },
  });
}
