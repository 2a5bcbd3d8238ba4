import { type StaffFlow, StaffFlowSchema } from '@nbr/domain/flows';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { staffFlowsQueryKey } from './get-flows.ts';

export const staffFlowQueryKey = (memo: string) => [...staffFlowsQueryKey, memo] as const;

export const flowUrl = (memo: string) => `/backoffice/flows/${encodeURIComponent(memo)}`;

/** GET /backoffice/flows/{memo} — the flow's draft and its published versions. */
export function getStaffFlow(memo: string, signal?: AbortSignal): Promise<StaffFlow> {
  return api.get(flowUrl(memo), { schema: StaffFlowSchema, signal });
}

export function useStaffFlow(memo: string) {
  return useQuery({ queryKey: staffFlowQueryKey(memo), queryFn: ({ signal }) => getStaffFlow(memo, signal) });
}
