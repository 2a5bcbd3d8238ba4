import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { staffRegionPageQueryKey } from './get-staff-region-page.ts';
import { staffRegionPagesQueryKey } from './list-region-pages.ts';

/** DELETE /backoffice/region-pages/{pageId} — admins delete a page and all its texts. */
export function deleteRegionPage(pageId: string): Promise<void> {
  return api.delete<void>(`/backoffice/region-pages/${encodeURIComponent(pageId)}`);
}

export function useDeleteRegionPage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRegionPage,
    onSuccess: (_answer, pageId) => {
      queryClient.removeQueries({ queryKey: staffRegionPageQueryKey(pageId) });
      void queryClient.invalidateQueries({ queryKey: staffRegionPagesQueryKey, exact: true });
    },
  });
}
