import {
  type RegionPageLanguage,
  type StaffRegionPage,
  StaffRegionPageSchema,
} from '@nbr/domain/region-pages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { storeStaffRegionPage } from './get-staff-region-page.ts';

/** POST /backoffice/region-pages/{pageId}/texts/{language}/unpublish — visitors no longer read it; the draft stays. */
export function unpublishRegionPage(input: {
  pageId: string;
  language: RegionPageLanguage;
}): Promise<StaffRegionPage> {
  return api.post(
    `/backoffice/region-pages/${encodeURIComponent(input.pageId)}/texts/${input.language}/unpublish`,
    undefined,
    { schema: StaffRegionPageSchema },
  );
}

export function useUnpublishRegionPage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unpublishRegionPage,
    onSuccess: (page) => storeStaffRegionPage(queryClient, page),
  });
}
