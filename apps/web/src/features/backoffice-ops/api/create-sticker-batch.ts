import { type StickerBatchCreate, StickerBatchSchema } from '@nbr/domain/plates';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { stickerBatchesQueryKey } from './list-sticker-batches.ts';

/** POST /backoffice/sticker-batches — admins generate a batch of new codes. */
export function createStickerBatch(input: StickerBatchCreate) {
  return api.post('/backoffice/sticker-batches', input, { schema: StickerBatchSchema });
}

export function useCreateStickerBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createStickerBatch,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: stickerBatchesQueryKey }),
  });
}
