import { type StaffRegionPage, StaffRegionPageListSchema } from '@nbr/domain/region-pages';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const staffRegionPagesQueryKey = ['backoffice', 'region-pages'] as const;

/** GET /backoffice/region-pages — every region page with its drafts and published texts. */
export function listRegionPages(signal?: AbortSignal): Promise<StaffRegionPage[]> {
  return api.get('/backoffice/region-pages', { schema: StaffRegionPageListSchema, signal });
}

export function useStaffRegionPages() {
  return useQuery({ queryKey: staffRegionPagesQueryKey, queryFn: ({ signal }) => listRegionPages(signal) });
}
