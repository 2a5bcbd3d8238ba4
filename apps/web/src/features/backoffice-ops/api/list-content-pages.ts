import { type ContentPageText, StaffContentPageListSchema } from '@nbr/domain/content-pages';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const staffContentPagesQueryKey = ['backoffice', 'content-pages'] as const;

/** GET /backoffice/content-pages — every stored text of the public content pages. */
export function listStaffContentPages(signal?: AbortSignal): Promise<ContentPageText[]> {
  return api.get('/backoffice/content-pages', { schema: StaffContentPageListSchema, signal });
}

export function useStaffContentPages() {
  return useQuery({
    queryKey: staffContentPagesQueryKey,
    queryFn: ({ signal }) => listStaffContentPages(signal),
  });
}
