import {
  type VerificationComplete,
  type VerificationCompleteResponse,
  VerificationCompleteResponseSchema,
} from '@nbr/domain/national-identity';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/**
 * POST /identities/verifications/complete/ — with the provider's code (or its error), or the autotest
 * skip. Answers a new session token carrying verified_on and birth_date.
 */
export function completeVerification(body: VerificationComplete): Promise<VerificationCompleteResponse> {
  return api.post('/identities/verifications/complete/', body, {
    schema: VerificationCompleteResponseSchema,
  });
}

/** A provider code works once: completed once per page load, never again on re-render or focus. */
export function useCompleteVerification(body: VerificationComplete | null) {
  return useQuery({
    queryKey: ['identities', 'verifications', 'complete', body],
    queryFn: () => completeVerification(body as VerificationComplete),
    enabled: body !== null,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    refetchOnMount: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    // An unknown or used link is answered on the page itself, never by the 404 page.
    throwOnError: false,
  });
}
