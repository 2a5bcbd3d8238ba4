import type { Region } from '@nbr/domain/locale-values';
import type { PublicRegionPage, RegionPageLanguage } from '@nbr/domain/region-pages';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiError } from '../../../lib/api-client.ts';

/**
 * GET /region-pages/{region}/{path…}?language= — the published text in the language, else the
 * region's own; 404 region_page_not_found. Sent without the token: the answer is the same for
 * everyone, and the browser may keep it for a minute.
 */
export function getRegionPage(
  region: Region,
  path: string,
  language: RegionPageLanguage,
  signal?: AbortSignal,
): Promise<PublicRegionPage> {
  const address = path ? `/region-pages/${region}/${path}` : `/region-pages/${region}`;
  return api.get<PublicRegionPage>(address, { query: { language }, signal, auth: false });
}

/**
 * A region page for the visitor, for the page's loader and its screen. A page below the region that
 * answers 404 shows the app's 404 page (the query client throws page data's 404 to the route's error
 * boundary; on the server the loader fails and the browser does that). The landing page's 404 is an
 * answer, null: the page then shows its built-in text, and the server paints that too.
 */
export function regionPageQuery(region: Region, path: string, language: RegionPageLanguage) {
  const isLanding = path === '';
  return queryOptions({
    queryKey: ['region-pages', region, path, language] as const,
    queryFn: ({ signal }): Promise<PublicRegionPage | null> =>
      getRegionPage(region, path, language, signal).catch((error: unknown) => {
        if (isLanding && isApiError(error) && error.status === 404) return null;
        throw error;
      }),
    // The landing page shows its built-in text for any other failure too, rather than the error page.
    meta: isLanding ? { pageData: false } : undefined,
  });
}

export function useRegionPage(region: Region, path: string, language: RegionPageLanguage) {
  return useQuery(regionPageQuery(region, path, language));
}
