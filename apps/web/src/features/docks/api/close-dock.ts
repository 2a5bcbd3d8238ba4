import { type DockOperation, DockOperationSchema } from '@nbr/domain/docks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { dockOperationQueryKey } from './get-dock-operation.ts';
import { docksQueryKey } from './get-docks.ts';
import { operatorDocksQueryKey } from './get-operator-docks.ts';

/** POST /docks/{dockId}/close — closes the dock down: nobody but the operator sees it any more. */
export function closeDock(dockId: string): Promise<DockOperation> {
  return api.post(`/docks/${encodeURIComponent(dockId)}/close`, undefined, { schema: DockOperationSchema });
}

export function useCloseDock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closeDock,
    onSuccess: (operation) => {
      queryClient.setQueryData(dockOperationQueryKey(operation.dock.id), operation);
      void queryClient.invalidateQueries({ queryKey: operatorDocksQueryKey, exact: true });
      void queryClient.invalidateQueries({ queryKey: docksQueryKey });
    },
  });
}
