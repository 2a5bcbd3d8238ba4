import type { ContentPageKey, PublicContentPage } from '@nbr/domain/content-pages';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** GET /content-pages/{page}/{language} — staff's stored text of a page, or null for the built-in one. */
export function getStoredPageText(page: ContentPageKey, language: string, signal?: AbortSignal) {
  // No schema: the page is public and small, and zod stays off the content pages' chunks.
  return api.get<PublicContentPage>(`/content-pages/${page}/${language}`, { auth: false, signal });
}

export function useStoredPageText(page: ContentPageKey, language: string) {
  return useQuery({
    queryKey: ['content-pages', page, language],
    queryFn: ({ signal }) => getStoredPageText(page, language, signal),
    staleTime: 60_000,
    retry: false,
  });
}
