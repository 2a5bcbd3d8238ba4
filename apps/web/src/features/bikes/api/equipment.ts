import { type Equipment, type EquipmentInputSchema, EquipmentSchema } from '@nbr/domain/bikes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { bikeQueryKey } from '../../../lib/api/bikes/get-bike.ts';
import { api } from '../../../lib/api-client.ts';

/** What the equipment form sends (the API fills in defaults). */
export type EquipmentPayload = z.input<typeof EquipmentInputSchema>;

const base = (bikeId: string) => `/bikes/${encodeURIComponent(bikeId)}/equipment`;

/** POST /bikes/{bike_id}/equipment */
export function createEquipment(bikeId: string, input: EquipmentPayload): Promise<Equipment> {
  return api.post(base(bikeId), input, { schema: EquipmentSchema });
}

/** PATCH /bikes/{bike_id}/equipment/{equipment_id} */
export function updateEquipment(
  bikeId: string,
  equipmentId: string,
  input: EquipmentPayload,
): Promise<Equipment> {
  return api.patch(`${base(bikeId)}/${encodeURIComponent(equipmentId)}`, input, { schema: EquipmentSchema });
}

/** DELETE /bikes/{bike_id}/equipment/{equipment_id} — its plates are released, its files removed. */
export function deleteEquipment(bikeId: string, equipmentId: string): Promise<void> {
  return api.delete(`${base(bikeId)}/${encodeURIComponent(equipmentId)}`);
}

/** The bike carries its equipment (BikeSchema.equipment); every change reads the bike again. */
export function useSaveEquipment(bikeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ equipmentId, input }: { equipmentId?: string; input: EquipmentPayload }) =>
      equipmentId ? updateEquipment(bikeId, equipmentId, input) : createEquipment(bikeId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bikeQueryKey(bikeId), exact: true }),
  });
}

export function useDeleteEquipment(bikeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (equipmentId: string) => deleteEquipment(bikeId, equipmentId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bikeQueryKey(bikeId), exact: true }),
  });
}
