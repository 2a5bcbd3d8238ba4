import type { GoogleLogin } from '@nbr/domain/google';
import { AuthenticationResponseSchema } from '@nbr/domain/identity';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** POST /identities/authentications/google — 404 google_account_not_found when no account has it. */
export function logInWithGoogle(payload: GoogleLogin): Promise<string> {
  return api
    .post('/identities/authentications/google', payload, {
      schema: AuthenticationResponseSchema,
      auth: false,
    })
    .then((answer) => answer.authentication_token);
}

export function useLogInWithGoogle() {
  return useMutation({ mutationFn: logInWithGoogle });
}
