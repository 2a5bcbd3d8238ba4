import { type StickerLookup, StickerLookupSchema } from '@nbr/domain/plates';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiError } from '../../../lib/api-client.ts';

export const stickerQueryKey = (stickerId: string) => ['stickers', stickerId] as const;

/**
 * GET /stickers/{sticker_id} — what a scanned sticker leads to (never who owns the bike). An
 * unknown code answers null: that is an answer to show, not an error.
 */
export async function lookupSticker(stickerId: string, signal?: AbortSignal): Promise<StickerLookup | null> {
  try {
    return await api.get(`/stickers/${encodeURIComponent(stickerId)}`, {
      schema: StickerLookupSchema,
      signal,
    });
  } catch (error) {
    if (isApiError(error) && (error.status === 404 || error.status === 422)) return null;
    throw error;
  }
}

export const stickerQueryOptions = (stickerId: string) =>
  queryOptions({
    queryKey: stickerQueryKey(stickerId),
    queryFn: ({ signal }) => lookupSticker(stickerId, signal),
    enabled: stickerId !== '',
    meta: { pageData: false },
    // A sticker changes when someone registers it: each scan asks afresh. The few seconds are for the
    // answer the server painted the page with (issue 31): hydrating the page does not ask it again.
    staleTime: 10_000,
  });

export function useStickerLookup(stickerId: string) {
  return useQuery(stickerQueryOptions(stickerId));
}
