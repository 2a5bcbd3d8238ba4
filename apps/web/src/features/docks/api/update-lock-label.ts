import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { dockOperationQueryKey } from './get-dock-operation.ts';

/** PUT /docks/{dockId}/locks/{lockId}/label {label} — the label printed on the lock ("A3"). */
export async function updateLockLabel(input: {
  dockId: string;
  lockId: string;
  label: string;
}): Promise<void> {
  await api.put(
    `/docks/${encodeURIComponent(input.dockId)}/locks/${encodeURIComponent(input.lockId)}/label`,
    { label: input.label },
  );
}

export function useUpdateLockLabel(dockId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { lockId: string; label: string }) => updateLockLabel({ dockId, ...input }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: dockOperationQueryKey(dockId) }),
  });
}
