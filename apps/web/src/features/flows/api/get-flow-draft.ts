import { type StaffFlow, StaffFlowSchema } from '@nbr/domain/flows';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** GET /backoffice/flows/{memo} — the draft, for staff previewing it as a visitor would see it. */
export function useFlowDraft(memo: string, enabled: boolean) {
  return useQuery({
    queryKey: ['flows', 'draft', memo] as const,
    queryFn: ({ signal }): Promise<StaffFlow> =>
      api.get(`/backoffice/flows/${encodeURIComponent(memo)}`, { schema: StaffFlowSchema, signal }),
    enabled,
    retry: false,
  });
}
