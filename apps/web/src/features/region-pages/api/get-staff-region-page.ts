import { type StaffRegionPage, StaffRegionPageSchema } from '@nbr/domain/region-pages';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { staffRegionPagesQueryKey } from './list-region-pages.ts';

export const staffRegionPageQueryKey = (pageId: string) => [...staffRegionPagesQueryKey, pageId] as const;

/** GET /backoffice/region-pages/{pageId} — one page: its drafts (the preview) and published texts. */
export function getStaffRegionPage(pageId: string, signal?: AbortSignal): Promise<StaffRegionPage> {
  return api.get(`/backoffice/region-pages/${encodeURIComponent(pageId)}`, {
    schema: StaffRegionPageSchema,
    signal,
  });
}

export function useStaffRegionPage(pageId: string) {
  return useQuery({
    queryKey: staffRegionPageQueryKey(pageId),
    queryFn: ({ signal }) => getStaffRegionPage(pageId, signal),
  });
}

/** After a change: the page as the API answered it, and the list (its states) asked again. */
export function storeStaffRegionPage(queryClient: QueryClient, page: StaffRegionPage): void {
  queryClient.setQueryData(staffRegionPageQueryKey(page.id), page);
  void queryClient.invalidateQueries({ queryKey: staffRegionPagesQueryKey, exact: true });
}
