import {
  type Bike,
  type BikeCreate,
  BikeListSchema,
  BikeSchema,
  type BikeSummary,
  type BikeUpdate,
} from '@nbr/domain/bikes';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api-client.ts';
import { creditsQueryKey } from '../webshop/get-credit-overview.ts';

export const bikesQueryKey = ['bikes'] as const;
export const bikeQueryKey = (bikeId: string) => [...bikesQueryKey, bikeId] as const;

const bikePath = (bikeId: string) => `/bikes/${encodeURIComponent(bikeId)}/`;

/** GET /bikes/ — the acting party's bikes, newest first. */
export function getBikes(signal?: AbortSignal): Promise<BikeSummary[]> {
  return api.get('/bikes/', { schema: BikeListSchema, signal });
}

export const bikesQueryOptions = queryOptions({
  queryKey: bikesQueryKey,
  queryFn: ({ signal }) => getBikes(signal),
});

export function useBikes() {
  return useQuery(bikesQueryOptions);
}

/** GET /bikes/{bike_id}/ — one bike as its owner sees it; someone else's answers 404 (the 404 page). */
export function getBike(bikeId: string, signal?: AbortSignal): Promise<Bike> {
  return api.get(bikePath(bikeId), { schema: BikeSchema, signal });
}

export function bikeQueryOptions(bikeId: string) {
  return queryOptions({ queryKey: bikeQueryKey(bikeId), queryFn: ({ signal }) => getBike(bikeId, signal) });
}

export function useBike(bikeId: string) {
  return useQuery(bikeQueryOptions(bikeId));
}

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
