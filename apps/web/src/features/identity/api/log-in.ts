import { AuthenticationResponseSchema, type Login } from '@nbr/domain/identity';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** POST /identities/authentications — answers the session token. */
export function logIn(credentials: Login): Promise<string> {
  return api
    .post('/identities/authentications', credentials, { schema: AuthenticationResponseSchema, auth: false })
    .then((answer) => answer.authentication_token);
}

export function useLogIn() {
  return useMutation({ mutationFn: logIn });
}
