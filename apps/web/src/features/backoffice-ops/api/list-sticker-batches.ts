import { type StickerBatchList, StickerBatchListSchema } from '@nbr/domain/plates';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const stickerBatchesQueryKey = ['backoffice', 'sticker-batches'] as const;

/** GET /backoffice/sticker-batches — the newest batches with their counts. */
export function listStickerBatches(signal?: AbortSignal): Promise<StickerBatchList> {
  return api.get('/backoffice/sticker-batches', { schema: StickerBatchListSchema, signal });
}

export const stickerBatchesQueryOptions = queryOptions({
  queryKey: stickerBatchesQueryKey,
  queryFn: ({ signal }) => listStickerBatches(signal),
});

export function useStickerBatches() {
  return useQuery(stickerBatchesQueryOptions);
}
