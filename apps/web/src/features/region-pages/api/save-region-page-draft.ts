import {
  type RegionPageLanguage,
  type RegionPageTextInput,
  type StaffRegionPage,
  StaffRegionPageSchema,
} from '@nbr/domain/region-pages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { storeStaffRegionPage } from './get-staff-region-page.ts';

/** PUT /backoffice/region-pages/{pageId}/texts/{language}/draft — admins save a language's draft. */
export function saveRegionPageDraft(input: {
  pageId: string;
  language: RegionPageLanguage;
  text: RegionPageTextInput;
}): Promise<StaffRegionPage> {
  return api.put(
    `/backoffice/region-pages/${encodeURIComponent(input.pageId)}/texts/${input.language}/draft`,
    input.text,
    { schema: StaffRegionPageSchema },
  );
}

export function useSaveRegionPageDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveRegionPageDraft,
    onSuccess: (page) => storeStaffRegionPage(queryClient, page),
  });
}
