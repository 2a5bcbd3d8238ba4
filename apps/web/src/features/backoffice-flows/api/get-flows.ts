import { type StaffFlowSummary, StaffFlowSummarySchema } from '@nbr/domain/flows';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

export const staffFlowsQueryKey = ['backoffice', 'flows'] as const;

/** GET /backoffice/flows — every flow with its running version and when its draft was saved. */
export function getStaffFlows(signal?: AbortSignal): Promise<StaffFlowSummary[]> {
  return api.get('/backoffice/flows', { schema: z.array(StaffFlowSummarySchema), signal });
}

export function useStaffFlows() {
  return useQuery({ queryKey: staffFlowsQueryKey, queryFn: ({ signal }) => getStaffFlows(signal) });
}
