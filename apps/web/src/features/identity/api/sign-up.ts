import { type SignUp, type SignUpResponse, SignUpResponseSchema } from '@nbr/domain/identity';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/**
 * POST /identities/ — answered alike whether the address has an account (check_mailbox): a new
 * account is signed in by the link mailed to it, a taken address gets a notice instead.
 */
export function signUp(payload: SignUp): Promise<SignUpResponse> {
  return api.post('/identities/', payload, { schema: SignUpResponseSchema, auth: false });
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
