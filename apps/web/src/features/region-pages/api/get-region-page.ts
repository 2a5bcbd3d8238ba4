import type { Region } from '@nbr/domain/locale-values';
import type { PublicRegionPage, RegionPageLanguage } from '@nbr/domain/region-pages';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

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
 * A region page for the visitor. A page below the region that answers 404 shows the app's 404 page
 * (the query client throws page data's 404 to the route's error boundary); the landing page keeps
 * its 404 as an answer (`isLanding`), since the page then shows its built-in text.
 */
export function useRegionPage(region: Region, path: string, language: RegionPageLanguage) {
  return useQuery({
    queryKey: ['region-pages', region, path, language] as const,
    queryFn: ({ signal }) => getRegionPage(region, path, language, signal),
    meta: path === '' ? { pageData: false } : undefined,
  });
}
