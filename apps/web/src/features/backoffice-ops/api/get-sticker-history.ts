import { StickerHistorySchema } from '@nbr/domain/plates';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const stickerHistoryQueryKey = (code: string) => ['backoffice', 'stickers', code] as const;

/** GET /backoffice/stickers/{code} — what happened to a code. */
export function getStickerHistory(code: string, signal?: AbortSignal) {
  return api.get(`/backoffice/stickers/${encodeURIComponent(code)}`, {
    schema: StickerHistorySchema,
    signal,
  });
}

export const stickerHistoryQueryOptions = (code: string) =>
  queryOptions({
    queryKey: stickerHistoryQueryKey(code),
    queryFn: ({ signal }) => getStickerHistory(code, signal),
    retry: false,
  });

export function useStickerHistory(code: string) {
  return useQuery({ ...stickerHistoryQueryOptions(code), enabled: code !== '' });
}
