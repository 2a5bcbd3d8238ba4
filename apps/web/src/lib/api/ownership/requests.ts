import {
  type OwnershipRequest,
  type OwnershipRequestCreate,
  type OwnershipRequestCreated,
  OwnershipRequestCreatedSchema,
  OwnershipRequestListSchema,
  OwnershipRequestSchema,
  type Transfer,
  TransferSchema,
} from '@nbr/domain/ownership';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api-client.ts';
import { IDEMPOTENCY_HEADER, withIdempotencyKey } from '../../idempotency.ts';
import { transfersQueryKey } from './transfers.ts';

/*
 * Ownership requests (SPEC §4): someone who found a bike in the register asks its (anonymous) owner
 * for it; a chat holds the request. The owner offers a transfer or declines; the requester withdraws.
 */

export const requestsQueryKey = ['ownership-requests'] as const;

const requestPath = (requestId: string) => `/ownership-requests/${encodeURIComponent(requestId)}/`;

/** GET /ownership-requests/ — the caller's requests, made (outgoing) and received (incoming). */
export function getRequests(signal?: AbortSignal): Promise<OwnershipRequest[]> {
  return api.get('/ownership-requests/', { schema: OwnershipRequestListSchema, signal });
}

export const requestsQueryOptions = queryOptions({
  queryKey: requestsQueryKey,
  queryFn: ({ signal }) => getRequests(signal),
});

export function useOwnershipRequests() {
  return useQuery(requestsQueryOptions);
}

/** POST /ownership-requests/ — opens a chat with the bike's owner holding the message. */
export function createRequest(input: OwnershipRequestCreate): Promise<OwnershipRequestCreated> {
  return withIdempotencyKey(`request:${JSON.stringify(input)}`, (key) =>
    api.post('/ownership-requests/', input, {
      schema: OwnershipRequestCreatedSchema,
      headers: { [IDEMPOTENCY_HEADER]: key },
    }),
  );
}

export type RequestActionInput = { requestId: string };

function requestAction(action: 'decline' | 'withdraw') {
  return ({ requestId }: RequestActionInput): Promise<OwnershipRequest> =>
    withIdempotencyKey(`${action}:${requestId}`, (key) =>
      api.post(
        `${requestPath(requestId)}${action}`,
        {},
        { schema: OwnershipRequestSchema, headers: { [IDEMPOTENCY_HEADER]: key } },
      ),
    );
}

/**
 * POST /ownership-requests/{id}/offer — the owner starts a transfer to the requester. The answer is
 * the transfer the offer made (not the request): reading it as a request failed the parse after the
 * offer had been made, so the owner saw "the server did not respond correctly" and no refresh.
 */
export function offerRequest({ requestId }: RequestActionInput): Promise<Transfer> {
  return withIdempotencyKey(`offer:${requestId}`, (key) =>
    api.post(
      `${requestPath(requestId)}offer`,
      {},
      { schema: TransferSchema, headers: { [IDEMPOTENCY_HEADER]: key } },
    ),
  );
}
/** POST /ownership-requests/{id}/decline — the owner says no. */
export const declineRequest = requestAction('decline');
/** POST /ownership-requests/{id}/withdraw — the requester takes the request back. */
export const withdrawRequest = requestAction('withdraw');

function useRequestSettled() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: requestsQueryKey, exact: true });
    void queryClient.invalidateQueries({ queryKey: transfersQueryKey });
    void queryClient.invalidateQueries({ queryKey: ['chats'] });
  };
}

export function useCreateRequest() {
  const settled = useRequestSettled();
  return useMutation({ mutationFn: createRequest, onSuccess: settled });
}

export function useOfferRequest() {
  const settled = useRequestSettled();
  return useMutation({ mutationFn: offerRequest, onSuccess: settled });
}

export function useDeclineRequest() {
  const settled = useRequestSettled();
  return useMutation({ mutationFn: declineRequest, onSuccess: settled });
}

export function useWithdrawRequest() {
  const settled = useRequestSettled();
  return useMutation({ mutationFn: withdrawRequest, onSuccess: settled });
}
