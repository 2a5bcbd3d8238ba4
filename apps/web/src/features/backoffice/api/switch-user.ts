import { SwitchUserResponseSchema } from '@nbr/domain/backoffice';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** POST /identities/switch-user/{id} — staff continue as this person, for a reason; answers the switched token. */
export function switchUser(input: { identityPartyId: string; reason: string }): Promise<string> {
  return api
    .post(
      `/identities/switch-user/${encodeURIComponent(input.identityPartyId)}`,
      { reason: input.reason },
      { schema: SwitchUserResponseSchema },
    )
    .then((answer) => answer.authentication_token);
}

export function useSwitchUser() {
  return useMutation({ mutationFn: switchUser });
}
