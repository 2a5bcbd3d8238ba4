import { type Payout, PayoutSchema } from '@nbr/domain/insurance-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { withIdempotencyKey } from '../../../lib/idempotency.ts';

/**
 * POST /insurance/{insurer}/admin/policies/{policyId}/bikes/{bikeId}/payout — the claim paid; the
 * registration moves to the insurer when the owner acknowledged it. Sent with an Idempotency-Key.
 */
export function payClaim(
  insurerPartyId: string,
  target: { policyId: string; bikeId: string },
  amountMinor: number,
  idempotencyKey: string,
): Promise<Payout> {
  const path = [insurerPartyId, 'admin', 'policies', target.policyId, 'bikes', target.bikeId]
    .map(encodeURIComponent)
    .join('/');
  return api.post(
    `/insurance/${path}/payout`,
    { amount_minor: amountMinor },
    { schema: PayoutSchema, headers: { 'Idempotency-Key': idempotencyKey } },
  );
}

export function usePayClaim(insurerPartyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      policyId,
      bikeId,
      amountMinor,
    }: {
      policyId: string;
      bikeId: string;
      amountMinor: number;
    }) =>
      withIdempotencyKey(`insurer-payout:${policyId}:${bikeId}`, (key) =>
        payClaim(insurerPartyId, { policyId, bikeId }, amountMinor, key),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['insurer-admin'] }),
  });
}
