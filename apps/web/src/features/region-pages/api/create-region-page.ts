import {
  type CreateRegionPageInput,
  type StaffRegionPage,
  StaffRegionPageSchema,
} from '@nbr/domain/region-pages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { storeStaffRegionPage } from './get-staff-region-page.ts';

/** POST /backoffice/region-pages — admins create a page at a path below a region. */
export function createRegionPage(input: CreateRegionPageInput): Promise<StaffRegionPage> {
  return api.post('/backoffice/region-pages', input, { schema: StaffRegionPageSchema });
}

export function useCreateRegionPage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRegionPage,
    onSuccess: (page) => storeStaffRegionPage(queryClient, page),
  });
}
