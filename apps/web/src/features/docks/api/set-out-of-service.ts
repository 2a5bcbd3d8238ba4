import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { dockOperationQueryKey } from './get-dock-operation.ts';

const outOfServicePath = (dockId: string, lockId: string) =>
  `/docks/${encodeURIComponent(dockId)}/locks/${encodeURIComponent(lockId)}/out-of-service`;

/**
 * PUT …/locks/{lockId}/out-of-service {reason} takes a lock out of service; DELETE on the same
 * address puts it back. One resource, both directions here.
 */
export async function setOutOfService(input: {
  dockId: string;
  lockId: string;
  reason: string | null;
}): Promise<void> {
  const path = outOfServicePath(input.dockId, input.lockId);
  if (input.reason === null) await api.delete(path);
  else await api.put(path, { reason: input.reason });
}

export function useSetOutOfService(dockId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { lockId: string; reason: string | null }) => setOutOfService({ dockId, ...input }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: dockOperationQueryKey(dockId) }),
  });
}
