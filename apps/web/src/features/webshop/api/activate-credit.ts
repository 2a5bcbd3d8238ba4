import { type Credit, CreditSchema } from '@nbr/domain/credits';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bikesQueryKey } from '../../../lib/api/bikes/get-bikes.ts';
import { creditsQueryKey } from '../../../lib/api/webshop/get-credit-overview.ts';
import { api } from '../../../lib/api-client.ts';
import { IDEMPOTENCY_HEADER, withIdempotencyKey } from '../../../lib/idempotency.ts';

/** POST /webshop/bike-activations/{credit_id} — puts a free credit on a bike of the person that has none. */
export function activateCredit(input: { creditId: string; bikeOwnershipId: string }): Promise<Credit> {
  return withIdempotencyKey(`activate:${input.creditId}:${input.bikeOwnershipId}`, (key) =>
    api.post(
      `/webshop/bike-activations/${encodeURIComponent(input.creditId)}`,
      { bike_ownership_id: input.bikeOwnershipId },
      { schema: CreditSchema, headers: { [IDEMPOTENCY_HEADER]: key } },
    ),
  );
}

export function useActivateCredit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: activateCredit,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: creditsQueryKey });
      void queryClient.invalidateQueries({ queryKey: bikesQueryKey });
    },
  });
}
