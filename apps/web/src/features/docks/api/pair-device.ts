import { type PairingCode, PairingCodeSchema } from '@nbr/domain/docks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { dockOperationQueryKey } from './get-dock-operation.ts';

/** POST /docks/{dockId}/devices — a new device slot and its one-time pairing code (shown once). */
export function pairDevice(dockId: string): Promise<PairingCode> {
  return api.post(`/docks/${encodeURIComponent(dockId)}/devices`, undefined, { schema: PairingCodeSchema });
}

export function usePairDevice(dockId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => pairDevice(dockId),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: dockOperationQueryKey(dockId) }),
  });
}
