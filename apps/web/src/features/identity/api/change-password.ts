import { AuthenticationResponseSchema } from '@nbr/domain/identity';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export interface ChangePasswordInput {
  current_password: string;
  new_password: string;
}

/** PUT /identities/me/password — ends every other session and answers a fresh token for this one. */
export function changePassword(input: ChangePasswordInput): Promise<string> {
  return api
    .put('/identities/me/password', input, { schema: AuthenticationResponseSchema })
    .then((answer) => answer.authentication_token);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
