import { SwitchUserResponseSchema } from '@nbr/domain/backoffice';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** POST /identities/switch-user/{id} — staff continue as this person; answers the switched token. */
export function switchUser(identityPartyId: string): Promise<string> {
  return api
    .post(`/identities/switch-user/${encodeURIComponent(identityPartyId)}`, undefined, {
      schema: SwitchUserResponseSchema,
    })
    .then((answer) => answer.authentication_token);
}

export function useSwitchUser() {
  return useMutation({ mutationFn: switchUser });
}
