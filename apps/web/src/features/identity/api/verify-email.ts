import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

export const EmailVerificationResultSchema = z.object({
  email: z.string(),
  email_verified: z.boolean(),
  /** Only when the link completed a sign-up: the new person's first session. */
  authentication_token: z.string().optional(),
});
export type EmailVerificationResult = z.infer<typeof EmailVerificationResultSchema>;

/** POST …/email-verifications/{code}/validate — works without a session (the link may open anywhere). */
export function verifyEmail(code: string): Promise<EmailVerificationResult> {
  return api.post(
    `/identities/authentications/email-verifications/${encodeURIComponent(code)}/validate`,
    undefined,
    {
      schema: EmailVerificationResultSchema,
    },
  );
}

/**
 * Validates a link's code once per page load. A code is single-use, so this is a query keyed by the
 * code rather than an effect: React StrictMode's double mount, re-renders and window focus must
 * not send it a second time (which would answer "already used").
 */
export function useEmailVerification(code: string) {
  return useQuery({
    queryKey: ['identities', 'email-verifications', code],
    queryFn: () => verifyEmail(code),
    enabled: code !== '',
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    refetchOnMount: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}
