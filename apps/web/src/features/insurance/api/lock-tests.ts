import {
  type LockTest,
  type LockTestAnswer,
  type LockTestDecision,
  LockTestListSchema,
  type LockTestRequest,
  LockTestSchema,
  type LockTestStatus,
} from '@nbr/domain/insurance-lock-tests';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/*
 * Lock tests (issue 16 §3): the insurer's list and request, one lock test, the holder's answer and
 * the insurer's decision. The same list call answers the insurer's staff with all of its lock
 * tests and anyone else with those of their own policies at that insurer.
 */

const lockTestsKey = ['lock-tests'] as const;

/** The page size of the lock-test portal's list. */
export const LOCK_TESTS_PAGE_SIZE = 25;

export function lockTestsQueryOptions(insurerPartyId: string, status?: LockTestStatus, page = 1) {
  const query = new URLSearchParams({ page: String(page), page_size: String(LOCK_TESTS_PAGE_SIZE) });
  if (status) query.set('status', status);
  return queryOptions({
    queryKey: [...lockTestsKey, 'insurer', insurerPartyId, status ?? 'all', page],
    queryFn: ({ signal }) =>
      api.get(`/insurance/${encodeURIComponent(insurerPartyId)}/lock-tests?${query}`, {
        schema: LockTestListSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useLockTests(insurerPartyId: string, status?: LockTestStatus, page = 1) {
  return useQuery(lockTestsQueryOptions(insurerPartyId, status, page));
}

export function lockTestQueryOptions(lockTestId: string) {
  return queryOptions({
    queryKey: [...lockTestsKey, 'one', lockTestId],
    queryFn: ({ signal }) =>
      api.get(`/insurance/lock-tests/${encodeURIComponent(lockTestId)}`, { schema: LockTestSchema, signal }),
  });
}

export function useLockTest(lockTestId: string) {
  return useQuery(lockTestQueryOptions(lockTestId));
}

function useSettled() {
  const queryClient = useQueryClient();
  return (lockTest: LockTest) => {
    queryClient.setQueryData(lockTestQueryOptions(lockTest.id).queryKey, lockTest);
    void queryClient.invalidateQueries({ queryKey: [...lockTestsKey, 'insurer'] });
  };
}

export function useRequestLockTest(insurerPartyId: string) {
  const settled = useSettled();
  return useMutation({
    mutationFn: (request: LockTestRequest) =>
      api.post(`/insurance/${encodeURIComponent(insurerPartyId)}/lock-tests`, request, {
        schema: LockTestSchema,
      }),
    onSuccess: settled,
  });
}

export function useAnswerLockTest(lockTestId: string) {
  const settled = useSettled();
  return useMutation({
    mutationFn: (answer: LockTestAnswer) =>
      api.put(`/insurance/lock-tests/${encodeURIComponent(lockTestId)}/answer`, answer, {
        schema: LockTestSchema,
      }),
    onSuccess: settled,
  });
}

export function useDecideLockTest(lockTestId: string) {
  const settled = useSettled();
  return useMutation({
    mutationFn: (decision: LockTestDecision) =>
      api.post(`/insurance/lock-tests/${encodeURIComponent(lockTestId)}/decision`, decision, {
        schema: LockTestSchema,
      }),
    onSuccess: settled,
  });
}
