import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/**
 * POST …/email-verifications — mails a new confirmation link to the signed-in user's unconfirmed
 * address, or to the new address waiting for confirmation.
 */
export function requestEmailVerification(): Promise<void> {
  return api.post<unknown>('/identities/authentications/email-verifications').then(() => {});
}

export function useRequestEmailVerification() {
  return useMutation({ mutationFn: requestEmailVerification });
}
