import { StickerAssigneeSchema } from '@nbr/domain/plates';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

/** GET /backoffice/sticker-batches/assignees — organisations whose name contains the query. */
export function searchStickerAssignees(query: string, signal?: AbortSignal) {
  return api.get('/backoffice/sticker-batches/assignees', {
    schema: z.array(StickerAssigneeSchema),
    query: { query: query || undefined },
    signal,
  });
}

export const stickerAssigneesQueryOptions = (query: string) =>
  queryOptions({
    queryKey: ['backoffice', 'sticker-assignees', query] as const,
    queryFn: ({ signal }) => searchStickerAssignees(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });

export function useStickerAssignees(query: string, options: { enabled: boolean }) {
  return useQuery({ ...stickerAssigneesQueryOptions(query), enabled: options.enabled });
}
