import { AuthenticationResponseSchema } from '@nbr/domain/identity';
import type { NationalSignUp } from '@nbr/domain/national-sign-in';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** POST /identities/national-sign-ups — 409 email_in_use when an account has the address. */
export function signUpWithNationalIdentity(payload: NationalSignUp): Promise<string> {
  return api
    .post('/identities/national-sign-ups', payload, { schema: AuthenticationResponseSchema, auth: false })
    .then((answer) => answer.authentication_token);
}

export function useSignUpWithNationalIdentity() {
  return useMutation({ mutationFn: signUpWithNationalIdentity });
}
