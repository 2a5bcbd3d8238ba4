import { useBike } from '../../../lib/api/bikes/get-bike.ts';
import { useCredits } from '../api/get-credits.ts';

/**
 * A bike of the person and its registration: the credit on it (if any) and the person's free
 * credits, for the bike's purchase pages.
 */
export function useBikeCredit(bikeId: string) {
  const bike = useBike(bikeId);
  const credits = useCredits();
  const creditOnBike = credits.data?.find((credit) => credit.bike_id === bikeId) ?? null;
  const freeCredits = credits.data?.filter((credit) => credit.bike_ownership_id === null) ?? [];
  return {
    bike,
    credits,
    creditOnBike,
    freeCredits,
    isLoading: !bike.data || !credits.data,
    error:
      (bike.isError && !bike.data ? bike.error : null) ??
      (credits.isError && !credits.data ? credits.error : null),
    retry: () => {
      void bike.refetch();
      void credits.refetch();
    },
  };
}
