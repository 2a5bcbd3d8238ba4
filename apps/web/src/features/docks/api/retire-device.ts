import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { dockOperationQueryKey } from './get-dock-operation.ts';

/** DELETE /docks/{dockId}/devices/{deviceId} — retires a device: its credentials stop working. */
export async function retireDevice(dockId: string, deviceId: string): Promise<void> {
  await api.delete(`/docks/${encodeURIComponent(dockId)}/devices/${encodeURIComponent(deviceId)}`);
}

export function useRetireDevice(dockId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deviceId: string) => retireDevice(dockId, deviceId),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: dockOperationQueryKey(dockId) }),
  });
}
