import {
  type RegionPageLanguage,
  type StaffRegionPage,
  StaffRegionPageSchema,
} from '@nbr/domain/region-pages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { storeStaffRegionPage } from './get-staff-region-page.ts';

/** POST /backoffice/region-pages/{pageId}/texts/{language}/publish — visitors read the draft from now on. */
export function publishRegionPage(input: {
  pageId: string;
  language: RegionPageLanguage;
}): Promise<StaffRegionPage> {
  return api.post(
    `/backoffice/region-pages/${encodeURIComponent(input.pageId)}/texts/${input.language}/publish`,
    undefined,
    { schema: StaffRegionPageSchema },
  );
}

export function usePublishRegionPage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publishRegionPage,
    onSuccess: (page) => storeStaffRegionPage(queryClient, page),
  });
}
