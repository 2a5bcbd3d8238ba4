import type { ContentPageKey } from '@nbr/domain/content-markup';
import type { PublicContentPage } from '@nbr/domain/content-pages';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { pageData, pageLanguage } from '../../../lib/page-data.ts';

export type StoredContentText = NonNullable<PublicContentPage['text']>;

/**
 * GET /content-pages/{page}/{language} — the text staff stored for a content page in a language, or
 * null for the built-in one of content.json. Sent without the token: the answer is the same for
 * everyone, and the API lets it be kept for a minute.
 */
export function getContentPage(
  page: ContentPageKey,
  language: string,
  signal?: AbortSignal,
): Promise<PublicContentPage> {
  return api.get<PublicContentPage>(
    `/content-pages/${encodeURIComponent(page)}/${encodeURIComponent(language)}`,
    { signal, auth: false },
  );
}

/**
 * A content page's stored text for the page's loader and its screen. A failed answer (the API
 * cannot be reached, a language it does not know) is the built-in text, as a null text: the page
 * never shows an error for text it has of its own, and the server still paints it.
 */
export function contentPageQuery(page: ContentPageKey, language: string) {
  return queryOptions({
    queryKey: ['content-pages', page, language] as const,
    queryFn: ({ signal }): Promise<StoredContentText | null> =>
      getContentPage(page, language, signal).then(
        (answer) => answer.text,
        (error: unknown) => {
          // A navigation away aborts the request: that is no answer to keep.
          if (signal.aborted) throw error;
          return null;
        },
      ),
    // An edit by staff shows within the minute the API lets the answer be kept.
    staleTime: 60_000,
  });
}

/** The loader of a page that shows a stored text: the text in the language the page is painted in. */
export function contentPageLoader(page: ContentPageKey) {
  return pageData((args, fetch) => [fetch(contentPageQuery(page, pageLanguage(args)))]);
}
