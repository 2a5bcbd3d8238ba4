import { type StaffVoucherBatch, StaffVoucherBatchListSchema } from '@nbr/domain/webshop';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const voucherBatchesQueryKey = ['backoffice', 'voucher-batches'] as const;

/** GET /backoffice/voucher-batches — admins: the batches with their codes and uses. */
export function listVoucherBatches(signal?: AbortSignal): Promise<StaffVoucherBatch[]> {
  return api.get('/backoffice/voucher-batches', { schema: StaffVoucherBatchListSchema, signal });
}

export const voucherBatchesQueryOptions = queryOptions({
  queryKey: voucherBatchesQueryKey,
  queryFn: ({ signal }) => listVoucherBatches(signal),
});

export function useVoucherBatches(options: { enabled: boolean }) {
  return useQuery({ ...voucherBatchesQueryOptions, enabled: options.enabled });
}
