import type { VerificationStart } from '@nbr/domain/national-identity';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

/**
 * Read loosely: SPEC §8 has the client say 'no authorisation url was returned' when the answer lacks
 * one, so a missing URL is a state to show, not a parse error.
 */
const StartAnswerSchema = z.object({
  verification_url: z.string().nullish(),
  session_id: z.string().nullish(),
});

/** POST /identities/verifications/ — a pending MitID/BankID check and the provider URL to go to. */
export function startVerification(body: VerificationStart): Promise<z.infer<typeof StartAnswerSchema>> {
  return api.post('/identities/verifications/', body, { schema: StartAnswerSchema });
}

/**
 * Starts a check once per page visit: a query rather than an effect, so a re-render or React
 * StrictMode's double mount never starts a second session. `attempt` starts a new one on "try again".
 */
export function useStartVerification(body: VerificationStart | null, attempt: number) {
  return useQuery({
    queryKey: ['identities', 'verifications', 'start', body, attempt],
    queryFn: () => startVerification(body as VerificationStart),
    enabled: body !== null,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnMount: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}
