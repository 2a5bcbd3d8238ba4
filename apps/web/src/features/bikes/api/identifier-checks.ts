import {
  type IdentifierCheckRequest,
  type IdentifierCheckResponse,
  IdentifierCheckResponseSchema,
} from '@nbr/domain/bikes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** POST /bikes/identifier-checks — valid / invalid / already used, and the soft frame-number check. */
export function checkIdentifiers(
  request: IdentifierCheckRequest,
  signal?: AbortSignal,
): Promise<IdentifierCheckResponse> {
  return api.post('/bikes/identifier-checks', request, { schema: IdentifierCheckResponseSchema, signal });
}

/** The live check while typing; `request` null (nothing worth checking yet) asks nothing. */
export function useIdentifierCheck(request: IdentifierCheckRequest | null) {
  return useQuery({
    queryKey: ['bikes', 'identifier-checks', request],
    queryFn: ({ signal }) => checkIdentifiers(request as IdentifierCheckRequest, signal),
    enabled: request !== null,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
    retry: false,
    // A failed live check is not a page error: the form's own submit says what is wrong.
    throwOnError: false,
    meta: { pageData: false },
  });
}
