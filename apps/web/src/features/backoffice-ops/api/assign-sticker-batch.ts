import { StickerBatchSchema } from '@nbr/domain/plates';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { stickerBatchesQueryKey } from './list-sticker-batches.ts';

/** PUT /backoffice/sticker-batches/{batchId}/assignment — hand a batch to an organisation, or take it back. */
export function assignStickerBatch(input: { batchId: string; organisationPartyId: string | null }) {
  return api.put(
    `/backoffice/sticker-batches/${encodeURIComponent(input.batchId)}/assignment`,
    { organisation_party_id: input.organisationPartyId },
    { schema: StickerBatchSchema },
  );
}

export function useAssignStickerBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignStickerBatch,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: stickerBatchesQueryKey }),
  });
}
