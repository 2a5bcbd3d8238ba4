import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api-client.ts';
import { creditsQueryKey } from '../webshop/get-credit-overview.ts';
import { bikePath, bikeQueryKey } from './get-bike.ts';
import { bikesQueryKey } from './get-bikes.ts';

/** DELETE /bikes/{bike_id}/ — 403 approval_required until the MitID/BankID approval is given. */
export function deleteBike(bikeId: string): Promise<void> {
  return api.delete(bikePath(bikeId));
}

export function useDeleteBike(bikeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteBike(bikeId),
    // The bike itself is forgotten by the page once it has moved on (see forgetBike): refetched
    // while still on screen it would answer 404 and replace the page with the 404 screen.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: bikesQueryKey, exact: true });
      void queryClient.invalidateQueries({ queryKey: creditsQueryKey });
    },
  });
}

/** After leaving a deleted bike's pages: drop what is cached of it. */
export function useForgetBike() {
  const queryClient = useQueryClient();
  return (bikeId: string) => queryClient.removeQueries({ queryKey: bikeQueryKey(bikeId), exact: true });
}
