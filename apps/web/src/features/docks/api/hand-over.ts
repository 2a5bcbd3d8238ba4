import { type PickupCreate, PickupSchema } from '@nbr/domain/finds';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { IDEMPOTENCY_HEADER, withIdempotencyKey } from '../../../lib/idempotency.ts';
import { dockOperationQueryKey } from './get-dock-operation.ts';
import { leftBehindQueryKey } from './get-left-behind.ts';

/**
 * POST /docks/{dockId}/parkings/{parkingId}/hand-over — a bike left too long goes to the held-bike
 * workflow (the owner is told where and until when to collect it). It moves the bike into the
 * operator's keeping, so it carries an Idempotency-Key.
 */
export function handOver(input: { dockId: string; parkingId: string; pickup: PickupCreate }) {
  const path = `/docks/${encodeURIComponent(input.dockId)}/parkings/${encodeURIComponent(input.parkingId)}/hand-over`;
  return withIdempotencyKey(`${path} ${JSON.stringify(input.pickup)}`, (key) =>
    api.post(path, input.pickup, { schema: PickupSchema, headers: { [IDEMPOTENCY_HEADER]: key } }),
  );
}

export function useHandOver(dockId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { parkingId: string; pickup: PickupCreate }) => handOver({ dockId, ...input }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: leftBehindQueryKey(dockId) });
      void queryClient.invalidateQueries({ queryKey: dockOperationQueryKey(dockId), exact: true });
    },
  });
}
