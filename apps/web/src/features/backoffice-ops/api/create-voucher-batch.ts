import { type VoucherBatchCreate, VoucherBatchSchema } from '@nbr/domain/webshop';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { voucherBatchesQueryKey } from './list-voucher-batches.ts';

/** POST /webshop/voucher-batches — admins make codes; the answer holds them in clear this once. */
export function createVoucherBatch(input: VoucherBatchCreate) {
  return api.post('/webshop/voucher-batches', input, { schema: VoucherBatchSchema });
}

export function useCreateVoucherBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createVoucherBatch,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: voucherBatchesQueryKey }),
  });
}
