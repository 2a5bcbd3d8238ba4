import { type DockOperation, DockOperationSchema, type DockWrite } from '@nbr/domain/docks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { dockOperationQueryKey } from './get-dock-operation.ts';
import { docksQueryKey } from './get-docks.ts';
import { operatorDocksQueryKey } from './get-operator-docks.ts';

/** POST /docks (a new dock of the organisation the session acts for) or PUT /docks/{dockId}. */
export function saveDock(input: { dockId: string | null; dock: DockWrite }): Promise<DockOperation> {
  return input.dockId
    ? api.put(`/docks/${encodeURIComponent(input.dockId)}`, input.dock, { schema: DockOperationSchema })
    : api.post('/docks', input.dock, { schema: DockOperationSchema });
}

export function useSaveDock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveDock,
    onSuccess: (operation) => {
      queryClient.setQueryData(dockOperationQueryKey(operation.dock.id), operation);
      void queryClient.invalidateQueries({ queryKey: operatorDocksQueryKey, exact: true });
      void queryClient.invalidateQueries({ queryKey: docksQueryKey });
    },
  });
}
