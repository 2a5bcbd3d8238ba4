import { VoucherRedemptionResultSchema } from '@nbr/domain/webshop';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { bikesQueryKey } from '../../../lib/api/bikes/get-bikes.ts';
import { creditsQueryKey } from '../../../lib/api/webshop/get-credit-overview.ts';
import { api } from '../../../lib/api-client.ts';
import { IDEMPOTENCY_HEADER, withIdempotencyKey } from '../../../lib/idempotency.ts';
import { ordersQueryKey } from './get-orders.ts';

export type VoucherRedemptionResult = z.infer<typeof VoucherRedemptionResultSchema>;

/**
 * POST /webshop/vouchers/redemptions — a voucher's registration (or subscription) at once, without
 * a card; with a bike, its credit goes straight onto that bike.
 */
export function redeemVoucher(input: { code: string; bike_id?: string }): Promise<VoucherRedemptionResult> {
  return withIdempotencyKey(`voucher:${JSON.stringify(input)}`, (key) =>
    api.post('/webshop/vouchers/redemptions', input, {
      schema: VoucherRedemptionResultSchema,
      headers: { [IDEMPOTENCY_HEADER]: key },
    }),
  );
}

export function useRedeemVoucher() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: redeemVoucher,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: creditsQueryKey });
      void queryClient.invalidateQueries({ queryKey: ordersQueryKey });
      void queryClient.invalidateQueries({ queryKey: bikesQueryKey });
    },
  });
}
