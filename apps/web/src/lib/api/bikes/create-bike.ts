import { type Bike, type BikeCreate, BikeSchema } from '@nbr/domain/bikes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api-client.ts';
import { creditsQueryKey } from '../webshop/get-credit-overview.ts';
import { bikeQueryKey } from './get-bike.ts';
import { bikesQueryKey } from './get-bikes.ts';

/** POST /bikes/ — uses one free credit; 403 no_subscription / no_free_credit without one. */
export function createBike(input: BikeCreate): Promise<Bike> {
  return api.post('/bikes/', input, { schema: BikeSchema });
}

export function useCreateBike() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBike,
    onSuccess: (bike) => {
      queryClient.setQueryData(bikeQueryKey(bike.bike_id), bike);
      void queryClient.invalidateQueries({ queryKey: bikesQueryKey, exact: true });
      void queryClient.invalidateQueries({ queryKey: creditsQueryKey });
    },
  });
}
