import { AuthenticationResponseSchema, type SignUp } from '@nbr/domain/identity';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** POST /identities/ — creates the account (accepting privacy and terms) and answers its session token. */
export function signUp(payload: SignUp): Promise<string> {
  return api
    .post('/identities/', payload, { schema: AuthenticationResponseSchema, auth: false })
    .then((answer) => answer.authentication_token);
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
