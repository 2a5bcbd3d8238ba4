import { type OrgMessageResult, OrgMessageResultSchema } from '@nbr/domain/org-search';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { orgBikeQueryKey } from './get-org-bike.ts';

/** POST /org-bike-search/bikes/{bike_id}/messages — a message to the owner through the register. */
export function messageOwner(input: { bikeId: string; content: string }): Promise<OrgMessageResult> {
  return api.post(
    `/org-bike-search/bikes/${encodeURIComponent(input.bikeId)}/messages`,
    { content: input.content },
    { schema: OrgMessageResultSchema },
  );
}

export function useMessageOwner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: messageOwner,
    onSuccess: (_result, input) => {
      void queryClient.invalidateQueries({ queryKey: orgBikeQueryKey(input.bikeId) });
      void queryClient.invalidateQueries({ queryKey: ['chats'] });
    },
  });
}
