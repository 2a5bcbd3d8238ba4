import { type StaffFoundItemList, StaffFoundItemListSchema } from '@nbr/domain/found-matching';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const staffFoundMatchesQueryKey = ['backoffice', 'found-matches'] as const;

/** GET /backoffice/found-matches — found bikes with the stolen bikes they may be, newest first. */
export function listFoundMatches(signal?: AbortSignal): Promise<StaffFoundItemList> {
  return api.get('/backoffice/found-matches', { schema: StaffFoundItemListSchema, signal });
}

export const staffFoundMatchesQueryOptions = queryOptions({
  queryKey: staffFoundMatchesQueryKey,
  queryFn: ({ signal }) => listFoundMatches(signal),
});

export function useStaffFoundMatches() {
  return useQuery(staffFoundMatchesQueryOptions);
}
