import { SwitchUserResponseSchema } from '@nbr/domain/backoffice';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** DELETE /identities/switch-user — ends the switch; answers a token of the staff member's own session. */
export function endSwitchUser(): Promise<string> {
  return api
    .delete('/identities/switch-user', undefined, { schema: SwitchUserResponseSchema })
    .then((answer) => answer.authentication_token);
}

export function useEndSwitchUser() {
  return useMutation({ mutationFn: endSwitchUser });
}
