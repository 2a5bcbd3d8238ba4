import {
  type CreateFlowInput,
  type FlowDefinition,
  type StaffFlow,
  StaffFlowSchema,
} from '@nbr/domain/flows';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { flowUrl, staffFlowQueryKey } from './get-flow.ts';
import { staffFlowsQueryKey } from './get-flows.ts';

/** POST /backoffice/flows — admins create a flow with its first draft (409 flow_memo_taken, 422 flow_memo_reserved). */
export function createFlow(input: CreateFlowInput): Promise<StaffFlow> {
  return api.post('/backoffice/flows', input, { schema: StaffFlowSchema });
}

/** PUT /backoffice/flows/{memo}/draft — admins save the draft (422: one issue per problem, at its place). */
export function saveFlowDraft(input: { memo: string; definition: FlowDefinition }): Promise<StaffFlow> {
  return api.put(
    `${flowUrl(input.memo)}/draft`,
    { definition: input.definition },
    { schema: StaffFlowSchema },
  );
}

/** POST /backoffice/flows/{memo}/publish — the saved draft becomes the next version, which runs from now on. */
export function publishFlow(memo: string): Promise<StaffFlow> {
  return api.post(`${flowUrl(memo)}/publish`, undefined, { schema: StaffFlowSchema });
}

/** POST /backoffice/flows/{memo}/unpublish — the flow goes offline; its versions are kept. */
export function unpublishFlow(memo: string): Promise<StaffFlow> {
  return api.post(`${flowUrl(memo)}/unpublish`, undefined, { schema: StaffFlowSchema });
}

/** Every change answers the whole flow: the editor's query takes it and the list is read again. */
function useStoreFlow() {
  const queryClient = useQueryClient();
  return (flow: StaffFlow) => {
    queryClient.setQueryData(staffFlowQueryKey(flow.memo), flow);
    void queryClient.invalidateQueries({ queryKey: staffFlowsQueryKey, exact: true });
  };
}

export function useCreateFlow() {
  return useMutation({ mutationFn: createFlow, onSuccess: useStoreFlow() });
}

export function useSaveFlowDraft() {
  return useMutation({ mutationFn: saveFlowDraft, onSuccess: useStoreFlow() });
}

export function usePublishFlow() {
  return useMutation({ mutationFn: publishFlow, onSuccess: useStoreFlow() });
}

export function useUnpublishFlow() {
  return useMutation({ mutationFn: unpublishFlow, onSuccess: useStoreFlow() });
}
