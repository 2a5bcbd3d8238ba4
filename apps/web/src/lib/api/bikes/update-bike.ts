import { type Bike, BikeSchema, type BikeUpdate } from '@nbr/domain/bikes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api-client.ts';
import { bikePath, bikeQueryKey } from './get-bike.ts';
import { bikesQueryKey } from './get-bikes.ts';

/** PATCH /bikes/{bike_id}/ — only the fields sent change; null clears one. */
export function updateBike(bikeId: string, update: BikeUpdate): Promise<Bike> {
  return api.patch(bikePath(bikeId), update, { schema: BikeSchema });
}

export function useUpdateBike(bikeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: BikeUpdate) => updateBike(bikeId, update),
    onSuccess: (bike) => {
      queryClient.setQueryData(bikeQueryKey(bikeId), bike);
      void queryClient.invalidateQueries({ queryKey: bikesQueryKey, exact: true });
    },
  });
}
