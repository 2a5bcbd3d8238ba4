import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** POST …/password-resets — always answers 200, whether or not the address has an account. */
export function requestPasswordReset(email: string): Promise<void> {
  return api
    .post<unknown>('/identities/authentications/password-resets', { email }, { auth: false })
    .then(() => {});
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
