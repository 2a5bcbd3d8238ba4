import type { ContentPageKey } from '@nbr/domain/content-markup';
import type { PublicContentPage } from '@nbr/domain/content-pages';
import { queryOptions } from '@tanstack/react-query';
import { api, currentLanguage } from '../../../lib/api-client.ts';
import { pageData } from '../../../lib/page-data.ts';

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

/**
 * The language a page is painted in, for its loader: on the server the request's (entry-server.tsx
 * names it in the request's Accept-Language; the app's i18next there knows no request), in the
 * browser the app's — the language usePageText reads, and the one the API client asks in.
 */
export function pageLanguage(request: Request): string {
  return request.headers.get('accept-language') ?? currentLanguage();
}

/** The loader of a page that shows a stored text: the text in the language the page is painted in. */
export function contentPageLoader(page: ContentPageKey) {
  return pageData(({ request }, fetch) => [fetch(contentPageQuery(page, pageLanguage(request)))]);
}
