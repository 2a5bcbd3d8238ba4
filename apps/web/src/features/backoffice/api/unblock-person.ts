import { type PersonProfile, PersonProfileSchema } from '@nbr/domain/backoffice-people';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { personQueryKey } from './get-person.ts';

/** POST /backoffice/identities/{id}/unblock — the person may sign in again (admins). */
export function unblockPerson(partyId: string, reason: string): Promise<PersonProfile> {
  return api.post(
    `/backoffice/identities/${encodeURIComponent(partyId)}/unblock`,
    { reason },
    {
      schema: PersonProfileSchema,
    },
  );
}

export function useUnblockPerson(partyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => unblockPerson(partyId, reason),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: personQueryKey(partyId) }),
  });
}
