import { AuthenticationResponseSchema } from '@nbr/domain/identity';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api-client.ts';
import { useSession } from '../../session.ts';

/**
 * PUT /identities/authentications/acting-party — act as the person (their own party id) or as an
 * organisation of theirs. Answers the session's new token; the old one no longer works.
 */
export function setActingParty(partyId: string): Promise<string> {
  return api
    .put(
      '/identities/authentications/acting-party',
      { party_id: partyId },
      { schema: AuthenticationResponseSchema },
    )
    .then((answer) => answer.authentication_token);
}

/** Switches the acting party and stores the new token; cached data of the old party is dropped. */
export function useSetActingParty() {
  const { replaceToken } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setActingParty,
    onSuccess: (token) => {
      replaceToken(token);
      void queryClient.invalidateQueries();
    },
  });
}
