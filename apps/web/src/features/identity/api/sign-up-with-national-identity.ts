import { type SignUpResponse, SignUpResponseSchema } from '@nbr/domain/identity';
import type { NationalSignUp } from '@nbr/domain/national-sign-in';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/**
 * POST /identities/national-sign-ups — answered alike whether the address has an account
 * (check_mailbox): the account is opened and signed in by the link mailed to the address.
 */
export function signUpWithNationalIdentity(payload: NationalSignUp): Promise<SignUpResponse> {
  return api.post('/identities/national-sign-ups', payload, { schema: SignUpResponseSchema, auth: false });
}

export function useSignUpWithNationalIdentity() {
  return useMutation({ mutationFn: signUpWithNationalIdentity });
}
