import { type FlowFunnel, FlowFunnelSchema } from '@nbr/domain/flows';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { flowUrl, staffFlowQueryKey } from './get-flow.ts';

/** GET /backoffice/flows/{memo}/funnel?version=N — how far the walks of one published version came. */
export function getFlowFunnel(memo: string, version: number, signal?: AbortSignal): Promise<FlowFunnel> {
  return api.get(`${flowUrl(memo)}/funnel`, { schema: FlowFunnelSchema, query: { version }, signal });
}

export function useFlowFunnel(memo: string, version: number) {
  return useQuery({
    queryKey: [...staffFlowQueryKey(memo), 'funnel', version],
    queryFn: ({ signal }) => getFlowFunnel(memo, version, signal),
    // A part of the flow's page: its failure is shown in the funnel's card, never as the 404 page.
    meta: { pageData: false },
  });
}
