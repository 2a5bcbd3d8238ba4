import {
  type Transfer,
  type TransferCreate,
  TransferCreatedSchema,
  TransferListSchema,
  TransferSchema,
} from '@nbr/domain/ownership';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../api-client.ts';
import { IDEMPOTENCY_HEADER, withIdempotencyKey } from '../../idempotency.ts';
import { bikeQueryKey } from '../bikes/get-bike.ts';
import { bikesQueryKey } from '../bikes/get-bikes.ts';

/*
 * Ownership transfers (SPEC §4): the owner offers a bike to an e-mail address; the recipient accepts
 * or rejects; the sender cancels while it is pending. Every write that moves ownership sends an
 * Idempotency-Key (one per user action, kept across retries of that action).
 */

export const transfersQueryKey = ['ownership-transfers'] as const;
export const transferQueryKey = (transferId: string) => [...transfersQueryKey, transferId] as const;

const transferPath = (transferId: string) => `/ownership-transfers/${encodeURIComponent(transferId)}/`;

/** GET /ownership-transfers/ — the caller's transfers, outgoing and incoming. */
export function getTransfers(signal?: AbortSignal): Promise<Transfer[]> {
  return api.get('/ownership-transfers/', { schema: TransferListSchema, signal });
}

export const transfersQueryOptions = queryOptions({
  queryKey: transfersQueryKey,
  queryFn: ({ signal }) => getTransfers(signal),
});

export function useTransfers(options: { enabled?: boolean } = {}) {
  return useQuery({ ...transfersQueryOptions, enabled: options.enabled ?? true });
}

/** GET /ownership-transfers/{id}/ — one transfer of the caller; another's answers 404. */
export function getTransfer(transferId: string, signal?: AbortSignal): Promise<Transfer> {
  return api.get(transferPath(transferId), { schema: TransferSchema, signal });
}

export function transferQueryOptions(transferId: string) {
  return queryOptions({
    queryKey: transferQueryKey(transferId),
    queryFn: ({ signal }) => getTransfer(transferId, signal),
  });
}

export function useTransfer(transferId: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...transferQueryOptions(transferId), enabled: options.enabled ?? true });
}

/** POST /ownership-transfers/ — offers the bike to the address (typed twice). */
export function createTransfer(input: TransferCreate): Promise<Transfer> {
  return withIdempotencyKey(`create:${JSON.stringify(input)}`, (key) =>
    api.post('/ownership-transfers/', input, {
      schema: TransferCreatedSchema,
      headers: { [IDEMPOTENCY_HEADER]: key },
    }),
  );
}

export type TransferActionInput = { transferId: string; code?: string };

/** POST /ownership-transfers/{id}/accept — permanent: the bike moves to the caller. */
export function acceptTransfer({ transferId, code }: TransferActionInput): Promise<Transfer> {
  const body = code ? { code } : {};
  return withIdempotencyKey(`accept:${transferId}:${JSON.stringify(body)}`, (key) =>
    api.post(`${transferPath(transferId)}accept`, body, {
      schema: TransferSchema,
      headers: { [IDEMPOTENCY_HEADER]: key },
    }),
  );
}

/** POST /ownership-transfers/{id}/reject — the recipient says no. */
export function rejectTransfer({ transferId }: TransferActionInput): Promise<Transfer> {
  return withIdempotencyKey(`reject:${transferId}`, (key) =>
    api.post(
      `${transferPath(transferId)}reject`,
      {},
      { schema: TransferSchema, headers: { [IDEMPOTENCY_HEADER]: key } },
    ),
  );
}

/** POST /ownership-transfers/{id}/cancel — the sender withdraws a pending offer. */
export function cancelTransfer({ transferId }: TransferActionInput): Promise<Transfer> {
  return withIdempotencyKey(`cancel:${transferId}`, (key) =>
    api.post(
      `${transferPath(transferId)}cancel`,
      {},
      { schema: TransferSchema, headers: { [IDEMPOTENCY_HEADER]: key } },
    ),
  );
}

/** POST /ownership-transfers/claim — binds the offers of a mailed link to the signed-in account. */
export function claimTransfers(code: string): Promise<Transfer[]> {
  return api.post('/ownership-transfers/claim', { code }, { schema: ClaimAnswerSchema });
}

/** The claim answers the offers it bound (a list; one offer alone is accepted too). */
const ClaimAnswerSchema = z.union([TransferListSchema, TransferSchema.transform((transfer) => [transfer])]);

/** After any transfer changed: the transfer itself, the lists, and the bike's pages (owner, state). */
function useTransferSettled() {
  const queryClient = useQueryClient();
  return (transfer: Transfer) => {
    queryClient.setQueryData(transferQueryKey(transfer.transfer_id), transfer);
    void queryClient.invalidateQueries({ queryKey: transfersQueryKey, exact: true });
    void queryClient.invalidateQueries({ queryKey: ['ownership-requests'] });
    void queryClient.invalidateQueries({ queryKey: bikesQueryKey, exact: true });
    void queryClient.invalidateQueries({ queryKey: bikeQueryKey(transfer.bike.bike_id) });
    void queryClient.invalidateQueries({ queryKey: ['chats'] });
  };
}

export function useCreateTransfer() {
  const settled = useTransferSettled();
  return useMutation({ mutationFn: createTransfer, onSuccess: settled });
}

export function useAcceptTransfer() {
  const settled = useTransferSettled();
  return useMutation({ mutationFn: acceptTransfer, onSuccess: settled });
}

export function useRejectTransfer() {
  const settled = useTransferSettled();
  return useMutation({ mutationFn: rejectTransfer, onSuccess: settled });
}

export function useCancelTransfer() {
  const settled = useTransferSettled();
  return useMutation({ mutationFn: cancelTransfer, onSuccess: settled });
}

export function useClaimTransfers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: claimTransfers,
    onSuccess: (transfers) => {
      for (const transfer of transfers)
        queryClient.setQueryData(transferQueryKey(transfer.transfer_id), transfer);
      void queryClient.invalidateQueries({ queryKey: transfersQueryKey, exact: true });
      void queryClient.invalidateQueries({ queryKey: ['chats'] });
    },
  });
}
