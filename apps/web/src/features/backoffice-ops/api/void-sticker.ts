import { StickerHistorySchema } from '@nbr/domain/plates';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { stickerHistoryQueryKey } from './get-sticker-history.ts';
import { stickerBatchesQueryKey } from './list-sticker-batches.ts';

/** POST /backoffice/stickers/{code}/void — a lost or damaged free code is withdrawn for good. */
export function voidSticker(input: { code: string; reason: string }) {
  return api.post(
    `/backoffice/stickers/${encodeURIComponent(input.code)}/void`,
    { reason: input.reason },
    { schema: StickerHistorySchema },
  );
}

export function useVoidSticker() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: voidSticker,
    onSuccess: (history, input) => {
      queryClient.setQueryData(stickerHistoryQueryKey(input.code), history);
      void queryClient.invalidateQueries({ queryKey: stickerBatchesQueryKey });
    },
  });
}
