import {
  type HeldBikeCreate,
  type Pickup,
  type PickupCreate,
  type PickupList,
  PickupListSchema,
  PickupSchema,
} from '@nbr/domain/finds';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { uploadForm } from '../../../lib/api/bikes/upload-bike-file.ts';
import { api } from '../../../lib/api-client.ts';
import { IDEMPOTENCY_HEADER, withIdempotencyKey } from '../../../lib/idempotency.ts';

/*
 * Bikes held for their owner (SPEC §2 /app/item-pickup): the caller's list (held for me, held by me),
 * registering that I hold a bike, and closing a pickup (collected, cancelled).
 */

export const pickupsQueryKey = ['item-pickups'] as const;

export function getPickups(signal?: AbortSignal): Promise<PickupList> {
  return api.get('/item-pickups', { schema: PickupListSchema, signal });
}

export const pickupsQueryOptions = queryOptions({
  queryKey: pickupsQueryKey,
  queryFn: ({ signal }) => getPickups(signal),
});

export function usePickups(options: { enabled?: boolean } = {}) {
  return useQuery({ ...pickupsQueryOptions, enabled: options.enabled ?? true });
}

export function createPickup(input: { bikeId: string } & PickupCreate): Promise<Pickup> {
  const { bikeId, ...body } = input;
  return withIdempotencyKey(`pickup:${bikeId}:${JSON.stringify(body)}`, (key) =>
    api.post(`/bikes/${encodeURIComponent(bikeId)}/pickups`, body, {
      schema: PickupSchema,
      headers: { [IDEMPOTENCY_HEADER]: key },
    }),
  );
}

/**
 * POST /api/item-pickups: the police or a municipality takes in a bike by its frame number or plate
 * (issue 17 §3).
 */
export function createHeldBike(input: HeldBikeCreate): Promise<Pickup> {
  return withIdempotencyKey(`held-bike:${JSON.stringify(input)}`, (key) =>
    api.post('/item-pickups', input, { schema: PickupSchema, headers: { [IDEMPOTENCY_HEADER]: key } }),
  );
}

export type PickupAction = 'collected' | 'cancel' | 'released';

export function closePickup(input: { pickupId: string; action: PickupAction }): Promise<Pickup> {
  return api.post(`/item-pickups/${encodeURIComponent(input.pickupId)}/${input.action}`, undefined, {
    schema: PickupSchema,
  });
}

function useSettled() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: pickupsQueryKey });
    void queryClient.invalidateQueries({ queryKey: ['chats'] });
  };
}

export function useCreatePickup() {
  const settled = useSettled();
  return useMutation({ mutationFn: createPickup, onSuccess: settled });
}

export function useCreateHeldBike() {
  const settled = useSettled();
  return useMutation({ mutationFn: createHeldBike, onSuccess: settled });
}

export function useClosePickup() {
  const settled = useSettled();
  return useMutation({ mutationFn: closePickup, onSettled: settled });
}

/** PUT /item-pickups/{id}/photo — the holder's photo of the bike as taken in (issue 17 §3). */
export function setPickupPhoto(input: { pickupId: string; file: File }): Promise<Pickup> {
  const form = new FormData();
  form.append('file', input.file);
  return uploadForm(`/item-pickups/${encodeURIComponent(input.pickupId)}/photo`, form, PickupSchema, 'PUT');
}

export function useSetPickupPhoto() {
  const settled = useSettled();
  return useMutation({ mutationFn: setPickupPhoto, onSettled: settled });
}
