import { type FlowWalkStarted, FlowWalkStartedSchema } from '@nbr/domain/flows';
import { api } from '../../../lib/api-client.ts';

/** POST /flows/{memo}/walks — a walk through the running version and its token (404 flow_not_found). */
export function startWalk(memo: string): Promise<FlowWalkStarted> {
  return api.post(`/flows/${encodeURIComponent(memo)}/walks`, undefined, { schema: FlowWalkStartedSchema });
}
